/**
 * index.html's first-paint script: the stored choice or the device's scheme, before the app; on
 * a prerendered page, whether its markup is hydrated (`data-boot`).
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { PRESSED_BEFORE_APP } from '../../../src/app/boot';
import { themeBootScript } from '../../../src/app/themeBoot';
import { APPEARANCE_STORAGE_KEY, AUTH_STORAGE_KEYS } from '../../../src/machines';

/** An element the script made and added to the head: a module preload or a module script. */
interface Added {
  tag: string;
  rel?: string;
  href?: string;
  type?: string;
  src?: string;
  attributes: Record<string, string>;
}

/** What the script left to run later: after a frame, a task, a timer, or the document's parse. */
interface Later {
  kind: 'frame' | 'task' | 'timer' | 'parsed';
  run: () => void;
}

interface Root {
  /** What the script added to the head (the app's scripts). */
  added: Added[];
  /** Callbacks it scheduled, not yet run. */
  later: Later[];
  /** Resolves `document.fonts.ready`. */
  fontsLoaded: () => void;
  /** Runs (and forgets) the scheduled callbacks of these kinds, and the ones they schedule. */
  runLater: (...kinds: Later['kind'][]) => Promise<void>;
  /** The document is parsed: `readyState` says so, and its DOMContentLoaded listeners run. */
  parsed: () => Promise<void>;
  attributes: Record<string, string>;
  setAttribute: (name: string, value: string) => void;
  /** The listeners the script added to the window. */
  listeners: Array<{ type: string; listener: (event: SubmitLike & ClickLike) => void }>;
  /** The stand-in window, with what the script set on it. */
  window: Record<string, unknown>;
}

/** The part of a click event the script reads. */
interface ClickLike {
  target: { closest?: (selector: string) => unknown } | null;
}

/** The part of a submit event the script reads and calls. */
interface SubmitLike {
  defaultPrevented: boolean;
  preventDefault: () => void;
}

interface Page {
  /** The `<meta name="murmur-prerendered">`, or null: not a prerendered file. */
  meta: { content: string; session: 'signed-in' | 'signed-out' } | null;
  /** The `<meta name="murmur-scripts">`: the entry and the modules it imports. */
  scripts?: { entry: string; preload?: string; mock?: string };
  pathname: string;
  base?: string;
  /** What localStorage holds besides the theme choice. */
  session?: Record<string, string>;
  historyState?: unknown;
}

const GUEST_SESSION = {
  [AUTH_STORAGE_KEYS.token]: 'token',
  [AUTH_STORAGE_KEYS.user]: JSON.stringify({ _id: 'u1', username: 'guest' }),
};

/** Runs the script against a stand-in window; returns what it did to `<html>`. */
function boot(
  stored: 'light' | 'dark' | 'system' | null | 'throws',
  deviceDark: boolean | 'none',
  page: Page = { meta: null, pathname: '/' },
): Root {
  let fontsLoaded: () => void = () => undefined;
  const fontsReady = new Promise<void>((resolve) => {
    fontsLoaded = resolve;
  });
  const root: Root = {
    added: [],
    later: [],
    fontsLoaded: () => fontsLoaded(),
    async runLater(...kinds) {
      for (;;) {
        // Let promise callbacks (fonts.ready's) run first.
        await new Promise((resolve) => globalThis.setTimeout(resolve, 0));
        const due = this.later.filter((item) => kinds.includes(item.kind));
        if (due.length === 0) return;
        this.later = this.later.filter((item) => !due.includes(item));
        for (const item of due) item.run();
      }
    },
    async parsed() {
      document.readyState = 'complete';
      await this.runLater('parsed');
    },
    listeners: [],
    window: {},
    attributes: {},
    setAttribute(name, value) {
      this.attributes[name] = value;
    },
  };
  const localStorage = {
    getItem: (key: string) => {
      if (stored === 'throws') throw new Error('denied');
      if (key === APPEARANCE_STORAGE_KEY) return stored;
      return page.session?.[key] ?? null;
    },
  };
  const meta = page.meta;
  const matchMedia =
    deviceDark === 'none'
      ? undefined
      : (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && deviceDark });
  const window: Record<string, unknown> = {
    matchMedia,
    addEventListener(type: string, listener: (event: SubmitLike & ClickLike) => void) {
      root.listeners.push({ type, listener });
    },
  };
  root.window = window;
  const requestAnimationFrame = (run: () => void) => root.later.push({ kind: 'frame', run });
  const setTimeout = (run: () => void, ms: number) =>
    root.later.push({ kind: ms > 0 ? 'timer' : 'task', run });
  const document = {
    documentElement: root,
    querySelector: (selector: string) => {
      if (selector === 'meta[name="murmur-prerendered"]' && meta) {
        return {
          getAttribute: (name: string) =>
            ({ content: meta.content, 'data-session': meta.session })[name] ?? null,
        };
      }
      if (selector === 'meta[name="murmur-scripts"]' && page.scripts) {
        const { entry, preload, mock } = page.scripts;
        return {
          getAttribute: (name: string) =>
            ({ content: entry, 'data-preload': preload, 'data-mock': mock })[name] ?? null,
        };
      }
      return null;
    },
    createElement: (tag: string) => {
      const element: Added & { setAttribute: (n: string, v: string) => void } = {
        tag,
        attributes: {},
        setAttribute(name, value) {
          this.attributes[name] = value;
        },
      };
      return element;
    },
    head: { appendChild: (element: Added) => root.added.push(element) },
    readyState: 'loading' as 'loading' | 'complete',
    addEventListener: (type: string, run: () => void) => {
      if (type === 'DOMContentLoaded') root.later.push({ kind: 'parsed', run });
    },
    fonts: { ready: fontsReady },
  };
  runInNewContext(themeBootScript(page.base), {
    window,
    document,
    requestAnimationFrame,
    setTimeout,
    location: { pathname: page.pathname },
    history: { state: page.historyState ?? null },
    localStorage,
    matchMedia,
  });
  return root;
}

