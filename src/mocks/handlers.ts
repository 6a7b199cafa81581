/**
 * The whole API as MSW handlers, bound to one database: no global state to reset. Each endpoint of
 * the shared table (src/service/http) becomes one handler, so a story or a test can override one
 * call with `server.use(...)`; MSW adds only the simulated network delay.
 */
import { delay, http, type HttpHandler } from 'msw';
import { ASKED_AT_HEADER } from '../api/client';
import { defaultAvatarLink } from '../api/images';
import { createServiceContext } from '../service';
import type { ServiceContext } from '../service/context';
import { createApi, type Api } from '../service/http/api';
import type { ImageCodec } from '../service/images';
import type { TokenService } from '../service/tokens';
import type { MediaStorage } from './db/mediaStorage';
import type { Database } from './db/database';
import { createMemoryStore } from './db/memoryStore';
import type { EventLog } from './db/eventLog';

/** `*` matches any origin, so the same pattern works for `/api/…` in the browser and in Node. */
export const DEFAULT_API_BASE = '*/api';

export interface HandlerOptions {
  db: Database;
  /** Response delay in ms: 400 in the app, 0 in tests and (by default) in Storybook. */
  delayMs?: number;
  /** URL pattern prefix of the API. */
  baseUrl?: string;
  /**
   * The path the app is served from: requests under `${appBase}api/` that no endpoint takes get
   * the JSON 404 / 405, and a new account's default avatar is served there. Default '/'.
   */
  appBase?: string;
  now?: () => Date;
  tokens?: TokenService;
  /** Decodes and encodes uploads: the browser's canvas in the app and Storybook, sharp in Node. */
  images?: ImageCodec;
  /** Where uploaded images are kept: IndexedDB in the app; in memory by default. */
  media?: MediaStorage;
  /** The live events' log: shared with the other tabs in the app; this API's alone by default. */
  events?: EventLog;
}

type ContextOptions = Pick<
  HandlerOptions,
  'now' | 'tokens' | 'appBase' | 'images' | 'media' | 'events'
>;

/** The service bound to the in-memory database (also what tests call the service with). */
export function mockServiceContext(db: Database, options: ContextOptions = {}): ServiceContext {
  const { appBase = '/', media, events, ...rest } = options;
  const base = appBase.endsWith('/') ? appBase : `${appBase}/`;
  return createServiceContext({
    store: createMemoryStore(db, media, events),
    defaultAvatar: defaultAvatarLink(appBase),
    apiBase: `${base}api`,
    ...rest,
  });
}

function createMockApi({ db, ...options }: HandlerOptions): Api {
  const ctx = mockServiceContext(db, options);
  return createApi(ctx, {
    onUnexpected: (error) => {
      console.error('[mock api] Unexpected error', error);
    },
  });
}

/**
 * The simulated network delay still owed to `request`: the spec's delay, counted from when the
 * app asked (`ASKED_AT_HEADER`): a call the app held back while the mock started has been on its
 * way that long already. Never less than 0 nor more than `delayMs`.
 */
export function delayOwed(request: Request, delayMs: number, now = Date.now()): number {
  const asked = Number(request.headers.get(ASKED_AT_HEADER) ?? Number.NaN);
  if (!Number.isFinite(asked)) return delayMs;
  return Math.min(delayMs, Math.max(0, delayMs - (now - asked)));
}

const METHODS = { GET: http.get, POST: http.post, DELETE: http.delete } as const;

function endpointHandlers(api: Api, { baseUrl = DEFAULT_API_BASE, delayMs = 0 }: HandlerOptions) {
  return api.endpoints.map((endpoint) =>
    METHODS[endpoint.method](`${baseUrl}${endpoint.path}`, async ({ request, params }) => {
      const owed = delayOwed(request, delayMs);
      if (owed > 0) await delay(owed);
      return endpoint.handle(request, params);
    }),
  );
}

/** The endpoints of the API, each on its route. */
export function createEndpointHandlers(options: HandlerOptions): HttpHandler[] {
  return endpointHandlers(createMockApi(options), options);
}

/**
 * What `/api/…` answers when no endpoint takes the request. `appBase` is the path the app is
 * served from ('/' or a sub-path such as '/murmur/'): only requests whose path starts with
 * `${appBase}api/` are the API's. Anything else (the dev server's `/src/api/client.ts`, say) is
 * not, and passes by untouched.
 */
function unmatchedHandler(api: Api, { appBase = '/', delayMs = 0 }: HandlerOptions): HttpHandler {
  const apiPath = `${appBase.endsWith('/') ? appBase : `${appBase}/`}api`;
  const underApi = (pathname: string) => pathname === apiPath || pathname.startsWith(`${apiPath}/`);
  return http.all(
    ({ request }) => underApi(new URL(request.url).pathname),
    async ({ request }) => {
      const owed = delayOwed(request, delayMs);
      if (owed > 0) await delay(owed);
      return api.unmatched(new URL(request.url).pathname.slice(apiPath.length));
    },
  );
}

/**
 * The whole mock API: the endpoints, then the answer for any other `/api/…` request (JSON 404,
 * or 405 with `Allow` on a known path), so the API never answers with the app's HTML page.
 */
export function createHandlers(options: HandlerOptions): HttpHandler[] {
  const api = createMockApi(options);
  return [...endpointHandlers(api, options), unmatchedHandler(api, options)];
}
