/**
 * The API over HTTP as Fetch-API functions (`Request → Response`), for any host: MSW in the
 * browser, Storybook and tests (src/mocks/handlers.ts), Hono in Node (src/server). One wrapper
 * around every endpoint does what they all need: the token check, JSON parsing, and the error
 * mapping (HttpError → `{ errors: [message] }` with its status; anything else is a bug: 500
 * `{ error }`, logged). An unknown path under the API answers 404, a known path with another
 * method 405 with `Allow`: never the app's HTML page.
 */
import { MEDIA_MESSAGES, MEDIA_RULE } from '../../api/media';
import { hasUnstorable } from '../../api/rules';
import type { ErrorBody, ErrorsBody } from '../../api/types';
import { authenticate } from '../auth';
import type { ServiceContext } from '../context';
import { HttpError } from '../errors';
import { MESSAGES } from '../messages';
import {
  ENDPOINT_NAMES,
  ENDPOINTS,
  isPaged,
  isStreamName,
  type AnsweredName,
  type Method,
  type StreamName,
} from '../../api/endpoints';
import { ROUTES } from './routes';
import { createLiveHub, type LiveHub, type LiveHubOptions } from '../stream';

export type { Method } from '../../api/endpoints';

export const NOT_FOUND = 'Not found';

/** Who an open endpoint's call speaks for (or one whose token is optional, sent none): no one. */
const ANONYMOUS = { userId: '', sessionId: '' };
export const METHOD_NOT_ALLOWED = 'Method not allowed';

/** Path parameters by name, as the host's router matched them. */
export type PathParams = Readonly<Record<string, string | readonly string[] | undefined>>;

export interface Endpoint {
  method: Method;
  /** Under the API's base, with `:name` parameters, e.g. `/posts/:postId`. */
  path: string;
  /** Answers a request the host matched to this endpoint. */
  handle(request: Request, params: PathParams): Promise<Response>;
}

export interface Api {
  endpoints: readonly Endpoint[];
  /** The answer for a request under the API that no endpoint takes (`path` under the base). */
  unmatched(path: string): Response;
  /** The live streams' hub (how many are open); `close()` ends them all. */
  live: Pick<LiveHub, 'size' | 'close'>;
}

export interface ApiOptions {
  /** Told of every 500 before it is answered (the server logs it; the mock warns). */
  onUnexpected?: (error: unknown, request: Request) => void;
  /**
   * Whether a 500 says what went wrong (the error's own message). The mock does, for the
   * developer in front of it; a shared server does not tell strangers about its insides: it
   * answers UNEXPECTED_ERROR, and its log has the rest.
   */
  revealUnexpected?: boolean;
  /** The live streams' timings (tests shorten them). */
  live?: LiveHubOptions;
}

export const UNEXPECTED_ERROR = 'Something went wrong on our side. Please try again.';

/**
 * A JSON answer with its length, as MSW's in-process sockets and any HTTP/1.1 peer expect. No API
 * answer may be kept by a browser or a proxy: each is one person's view at one moment, and some
 * carry a token.
 */
function json(
  data: object,
  { status, headers }: { status: number; headers?: Record<string, string> },
) {
  const body = new TextEncoder().encode(JSON.stringify(data));
  return new Response(body, {
    status,
    headers: {
      'content-type': 'application/json',
      'content-length': String(body.byteLength),
      'cache-control': 'no-store',
      ...headers,
    },
  });
}

/** `application/json`, with or without parameters (`; charset=utf-8`), in any letter case. */
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** No call's body nests objects and arrays deeper than this; a deeper one is refused unparsed. */
const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests objects and arrays deeper than `limit`: one pass over its characters,
 * so that a body of a million `[` costs a scan, not the parser's millions of arrays.
 */
function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === 0x22) {
      // A string: on to its closing quote, the one after an even run of backslashes.
      let end = text.indexOf('"', at + 1);
      for (;;) {
        if (end < 0) return false; // never closed: the parser says it is not JSON
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === 0x5c) slashes += 1;
        if (slashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      at = end;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return false;
}

/**
 * The body as JSON, undefined when there is none. A body of any other type is refused with 415:
 * a cross-site form can send `text/plain` without asking, never `application/json`.
 */
async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') return undefined;
  if (!JSON_TYPE.test(request.headers.get('content-type') ?? '')) {
    throw new HttpError(415, MESSAGES.notJson);
  }
  if (nestedDeeperThan(text, MAX_JSON_DEPTH)) throw new HttpError(400, MESSAGES.tooDeepJson);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, MESSAGES.malformedJson);
  }
}

/** `multipart/form-data`, with its boundary, in any letter case. */
const FORM_TYPE = /^multipart\/form-data\s*;/i;

/**
 * An upload's form fields by name (the file as a Blob). A body of another type is a 415; one
 * that says it is larger than an upload may be is refused before a byte of it is read (the Node
 * server also stops reading past that size).
 */
async function readForm(request: Request): Promise<Record<string, unknown>> {
  if (!FORM_TYPE.test(request.headers.get('content-type') ?? '')) {
    throw new HttpError(415, MESSAGES.notForm);
  }
  if (Number(request.headers.get('content-length') ?? 0) > MEDIA_RULE.maxFormBytes) {
    throw new HttpError(413, MEDIA_MESSAGES.tooLarge);
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new HttpError(400, MESSAGES.malformedForm);
  }
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    if (!(name in fields)) fields[name] = value;
  }
  return fields;
}