describe('the first-paint theme script', () => {
  it('lets no form be sent by the browser itself: only one the app has not handled is stopped', () => {
    const guards = boot(null, false).listeners.filter(({ type }) => type === 'submit');
    expect(guards).toHaveLength(1);
    const [guard] = guards;
    let prevented = 0;
    const submit = (defaultPrevented: boolean): SubmitLike & ClickLike => ({
      defaultPrevented,
      preventDefault: () => (prevented += 1),
      target: null,
    });
    guard?.listener(submit(false)); // before hydration: nothing handled it
    expect(prevented).toBe(1);
    guard?.listener(submit(true)); // the app's own handler prevented it already
    expect(prevented).toBe(1);
  });

  it('lists the buttons pressed before the app ran, in order, until the app ends the list', () => {
    const root = boot(null, false);
    const clicks = root.listeners.filter(({ type }) => type === 'click');
    expect(clicks).toHaveLength(1);
    const [{ listener: click }] = clicks as [(typeof clicks)[number]];
    const guestButton = { name: 'Add Guest Credentials' };
    const loginButton = { name: 'Login' };
    const pressOn = (button: object | null): SubmitLike & ClickLike => ({
      defaultPrevented: false,
      preventDefault: () => undefined,
      target: { closest: (selector) => (selector === 'button' ? button : null) },
    });
    click(pressOn(guestButton));
    click(pressOn(null)); // a press beside any button
    click({ ...pressOn(null), target: null });
    click(pressOn(loginButton));
    expect(root.window[PRESSED_BEFORE_APP]).toEqual([guestButton, loginButton]);
    root.window[PRESSED_BEFORE_APP] = null; // the app took the list (takePressedBeforeApp)
    click(pressOn(guestButton));
    expect(root.window[PRESSED_BEFORE_APP]).toBeNull();
  });

  it('paints dark when Dark is stored, whatever the device says', () => {
    const root = boot('dark', false);
    expect(root.attributes['data-theme']).toBe('dark');
  });

  it('paints light when Light is stored, whatever the device says', () => {
    const root = boot('light', true);
    expect(root.attributes['data-theme']).toBe('light');
  });

  it('follows the device for System, nothing stored, or storage that refuses', () => {
    expect(boot('system', true).attributes['data-theme']).toBe('dark');
    expect(boot(null, true).attributes['data-theme']).toBe('dark');
    expect(boot(null, false).attributes['data-theme']).toBe('light');
    expect(boot('throws', true).attributes['data-theme']).toBe('dark');
    expect(boot(null, 'none').attributes['data-theme']).toBe('light');
  });

  it('reads the keys the appearance and auth machines write, and stays small', () => {
    expect(themeBootScript()).toContain(JSON.stringify(APPEARANCE_STORAGE_KEY));
    expect(themeBootScript()).toContain(JSON.stringify(AUTH_STORAGE_KEYS.token));
    expect(themeBootScript()).toContain(JSON.stringify(AUTH_STORAGE_KEYS.user));
    // The theme (~300 bytes), the prerender decision (~1.2 KB), the scripts' loading with the
    // mock's for a stored session (~770 bytes) and the early presses (~200 bytes): inline in
    // every page's head.
    expect(themeBootScript().length).toBeLessThan(2700);
  });
});

