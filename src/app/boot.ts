/**
 * Whether the HTML a static host served may be hydrated, or the app must start fresh.
 *
 * `npm run build` prerenders some pages to HTML (src/app/prerender.tsx): the login page, the
 * sign-up page and the signed-in shell, for a visitor in a given state (in either theme: the CSS
 * holds both, and `data-theme` on `<html>` picks one). The host may serve that HTML to anyone
 * (its SPA fallback serves `index.html`, the login page, for every unknown path), so before the
 * first paint the head's boot script (themeBoot.ts) asks this function whether the markup is
 * right for this visitor. When it is not, the markup is hidden before it is drawn and main.tsx
 * renders the app fresh; when it is, main.tsx hydrates it.
 *
 * The script carries this very function (its source, `bootDecision.toString()`), so it must stay
 * self-contained: no imports, no outer names, nothing newer than the browsers the app supports.
 */

/** What a prerendered file says of itself, in its `<meta name="murmur-prerendered">`. */
export interface PrerenderedPage {
  /** The app path it was rendered at, without the base: `/`, `/signup-page`, `/home-page`. */
  path: string;
  /** Rendered for a signed-in visitor (the shell) or a signed-out one (login, sign-up). */
  signedIn: boolean;
}

/** What the boot script knows before the first paint. */
export interface BootFacts {
  /** The file's own page, or null: not prerendered (the dev server's index.html). */
  page: PrerenderedPage | null;
  /** `location.pathname`, base included. */
  pathname: string;
  /** The app's base, `import.meta.env.BASE_URL`: `/` or a sub-path such as `/murmur/`. */
  base: string;
  /** A stored session that the auth machine will restore (AUTH_STORAGE_KEYS). */
  signedIn: boolean;
  /** The history entry carries router state (`history.state.usr`): a reload after a redirect. */
  routerState: boolean;
}

export type Boot = 'hydrate' | 'fresh';

/** The name of the meta element that tells the boot script which page a file holds. */
export const PRERENDERED_META = 'murmur-prerendered';

/**
 * The name of the meta element that names the app's scripts on a prerendered file (`content`:
 * the entry; `data-preload`: the modules it imports), which the boot script asks for itself.
 */
export const SCRIPTS_META = 'murmur-scripts';

/**
 * Where the boot script lists the buttons pressed before the app ran (on a prerendered page they
 * can be pressed from the first paint, while nothing handles them yet); hydration.ts takes them.
 */
export const PRESSED_BEFORE_APP = '__murmurPressed';

/**
 * `hydrate` when the prerendered markup is exactly what the app's first render will be here:
 * the same path, the same signed-in state and no router state (the login page shows a notice
 * when a redirect brought the visitor). Anything else is `fresh`.
 */
export function bootDecision(facts: BootFacts): Boot {
  const page = facts.page;
  if (page === null || facts.routerState || facts.signedIn !== page.signedIn) {
    return 'fresh';
  }
  const base = facts.base.charAt(facts.base.length - 1) === '/' ? facts.base : `${facts.base}/`;
  const pathname =
    facts.pathname.charAt(facts.pathname.length - 1) === '/'
      ? facts.pathname
      : `${facts.pathname}/`;
  if (pathname.indexOf(base) !== 0) return 'fresh';
  const path = `/${pathname.slice(base.length)}`;
  const expected = page.path.charAt(page.path.length - 1) === '/' ? page.path : `${page.path}/`;
  return path === expected ? 'hydrate' : 'fresh';
}
