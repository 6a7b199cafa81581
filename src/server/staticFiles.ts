/**
 * The built app (`npm run build:server` writes it to dist-server/app) as the server serves it:
 *
 * - hashed files under `/assets/` for a year (`immutable`: a new build has new names);
 * - every other file, the HTML above all, `no-cache`: checked again on each visit, so a deploy
 *   shows at once;
 * - the prerendered pages at their paths (`/signup-page` → `signup-page/index.html`), and for any
 *   other GET that is not a file, `index.html`: the app's router takes it from there (the page's
 *   boot script sees the address differs from the prerendered one and renders fresh);
 * - in place of `index.html`, the login page that offers 'Add Guest Credentials'
 *   (GUEST_LOGIN_FILE) while this server has the guest account, asked on each such request (one
 *   lookup): the button is drawn from the first paint instead of appearing, and moving the form,
 *   when the app hears `GET /api/demo`;
 * - the `.br` / `.gz` twin written beside a text file at build time (vite.precompress.ts), when
 *   the browser accepts it.
 */
import { serveStatic } from '@hono/node-server/serve-static';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Env, Hono, MiddlewareHandler } from 'hono';
import { GUEST_LOGIN_FILE } from '../paths';
import { setOnAnswer } from './answerHeaders';

export const ASSETS_PREFIX = '/assets/';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** Every `.html` file under `dir`, as paths relative to it. */
function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .sort();
}

/** The text of every inline `<script>` (one with no `src`) in an HTML page. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '']) => !/\bsrc\s*=/i.test(attributes))
    .map(([, , body = '']) => body)
    .filter((body) => body !== '');
}

/** A CSP source for a script's exact text: `'sha256-<base64>'`. */
export const scriptHash = (script: string) =>
  `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/**
 * The hash of every inline script of the built pages (the head's boot script,
 * src/app/themeBoot.ts: the same bytes on every page), for the CSP's `script-src`.
 */
export function inlineScriptHashes(staticDir: string): string[] {
  const hashes = htmlFiles(staticDir).flatMap((file) =>
    inlineScripts(readFileSync(path.join(staticDir, file), 'utf8')).map(scriptHash),
  );
  return [...new Set(hashes)];
}

/** Fails at start, with the command that fixes it, when the app was not built. */
export function checkStaticDir(staticDir: string): void {
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error(
      `No built app in ${staticDir} (index.html is missing): run \`npm run build:server\` first.`,
    );
  }
}

export interface ServeAppOptions {
  /** Whether the guest account exists now (the service's `demoInfo`); a failure counts as no. */
  guestOffered: () => Promise<boolean>;
}

/** The app's files on `app`, after every other route: the last routes for GET and HEAD. */
export function serveApp<E extends Env>(
  app: Hono<E>,
  staticDir: string,
  { guestOffered }: ServeAppOptions,
): void {
  const root = path.resolve(staticDir);
  const loginPage = serveStatic({ root, path: 'index.html', precompressed: true });
  const guestLoginPage = existsSync(path.join(root, GUEST_LOGIN_FILE))
    ? serveStatic({ root, path: GUEST_LOGIN_FILE, precompressed: true })
    : null;
  const indexPage: MiddlewareHandler<E> = async (c, next) => {
    const guest = guestLoginPage !== null && (await guestOffered().catch(() => false));
    return (guest ? guestLoginPage : loginPage)(c, next);
  };
  // Set once the file is answered (serveStatic builds its Response before its onFound hook runs).
  app.get('*', async (c, next) => {
    await next();
    const hashed = c.res.status === 200 && c.req.path.startsWith(ASSETS_PREFIX);
    setOnAnswer(c, 'Cache-Control', hashed ? IMMUTABLE : NO_CACHE);
  });
  app.get('/', indexPage);
  app.get('/index.html', indexPage);
  app.get('*', serveStatic({ root, precompressed: true }));
  // A hashed file that is not there (an old build's chunk) is a 404, never the HTML page: a
  // browser would otherwise run HTML as a script.
  app.get(`${ASSETS_PREFIX}*`, (c) => c.text('Not found', 404));
  app.get('*', indexPage);
}