describe('the boot decision on a prerendered page', () => {
  const login = { content: '/', session: 'signed-out' } as const;
  const shell = { content: '/home-page', session: 'signed-in' } as const;

  it('hydrates the login page for a signed-out visitor in light', () => {
    expect(boot('light', false, { meta: login, pathname: '/' }).attributes['data-boot']).toBe(
      'hydrate',
    );
    expect(
      boot(null, false, { meta: login, pathname: '/murmur/', base: '/murmur/' }).attributes[
        'data-boot'
      ],
    ).toBe('hydrate');
  });

  it('hydrates it in the dark theme too: the page CSS holds both schemes', () => {
    expect(boot('dark', false, { meta: login, pathname: '/' }).attributes['data-boot']).toBe(
      'hydrate',
    );
    expect(boot(null, true, { meta: login, pathname: '/' }).attributes['data-boot']).toBe(
      'hydrate',
    );
  });

  it('renders fresh at another path, or after a redirect', () => {
    expect(
      boot(null, false, { meta: login, pathname: '/profile-page/maya' }).attributes['data-boot'],
    ).toBe('fresh');
    expect(
      boot(null, false, { meta: login, pathname: '/', historyState: { usr: { from: '/x' } } })
        .attributes['data-boot'],
    ).toBe('fresh');
  });

  it('reads the stored session as the auth machine does', () => {
    const at = (session: Record<string, string>) =>
      boot(null, false, { meta: shell, pathname: '/home-page', session }).attributes['data-boot'];
    expect(at(GUEST_SESSION)).toBe('hydrate');
    expect(at({})).toBe('fresh');
    expect(at({ ...GUEST_SESSION, [AUTH_STORAGE_KEYS.token]: '' })).toBe('fresh');
    expect(at({ ...GUEST_SESSION, [AUTH_STORAGE_KEYS.user]: '{not json' })).toBe('fresh');
    expect(at({ ...GUEST_SESSION, [AUTH_STORAGE_KEYS.user]: '{"name":"x"}' })).toBe('fresh');
    // Signed in on the login page: the guard moves them on, so it is not hydrated.
    expect(
      boot(null, false, { meta: login, pathname: '/', session: GUEST_SESSION }).attributes[
        'data-boot'
      ],
    ).toBe('fresh');
  });

  it('says fresh on a page that was not prerendered (the dev server)', () => {
    expect(boot(null, false).attributes['data-boot']).toBe('fresh');
  });

  const scripts = { entry: '/murmur/assets/index-abc.js', preload: '/murmur/assets/react-1.js' };
  const script = (attributes: Record<string, string>): unknown =>
    expect.objectContaining({ tag: 'script', type: 'module', src: scripts.entry, attributes });
  const preload = (href: string, attributes: Record<string, string>): unknown =>
    expect.objectContaining({ tag: 'link', rel: 'modulepreload', href, attributes });

  it('asks for the scripts at once and at high priority when it renders fresh', async () => {
    const fresh = boot('dark', false, {
      meta: login,
      scripts,
      pathname: '/elsewhere',
    });
    const high = { fetchpriority: 'high' };
    expect(fresh.added).toEqual([preload(scripts.preload, high), preload(scripts.entry, high)]);
    // The entry runs once the document is parsed, as a module script of the HTML would.
    await fresh.parsed();
    expect(fresh.added.slice(2)).toEqual([script(high)]);
  });

  it('asks for them only once the page is drawn with its fonts when it hydrates', async () => {
    const hydrating = boot(null, false, {
      meta: login,
      scripts,
      pathname: '/',
    });
    await hydrating.parsed();
    await hydrating.runLater('frame', 'task');
    expect(hydrating.added).toEqual([]);
    hydrating.fontsLoaded();
    await hydrating.runLater('frame', 'task');
    expect(hydrating.added).toEqual([preload(scripts.preload, {}), script({})]);
    // The timer for a hidden tab does not ask again.
    await hydrating.runLater('timer');
    expect(hydrating.added.filter((element) => element.tag === 'script')).toEqual([script({})]);
  });

  it("asks for the mock API's modules with them when a session is stored, and only then", async () => {
    const withMock = { ...scripts, mock: '/murmur/assets/browser-1.js /murmur/assets/types-2.js' };
    const signedIn = boot(null, false, {
      meta: shell,
      scripts: withMock,
      pathname: '/murmur/home-page',
      base: '/murmur/',
      session: GUEST_SESSION,
    });
    await signedIn.parsed();
    signedIn.fontsLoaded();
    await signedIn.runLater('frame', 'task');
    expect(signedIn.added).toEqual([
      preload(scripts.preload, {}),
      preload('/murmur/assets/browser-1.js', {}),
      preload('/murmur/assets/types-2.js', {}),
      script({}),
    ]);

    // Signed out, the mock waits for the person's first interaction (main.tsx): nothing early.
    const signedOut = boot(null, false, { meta: login, scripts: withMock, pathname: '/' });
    await signedOut.parsed();
    signedOut.fontsLoaded();
    await signedOut.runLater('frame', 'task');
    expect(signedOut.added).toEqual([preload(scripts.preload, {}), script({})]);
  });

  it('asks for them at once when the file says nothing of its page', async () => {
    const unknown = boot(null, false, { meta: null, scripts, pathname: '/' });
    await unknown.parsed();
    expect(unknown.added.filter((element) => element.tag === 'script')).toEqual([
      script({ fetchpriority: 'high' }),
    ]);
  });

  it('asks for them after a while in a tab whose frames never come (hidden)', async () => {
    const hidden = boot(null, false, {
      meta: login,
      scripts: { entry: scripts.entry },
      pathname: '/',
    });
    await hidden.parsed();
    await hidden.runLater('timer');
    expect(hidden.added.filter((element) => element.tag === 'script')).toEqual([script({})]);
  });
});
