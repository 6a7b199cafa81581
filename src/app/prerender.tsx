/**
 * The build's prerender (Node, after `vite build`; vite.prerender.ts runs it): the app rendered
 * to HTML at a few addresses, so that their first paint needs no JavaScript, with the CSS that
 * styled-components collected on the way. main.tsx hydrates that HTML when the head's boot
 * script says it is right for the visitor (boot.ts).
 *
 * Rendered with no network and no user data: an API client that never calls and the session kept
 * in memory (a placeholder one for the signed-in shell, never drawn: AppShell draws no user while
 * hydrating). The same HTML serves both schemes: its CSS defines the colours of each, and the
 * head's boot script picks one with `data-theme` before the first paint (theme.ts).
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { ServerStyleSheet } from 'styled-components';
import { createApiClient } from '../api/client';
import type { User } from '../api/types';
import { AUTH_STORAGE_KEYS, type StorageLike } from '../machines';
import { documentTitle, GUEST_LOGIN_FILE, PAGE_TITLES, PATHS } from '../paths';
import { App } from './App';
import type { PrerenderedPage } from './boot';
import { createMurmur, DEMO_ASSUMED } from './murmur';

/** A page to prerender: where, for whom, and the file a static host serves for it. */
export interface PagePlan extends PrerenderedPage {
  /** The HTML file, relative to the build's folder: `index.html`, `signup-page/index.html`. */
  file: string;
  /** The document title the page sets once it runs, written into the HTML from the start. */
  title: string;
  /**
   * Rendered assuming the guest account (so the login page draws 'Add Guest Credentials'): what
   * the build assumes, and in the server's build a second login page that assumes it
   * (GUEST_LOGIN_FILE), which a server that has the guest account serves instead.
   */
  guest: boolean;
}

const fileOf = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);

/**
 * Login (also the static host's fallback for every other path: the boot script sees that the
 * path differs and renders fresh), sign-up, and the signed-in shell at each page of the
 * navigation (its main region loading, no user data). The server's build adds the login page
 * offering the guest (see `guest`).
 */
const LOGIN_PLAN = { path: PATHS.login, signedIn: false, title: documentTitle(PAGE_TITLES.login) };
export const PAGE_PLANS: readonly PagePlan[] = [
  LOGIN_PLAN,
  { path: PATHS.signup, signedIn: false, title: documentTitle(PAGE_TITLES.signup) },
  { path: PATHS.home, signedIn: true, title: documentTitle(PAGE_TITLES.home) },
  { path: PATHS.explore, signedIn: true, title: documentTitle(PAGE_TITLES.explore) },
  { path: PATHS.bookmarks, signedIn: true, title: documentTitle(PAGE_TITLES.bookmarks) },
  // The profile page names itself after the user, whom the prerender does not know.
  { path: PATHS.profile, signedIn: true, title: 'Murmur' },
]
  .map((plan) => ({ ...plan, file: fileOf(plan.path), guest: DEMO_ASSUMED.guest }))
  .concat(
    import.meta.env.MURMUR_SERVER_BUILD && !DEMO_ASSUMED.guest
      ? [{ ...LOGIN_PLAN, file: GUEST_LOGIN_FILE, guest: true }]
      : [],
  );

/** Storage in memory with these entries: the prerender touches no real storage. */
function memoryStorage(entries: Record<string, string>): StorageLike {
  const values = new Map(Object.entries(entries));
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/** A nameless user: enough for the route guards and the machines, never drawn (see AppShell). */
const PLACEHOLDER_USER: User = {
  _id: 'prerender',
  firstName: '',
  lastName: '',
  username: '',
  profile: '',
  bio: '',
  link: '',
  createdAt: '1970-01-01T00:00:00+00:00',
  updatedAt: '1970-01-01T00:00:00+00:00',
  followers: [],
  following: [],
  bookmarks: [],
};
const PLACEHOLDER_SESSION = {
  [AUTH_STORAGE_KEYS.token]: 'prerender',
  [AUTH_STORAGE_KEYS.user]: JSON.stringify(PLACEHOLDER_USER),
};

export interface RenderedPage {
  /** The markup that goes inside `<div id="root">`. */
  html: string;
  /** styled-components' `<style data-styled>` tag(s) for that markup, for the head. */
  styleTags: string;
}

/**
 * Renders the app at `plan.path` (under `base`, the build's BASE_URL) and waits for every lazy
 * screen on the way (`react-dom/static`), as the browser's first render will meet it.
 */
export async function renderPage(plan: PagePlan): Promise<RenderedPage> {
  const murmur = createMurmur({
    demoAssumed: { ...DEMO_ASSUMED, guest: plan.guest },
    // No call gets through: each waits forever. Only the demo machine asks at start (whether the
    // guest and the reset exist), so the page shows what the build assumes (murmur.ts).
    api: createApiClient({ ready: () => new Promise(() => undefined) }),
    storage: memoryStorage(plan.signedIn ? PLACEHOLDER_SESSION : {}),
  });
  const sheet = new ServerStyleSheet();
  try {
    const location = `${import.meta.env.BASE_URL}${plan.path.slice(1)}`;
    const { prelude } = await prerender(
      sheet.collectStyles(
        <StrictMode>
          <App murmur={murmur} serverLocation={location} />
        </StrictMode>,
      ),
    );
    const html = await new Response(prelude).text();
    return { html, styleTags: sheet.getStyleTags() };
  } finally {
    sheet.seal();
    murmur.stop();
  }
}
