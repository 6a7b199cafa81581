/**
 * index.html's first-paint script: the stored choice or the device's scheme, before the app; on
 * a prerendered page, whether its markup is hydrated (`data-boot`).
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { themeBootScript } from '../../../src/app/themeBoot';
import { APPEARANCE_STORAGE_KEY, AUTH_STORAGE_KEYS } from '../../../src/machines';

interface Root {
  /** What the script added to the head (a preload of the entry when it renders fresh). */
  added: Array<{ rel?: string; href?: string; attributes: Record<string, string> }>;
  attributes: Record<string, string>;
  setAttribute: (name: string, value: string) => void;
  /** The listeners the script added to the window. */
  listeners: Array<{ type: string; listener: (event: SubmitLike) => void }>;
}

/** The part of a submit event the script reads and calls. */
interface SubmitLike {
  defaultPrevented: boolean;
  preventDefault: () => void;
}

interface Page {
  /** The `<meta name="murmur-prerendered">`, or null: not a prerendered file. */
  meta: { content: string; session: 'signed-in' | 'signed-out'; entry?: string } | null;
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
  const root: Root = {
    added: [],
    listeners: [],
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
  const window = {
    matchMedia,
    addEventListener(type: string, listener: (event: SubmitLike) => void) {
      root.listeners.push({ type, listener });
    },
  };
  runInNewContext(themeBootScript(page.base), {
    window,
    document: {
      documentElement: root,
      querySelector: (selector: string) =>
        selector === 'meta[name="murmur-prerendered"]' && meta
          ? {
              getAttribute: (name: string) =>
                ({ content: meta.content, 'data-session': meta.session, 'data-entry': meta.entry })[
                  name
                ] ?? null,
            }
          : null,
      createElement: () => {
        const element: Root['added'][number] & { setAttribute: (n: string, v: string) => void } = {
          attributes: {},
          setAttribute(name, value) {
            this.attributes[name] = value;
          },
        };
        return element;
      },
      head: { appendChild: (element: Root['added'][number]) => root.added.push(element) },
    },
    location: { pathname: page.pathname },
    history: { state: page.historyState ?? null },
    localStorage,
    matchMedia,
  });
  return root;
}

describe('the first-paint theme script', () => {
  it('lets no form be sent by the browser itself: only one the app has not handled is stopped', () => {
    const [guard, ...others] = boot(null, false).listeners;
    expect(others).toEqual([]);
    expect(guard?.type).toBe('submit');
    let prevented = 0;
    const submit = (defaultPrevented: boolean): SubmitLike => ({
      defaultPrevented,
      preventDefault: () => (prevented += 1),
    });
    guard?.listener(submit(false)); // before hydration: nothing handled it
    expect(prevented).toBe(1);
    guard?.listener(submit(true)); // the app's own handler prevented it already
    expect(prevented).toBe(1);
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
    // The theme (~300 bytes) and the prerender decision (~1.2 KB): inline in every page's head.
    expect(themeBootScript().length).toBeLessThan(1700);
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

  it('preloads the entry at high priority when it renders fresh, not when it hydrates', () => {
    const entry = '/murmur/assets/index-abc.js';
    const fresh = boot('dark', false, { meta: { ...login, entry }, pathname: '/elsewhere' });
    expect(fresh.added).toEqual([
      expect.objectContaining({
        rel: 'modulepreload',
        href: entry,
        attributes: { fetchpriority: 'high' },
      }),
    ]);
    expect(boot(null, false, { meta: { ...login, entry }, pathname: '/' }).added).toEqual([]);
  });
});
