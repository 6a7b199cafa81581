/**
 * One-endpoint overrides for stories (`parameters.msw.handlers`) and tests (`server.use`):
 *
 *   parameters: { msw: { handlers: [failEndpoint('POST /posts/like/:postId', 500, 'Boom')] } }
 *
 * They match the same URL patterns as the full API and take precedence over it.
 */
import { delay, http, HttpResponse, type HttpHandler, type HttpResponseResolver } from 'msw';
import { ENDPOINT_NAMES, endpointKey, type EndpointKey } from '../api/endpoints';
import type { ErrorBody, ErrorsBody } from '../api/types';
import { DEFAULT_API_BASE } from './handlers';

/**
 * Every endpoint of the table (src/api/endpoints.ts), as `METHOD /path` with MSW path parameters,
 * e.g. `POST /posts/like/:postId`: how a story names the one it makes fail, hang or answer slowly.
 */
export const ENDPOINT_KEYS: readonly EndpointKey[] = ENDPOINT_NAMES.map(endpointKey);

export type Endpoint = EndpointKey;

/** The endpoints that answer with one list, and the key it is under. */
const LIST_KEYS = {
  'GET /posts': 'posts',
  'GET /posts/user/:username': 'posts',
  'GET /comments/:postId': 'comments',
  'GET /users': 'users',
  'GET /users/bookmark': 'bookmarks',
} as const satisfies Partial<Record<Endpoint, string>>;

export type ListEndpoint = keyof typeof LIST_KEYS;

function on(endpoint: Endpoint, resolver: HttpResponseResolver, base: string): HttpHandler {
  const [method, path] = endpoint.split(' ') as [string, string];
  const url = `${base}${path}`;
  switch (method) {
    case 'GET':
      return http.get(url, resolver);
    case 'DELETE':
      return http.delete(url, resolver);
    default:
      return http.post(url, resolver);
  }
}

/** Answers `status` with the API's error body (`{ errors }`, or `{ error }` for 5xx). */
export function failEndpoint(
  endpoint: Endpoint,
  status: number,
  message: string,
  base = DEFAULT_API_BASE,
): HttpHandler {
  const body: ErrorsBody | ErrorBody = status >= 500 ? { error: message } : { errors: [message] };
  return on(endpoint, () => HttpResponse.json(body, { status }), base);
}

/** Never answers: the caller stays pending (loading states). */
export function neverAnswer(endpoint: Endpoint, base = DEFAULT_API_BASE): HttpHandler {
  return on(
    endpoint,
    async () => {
      await delay('infinite');
    },
    base,
  );
}

/** Waits `ms`, then lets the full API answer as usual. */
export function answerSlowly(endpoint: Endpoint, ms: number, base = DEFAULT_API_BASE): HttpHandler {
  return on(
    endpoint,
    async () => {
      await delay(ms);
      // Returning nothing hands the request on to the next matching handler: the real one.
    },
    base,
  );
}

/** Answers 200 with an empty list (`{ posts: [] }`, `{ users: [] }`, …). */
export function answerEmptyList(endpoint: ListEndpoint, base = DEFAULT_API_BASE): HttpHandler {
  return on(endpoint, () => HttpResponse.json({ [LIST_KEYS[endpoint]]: [] }), base);
}
