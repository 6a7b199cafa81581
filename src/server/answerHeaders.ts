/**
 * Middleware helpers that keep a plain answer cheap. @hono/node-server answers a string body from
 * a light Response object written straight to the socket; hono's `c.header` after `next()`, and
 * reading a request's `body`, turn the light objects into full Fetch ones first (a Response copied
 * for each header, a Request with an AbortSignal): measured on the Home page under load, about a
 * tenth of the server's time went to that and nothing else.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { IncomingMessage } from 'node:http';

/**
 * Sets a header on the answer already made, in place. The light Response's headers are a plain
 * `Headers`; a Response whose headers are immutable (from `Response.redirect`, say) gets it
 * through `c.header`, which copies the Response.
 */
export function setOnAnswer(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}

/**
 * `Vary: Accept-Encoding` on every answer, set in place: hono's `compress` adds it with
 * `c.header` (so a copy of every answer) unless it is there already. Registered after `compress`,
 * so that it runs first on the way out.
 */
export const varyOnEncoding: MiddlewareHandler = async (c, next) => {
  await next();
  const current = c.res.headers.get('Vary');
  if (current === '*' || (current !== null && /accept-encoding/i.test(current))) return;
  setOnAnswer(c, 'Vary', current === null ? 'Accept-Encoding' : `${current}, Accept-Encoding`);
};

const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether the request came over HTTP saying neither Content-Length nor Transfer-Encoding, so with
 * no body (RFC 9112, 6.3: a like, a follow). Only a request from the socket can say so: one made
 * in the process (`app.request`, a test) is a Fetch Request whose headers need not carry a length.
 */
function bodilessOnTheWire(env: unknown): boolean {
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return false;
  const { incoming } = env;
  if (!(incoming instanceof IncomingMessage)) return false;
  const { headers } = incoming;
  return headers['content-length'] === undefined && headers['transfer-encoding'] === undefined;
}

/**
 * `middleware` for requests that carry a body: a GET, HEAD or OPTIONS has none to limit, nor has
 * a request from the socket without a length; asking one for its body (as hono's `bodyLimit`
 * does) builds a full Request.
 */
export const withBody =
  <E extends object>(middleware: MiddlewareHandler<E>): MiddlewareHandler<E> =>
  (c, next) =>
    BODILESS.has(c.req.method) || bodilessOnTheWire(c.env) ? next() : middleware(c, next);
