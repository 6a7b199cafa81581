/**
 * The one wrapper every endpoint goes through: the response delay, the token check, JSON parsing
 * and error mapping (HttpError → `{ errors: [message] }` with its status; anything else is a bug:
 * 500 `{ error }`). Endpoint handlers only say which service function answers and with what status.
 */
import { delay, HttpResponse, type HttpResponseResolver, type PathParams } from 'msw';
import type { ErrorBody, ErrorsBody } from '../../api/types';
import { authenticate } from '../service/auth';
import type { ServiceContext } from '../service/context';
import { HttpError } from '../service/errors';
import { MESSAGES } from '../service/messages';

export interface RouteRequest {
  /** The parsed JSON body; undefined when the request had none. */
  body: unknown;
  /** A path parameter of the handler's pattern, e.g. `param('postId')`. */
  param: (name: string) => string;
  /** A query parameter of the URL, e.g. `query('q')`; null when it is not there. */
  query: (name: string) => string | null;
}

export interface AuthedRouteRequest extends RouteRequest {
  /** The `_id` of the user the token speaks for. */
  actorId: string;
}

type Answer = object | Promise<object>;

export interface Routes {
  /** A call anyone may make (reads, sign-up, login). */
  open(status: number, answer: (request: RouteRequest) => Answer): HttpResponseResolver;
  /** A call that needs a valid token in the `authorization` header. */
  authed(status: number, answer: (request: AuthedRouteRequest) => Answer): HttpResponseResolver;
}

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, MESSAGES.malformedJson);
  }
}

function paramReader(params: PathParams): (name: string) => string {
  return (name) => {
    const value = params[name];
    const text = typeof value === 'string' ? value : value?.[0];
    if (text === undefined) throw new Error(`Route has no path parameter "${name}"`);
    return text;
  };
}

function errorResponse(error: unknown): Response {
  if (error instanceof HttpError) {
    return HttpResponse.json({ errors: [error.message] } satisfies ErrorsBody, {
      status: error.status,
    });
  }
  console.error('[mock api] Unexpected error', error);
  const message = error instanceof Error ? error.message : String(error);
  return HttpResponse.json({ error: message } satisfies ErrorBody, { status: 500 });
}

export function createRoutes(ctx: ServiceContext, { delayMs }: { delayMs: number }): Routes {
  function resolver(
    status: number,
    needsAuth: boolean,
    answer: (request: AuthedRouteRequest) => Answer,
  ): HttpResponseResolver {
    return async ({ request, params }) => {
      if (delayMs > 0) await delay(delayMs);
      try {
        // One call at a time across tabs, on the stored state, saved before the answer.
        const data = await ctx.db.transaction(async () => {
          const actorId = needsAuth
            ? await authenticate(ctx, request.headers.get('authorization'))
            : '';
          const body = await readJson(request);
          const { searchParams } = new URL(request.url);
          return answer({
            body,
            param: paramReader(params),
            query: (name) => searchParams.get(name),
            actorId,
          });
        });
        return HttpResponse.json(data, { status });
      } catch (error) {
        return errorResponse(error);
      }
    };
  }
  return {
    open: (status, answer) => resolver(status, false, answer),
    authed: (status, answer) => resolver(status, true, answer),
  };
}