/**
 * A file as its own bytes: public and cached for a year, as its name is a hash of what it holds;
 * never sniffed into another type by the browser.
 */
function fileAnswer({ type, bytes }: { type: string; bytes: Uint8Array }): Response {
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'content-type': type,
      'content-length': String(bytes.byteLength),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
}

function isFile(data: unknown): data is { type: string; bytes: Uint8Array } {
  return (
    typeof data === 'object' &&
    data !== null &&
    'bytes' in data &&
    data.bytes instanceof Uint8Array &&
    'type' in data &&
    typeof data.type === 'string'
  );
}

/** A path or query parameter no store can keep (a NUL, half an emoji): a 400 naming it. */
function storable(name: string, text: string): string {
  if (hasUnstorable(text)) {
    throw new HttpError(400, `${name} must not contain a NUL character or half of an emoji`);
  }
  return text;
}

function paramReader(params: PathParams): (name: string) => string {
  return (name) => {
    const value = params[name];
    const text = typeof value === 'string' ? value : value?.[0];
    if (text === undefined) throw new Error(`Route has no path parameter "${name}"`);
    return storable(name, text);
  };
}

/**
 * The `Link` header of a page that has a next one: the request's own URL with `cursor` set to
 * the answer's `next` (Mastodon's and GitHub's way), or none.
 */
function nextLink(request: Request, data: unknown): Record<string, string> {
  const next = typeof data === 'object' && data !== null && 'next' in data ? data.next : null;
  if (typeof next !== 'string') return {};
  const url = new URL(request.url);
  url.searchParams.set('cursor', next);
  return { link: `<${url.href}>; rel="next"` };
}

/** Whether `path` (under the base) is one `pattern` serves, `:name` standing for one segment. */
function matchesPath(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.replace(/\/+$/, '').split('/');
  return (
    want.length === have.length &&
    want.every((part, index) => (part.startsWith(':') ? have[index] !== '' : part === have[index]))
  );
}

export function createApi(ctx: ServiceContext, options: ApiOptions = {}): Api {
  const onUnexpected =
    options.onUnexpected ??
    ((error: unknown) => {
      console.error('[api] Unexpected error', error);
    });

  function failure(error: unknown, request: Request): Response {
    if (error instanceof HttpError) {
      return json({ errors: [error.message] } satisfies ErrorsBody, { status: error.status });
    }
    onUnexpected(error, request);
    const message =
      options.revealUnexpected === false
        ? UNEXPECTED_ERROR
        : error instanceof Error
          ? error.message
          : String(error);
    return json({ error: message } satisfies ErrorBody, { status: 500 });
  }

  const hub = createLiveHub(ctx.store, options.live);

  /**
   * A stream: the token checked as for any call (in the browser, under the tabs' lock), then the
   * hub's stream, which stays open outside any call.
   */
  const toStream = (name: StreamName): Endpoint => {
    const { method, path } = ENDPOINTS[name];
    return {
      method,
      path,
      async handle(request) {
        try {
          const token = request.headers.get('authorization');
          const actor = await ctx.store.call(() => authenticate(ctx, token));
          return await hub.open(actor.userId, request.headers.get('last-event-id'), request.signal);
        } catch (error) {
          return failure(error, request);
        }
      },
    };
  };

  const toEndpoint = (name: AnsweredName): Endpoint => {
    const spec = ENDPOINTS[name];
    const { method, path, status, auth } = spec;
    const form = 'form' in spec;
    const file = 'file' in spec;
    const paged = isPaged(spec);
    const answer = ROUTES[name];
    return {
      method,
      path,
      async handle(request, params) {
        try {
          // One call: the browser's store runs it alone across tabs, on the stored state.
          const data = await ctx.store.call(async () => {
            const token = request.headers.get('authorization');
            const actor =
              auth === true || (auth === 'optional' && token !== null)
                ? await authenticate(ctx, token)
                : ANONYMOUS;
            // A GET has no body to read (reading it would build a full Request on Node).
            const body =
              method === 'GET'
                ? undefined
                : form
                  ? await readForm(request)
                  : await readJson(request);
            const { searchParams } = new URL(request.url);
            return answer(ctx, {
              body,
              param: paramReader(params),
              query: (name) => {
                const value = searchParams.get(name);
                return value === null ? null : storable(name, value);
              },
              actorId: actor.userId,
              actor,
            });
          });
          if (file) {
            if (!isFile(data)) throw new Error(`${path} answered something that is not a file`);
            return fileAnswer(data);
          }
          return json(data, { status, ...(paged ? { headers: nextLink(request, data) } : {}) });
        } catch (error) {
          return failure(error, request);
        }
      },
    };
  };

  const endpoints = ENDPOINT_NAMES.map((name) =>
    isStreamName(name) ? toStream(name) : toEndpoint(name),
  );
  return {
    endpoints,
    live: hub,
    unmatched(path) {
      const allowed = endpoints
        .filter((candidate) => matchesPath(candidate.path, path))
        .map((candidate) => candidate.method);
      if (allowed.length === 0) {
        return json({ errors: [NOT_FOUND] } satisfies ErrorsBody, { status: 404 });
      }
      return json({ errors: [METHOD_NOT_ALLOWED] } satisfies ErrorsBody, {
        status: 405,
        headers: { allow: [...new Set(allowed)].sort().join(', ') },
      });
    },
  };
}
