/** Whether a prerendered page's markup is hydrated or the app starts fresh (src/app/boot.ts). */
import { describe, expect, it } from 'vitest';
import { bootDecision, type BootFacts } from '../../../src/app/boot';
import { PAGE_PLANS } from '../../../src/app/prerender';
import { PATHS } from '../../../src/paths';

const login = { path: PATHS.login, signedIn: false };
const signup = { path: PATHS.signup, signedIn: false };
const home = { path: PATHS.home, signedIn: true };

/** A signed-out visitor at the login page of a build served from the root. */
function facts(overrides: Partial<BootFacts>): BootFacts {
  return {
    page: login,
    pathname: '/',
    base: '/',
    signedIn: false,
    routerState: false,
    ...overrides,
  };
}

describe('bootDecision', () => {
  it('hydrates a page at its own path, for the visitor it was rendered for, in either theme', () => {
    expect(bootDecision(facts({}))).toBe('hydrate');
    expect(bootDecision(facts({ page: signup, pathname: '/signup-page' }))).toBe('hydrate');
    expect(bootDecision(facts({ page: home, pathname: '/home-page', signedIn: true }))).toBe(
      'hydrate',
    );
  });

  it('accepts a trailing slash (a static host may redirect a folder to one)', () => {
    expect(bootDecision(facts({ page: signup, pathname: '/signup-page/' }))).toBe('hydrate');
  });

  it('starts fresh where the file is the fallback for another path', () => {
    expect(bootDecision(facts({ pathname: '/profile-page/maya_okafor' }))).toBe('fresh');
    expect(bootDecision(facts({ pathname: '/no-such-page' }))).toBe('fresh');
    expect(bootDecision(facts({ page: signup, pathname: '/' }))).toBe('fresh');
  });

  it('starts fresh when the signed-in state differs: a redirect will follow', () => {
    // Signed in at login: the guard sends them on; signed out at the shell: to login.
    expect(bootDecision(facts({ signedIn: true }))).toBe('fresh');
    expect(bootDecision(facts({ page: home, pathname: '/home-page', signedIn: false }))).toBe(
      'fresh',
    );
  });

  it('starts fresh when the history entry carries router state (the login notice)', () => {
    expect(bootDecision(facts({ routerState: true }))).toBe('fresh');
  });

  it('starts fresh on a page that was not prerendered (the dev server)', () => {
    expect(bootDecision(facts({ page: null }))).toBe('fresh');
  });

  it('reads the path under a sub-path base, with or without its slash', () => {
    expect(bootDecision(facts({ base: '/murmur/', pathname: '/murmur/' }))).toBe('hydrate');
    expect(bootDecision(facts({ base: '/murmur/', pathname: '/murmur' }))).toBe('hydrate');
    expect(
      bootDecision(facts({ page: signup, base: '/murmur/', pathname: '/murmur/signup-page' })),
    ).toBe('hydrate');
    expect(bootDecision(facts({ base: '/murmur/', pathname: '/signup-page' }))).toBe('fresh');
    expect(bootDecision(facts({ base: '/murmur/', pathname: '/murmurs/' }))).toBe('fresh');
  });

  it('is self-contained, so that the boot script can carry its source', () => {
    const source = bootDecision.toString();
    expect(source).not.toMatch(/\bimport\b|\brequire\(|PATHS|PRERENDERED_META/);
  });
});

describe('the prerendered pages', () => {
  it('are login and sign-up for visitors, and each page of the navigation signed in', () => {
    expect(PAGE_PLANS.map(({ path, signedIn, file }) => [path, signedIn, file])).toEqual([
      ['/', false, 'index.html'],
      ['/signup-page', false, 'signup-page/index.html'],
      ['/home-page', true, 'home-page/index.html'],
      ['/explore-page', true, 'explore-page/index.html'],
      ['/bookmark-page', true, 'bookmark-page/index.html'],
      ['/profile-page', true, 'profile-page/index.html'],
    ]);
  });
});
