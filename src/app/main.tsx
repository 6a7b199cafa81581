import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { ThemeProvider } from 'styled-components';
import { createApiClient } from '../api/client';
import '../components/ui/font';
import { GlobalStyle } from '../components/ui/GlobalStyle';
import { theme } from '../components/ui/theme';
import { App } from './App';
import { createMurmur } from './murmur';
import { createTabChannel } from './tabs';

// The mock API (MSW, jose, the seed, the service) is its own chunk, the largest. It loads once
// the first screen is painted, or earlier when the first API call needs it, so it never competes
// with the first paint; the API client waits for it before its first call. The app built for the
// Node server (`MURMUR_SERVER_BUILD`, a build-time literal: src/app/buildMode.ts) never refers
// to it, so there the chunk is not even emitted.
let mockApi: Promise<unknown> | null = null;
function startMock(): Promise<unknown> {
  if (mockApi === null) {
    mockApi = import('../mocks/browser').then(({ startMockApi }) => startMockApi());
    mockApi.catch(showMockUnavailable);
  }
  return mockApi;
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const tabs = createTabChannel();
const murmur = createMurmur({
  api: createApiClient({
    baseUrl: `${import.meta.env.BASE_URL}api`,
    ready: import.meta.env.MURMUR_SERVER_BUILD ? undefined : startMock,
    onChanged: tabs.announceChange,
  }),
  tabs,
  otherDevices: import.meta.env.MURMUR_SERVER_BUILD === true,
});

const app = (
  <StrictMode>
    <App murmur={murmur} />
  </StrictMode>
);
const root = start(container);

/**
 * The build prerendered this page's HTML (prerender.tsx), and the head's boot script decided
 * whether it is right for this visitor (boot.ts): `hydrate` keeps it and attaches the app to it;
 * otherwise (another path served the same file, another signed-in state, the dev server's empty
 * page) the markup, hidden since the first paint, goes, and the app renders fresh.
 */
function start(element: HTMLElement): Root {
  const boot = document.documentElement;
  if (boot.dataset.boot === 'hydrate' && element.firstChild) {
    return hydrateRoot(element, app, {
      onRecoverableError: (error) => console.error('Hydration:', error),
    });
  }
  // The prerender's rules stay: styled-components took them over when it loaded, and the fresh
  // render's rules are the same ones (one theme for both schemes), added where missing.
  element.replaceChildren();
  delete boot.dataset.boot;
  const fresh = createRoot(element);
  fresh.render(app);
  return fresh;
}

// After the first paint: the next frame, then a task, so the paint is not held up.
if (!import.meta.env.MURMUR_SERVER_BUILD) {
  requestAnimationFrame(() => setTimeout(() => void startMock(), 0));
}

async function showMockUnavailable(error: unknown) {
  console.error('The mock API could not start:', error);
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
