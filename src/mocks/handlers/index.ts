/** The whole mock API as MSW handlers, bound to one database: no global state to reset. */
import type { HttpHandler } from 'msw';
import type { Database } from '../db/database';
import { createServiceContext } from '../service';
import type { TokenService } from '../service/tokens';
import { authHandlers } from './auth';
import { commentHandlers } from './comments';
import { demoHandlers } from './demo';
import { fallbackHandler } from './fallback';
import type { HandlerDeps } from './deps';
import { postHandlers } from './posts';
import { createRoutes } from './route';
import { searchHandlers } from './search';
import { userHandlers } from './users';

/** `*` matches any origin, so the same pattern works for `/api/…` in the browser and in Node. */
export const DEFAULT_API_BASE = '*/api';

export interface HandlerOptions {
  db: Database;
  /** Response delay in ms: 400 in the app, 0 in tests and (by default) in Storybook. */
  delayMs?: number;
  /** URL pattern prefix of the API. */
  baseUrl?: string;
  /** The path the app is served from: requests under `${appBase}api/` that no endpoint takes get the JSON 404 / 405. Default '/'. */
  appBase?: string;
  now?: () => Date;
  tokens?: TokenService;
}

/** The endpoints of the API, each on its route: the product's 24, the comment unvote (A13), search and the demo's reset. */
export function createEndpointHandlers({
  db,
  delayMs = 0,
  baseUrl = DEFAULT_API_BASE,
  now,
  tokens,
}: HandlerOptions): HttpHandler[] {
  const ctx = createServiceContext({ db, now, tokens });
  const deps: HandlerDeps = { base: baseUrl, ctx, route: createRoutes(ctx, { delayMs }) };
  return [
    ...authHandlers(deps),
    ...postHandlers(deps),
    ...commentHandlers(deps),
    ...userHandlers(deps),
    ...searchHandlers(deps),
    ...demoHandlers(deps),
  ];
}

/**
 * The whole mock API: the endpoints, then the answer for any other `/api/…` request (JSON 404,
 * or 405 with `Allow` on a known path), so the API never answers with the app's HTML page.
 */
export function createHandlers(options: HandlerOptions): HttpHandler[] {
  const endpoints = createEndpointHandlers(options);
  return [...endpoints, fallbackHandler(options.appBase ?? '/', endpoints, options.delayMs ?? 0)];
}
