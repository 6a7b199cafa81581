import { StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { ThemeProvider } from 'styled-components';
import { createApiClient } from '../api/client';
import '../components/ui/font';
import './fonts.css';
import { GlobalStyle } from '../components/ui/GlobalStyle';
import { theme } from '../components/ui/theme';
import { AUTH_STORAGE_KEYS, NO_DEMO } from '../machines';
import { GUEST_OFFERED_ATTRIBUTE } from '../paths';
import { App } from './App';
import { PRERENDERED_META } from './boot';
import { takePressedBeforeApp } from './hydration';
import { createMurmur, type Murmur } from './murmur';
import { createTabChannel } from './tabs';

// The mock API (MSW, jose, the seed, the service) is its own chunk, the largest: about 175 KB
// gzipped, more than everything else the login page loads. A signed-out page needs nothing from
// it until the person acts (the demo machine's question at start can wait: the page shows what
// it assumes until the answer comes), so there it loads at their first key press, touch or
// focus, well before they can send a form, or when another tab changes the stored data (a login
// there signs this tab in, and its page then reads data). A signed-in visitor's page reads its
// data at once, so there it loads with the first call. The API client waits for it before every call. The app
// built for the Node server (`MURMUR_SERVER_BUILD`, a build-time literal: src/app/buildMode.ts)
// never refers to it, so there the chunk is not even emitted.
let mockApi: Promise<unknown> | null = null;
function startMock(): Promise<unknown> {
  if (mockApi === null) {
    mockApi = import('../mocks/browser').then(({ startMockApi }) => startMockApi());
    mockApi.catch(showMockUnavailable);
  }
  return mockApi;
}

/**
 * Resolves at the person's first key press, pointer press or focus anywhere in the page, or when
 * another tab writes to the storage this one reads.
 */
function firstInteraction(): Promise<void> {
  return new Promise((resolve) => {
    const events = ['pointerdown', 'keydown', 'focusin', 'touchstart', 'storage'] as const;
    const done = () => {
      for (const type of events) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of events) window.addEventListener(type, done, true);
  });
}

/** A session is stored: the auth machine restores it, and the page asks for data at once. */
function sessionStored(): boolean {
  try {
    return Boolean(localStorage.getItem(AUTH_STORAGE_KEYS.token));
  } catch {
    return false;
  }
}

/** The person already acted before this script ran: a field of the prerendered form has focus. */
const actedBeforeStart = () =>
  document.activeElement !== null && document.activeElement !== document.body;

/**
 * The page was loaded again: by the person, or by the mock itself, which reloads the page once
 * when its worker did not start (src/mocks/browser.ts). Either way the mock starts at once, so a
 * worker that fails again is told at once, not at a next key press that may never come.
 */
function reloaded(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.type === 'reload';
}

const mockWanted: Promise<void> =
  sessionStored() || actedBeforeStart() || reloaded() ? Promise.resolve() : firstInteraction();
const mockReady = () => mockWanted.then(startMock);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * Hands the main thread back to the browser for a moment, so that the boot's steps (the modules,
 * the machines, the hydration) run as tasks of their own, none long enough to hold up a key press
 * or a paint on a slow phone. The prerendered page is on screen and usable meanwhile (presses
 * made before the app are replayed: boot.ts).
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app built for the Node server offers the guest account from the start when its page was
 * drawn offering it: a server that has the guest serves that page (GUEST_LOGIN_FILE), so the
 * first render equals its markup and nothing moves when `GET /api/demo` agrees. The mock's build
 * assumes the whole demo (murmur.ts).
 */
function serverPageOffersGuest(): boolean {
  const meta = document.querySelector(`meta[name="${PRERENDERED_META}"]`);
  return meta?.hasAttribute(GUEST_OFFERED_ATTRIBUTE) ?? false;
}

/** The machines started and the page attached to them: what the mock's failure screen replaces. */
async function boot(element: HTMLElement): Promise<{ murmur: Murmur; root: Root }> {
  await yieldToBrowser();
  const tabs = createTabChannel();
  const murmur = createMurmur({
    api: createApiClient({
      baseUrl: `${import.meta.env.BASE_URL}api`,
      ready: import.meta.env.MURMUR_SERVER_BUILD ? undefined : mockReady,
      onChanged: tabs.announceChange,
    }),
    tabs,
    ...(import.meta.env.MURMUR_SERVER_BUILD
      ? { demoAssumed: { ...NO_DEMO, guest: serverPageOffersGuest() } }
      : {}),
  });
  const app = (
    <StrictMode>
      <App murmur={murmur} />
    </StrictMode>
  );
  await yieldToBrowser();
  return { murmur, root: start(element, app) };
}
const booted = boot(container);

/**
 * The build prerendered this page's HTML (prerender.tsx), and the head's boot script decided
 * whether it is right for this visitor (boot.ts): `hydrate` keeps it and attaches the app to it;
 * otherwise (another path served the same file, another signed-in state, the dev server's empty
 * page) the markup, hidden since the first paint, goes, and the app renders fresh.
 */
function start(element: HTMLElement, app: ReactNode): Root {
  const boot = document.documentElement;
  if (boot.dataset.boot === 'hydrate' && element.firstChild) {
    takePressedBeforeApp();
    return hydrateRoot(element, app, {
      onRecoverableError: (error) => console.error('Hydration:', error),
    });
  }
  // The prerender's rules stay: styled-components took them over when it loaded, and the fresh
  // render's rules are the same ones (one theme for both schemes), added where missing.
  element.replaceChildren();
  takePressedBeforeApp();
  delete boot.dataset.boot;
  const fresh = createRoot(element);
  fresh.render(app);
  return fresh;
}

// Loaded when wanted (see above), whether or not a call comes.
// A failure is shown by `showMockUnavailable`; this promise has nothing more to say.
if (!import.meta.env.MURMUR_SERVER_BUILD) {
  void booted.then(() => mockReady().catch(() => undefined));
}

async function showMockUnavailable(error: unknown) {
  console.error('The mock API could not start:', error);
  const { murmur, root } = await booted;
  murmur.stop();
  const { MockUnavailableScreen } = await import('../components/screens/MockUnavailableScreen');
  root.render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <MockUnavailableScreen detail={error instanceof Error ? error.message : String(error)} />
      </ThemeProvider>
    </StrictMode>,
  );
}
