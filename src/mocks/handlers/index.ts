/** The whole mock API as MSW handlers, bound to one database: no global state to reset. */
import type { HttpHandler } from 'msw';
import type { Database } from '../db/database';
import { createServiceContext } from '../service';
import type { TokenService } from '../service/tokens';
import { authHandlers } from './auth';
import { commentHandlers } from './comments';
import { demoHandlers } from './demo';
import type { HandlerDeps } from './deps';
import { postHandlers } from './posts';
import { createRoutes } from './route';
import { userHandlers } from './users';

/** `*` matches any origin, so the same pattern works for `/api/…` in the browser and in Node. */
export const DEFAULT_API_BASE = '*/api';

export interface HandlerOptions {
  db: Database;
  /** Response delay in ms: 400 in the app, 0 in tests and (by default) in Storybook. */
  delayMs?: number;
  /** URL pattern prefix of the API. */
  baseUrl?: string;
  now?: () => Date;
  tokens?: TokenService;
}

export function createHandlers({
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
    ...demoHandlers(deps),
  ];
}
