/**
 * Rate limits on the calls a guesser or a spammer repeats: login and sign-up, counted per client
 * address in this process's memory (rate-limiter-flexible). With several processes behind a load
 * balancer each counts on its own, so a client gets up to N times the limit: the README says so.
 * Over the limit: 429 `{ errors: [message] }` with `Retry-After` (seconds), in the shape of every
 * other refusal.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { ErrorsBody } from '../api/types';

/** At most `points` calls per `seconds` from one address. */
export interface RateLimit {
  points: number;
  seconds: number;
}

export interface RateLimits {
  login: RateLimit;
  signup: RateLimit;
}

/**
 * Enough for a person who mistypes a password a few times, or a household signing up together;
 * far too few for guessing passwords or making accounts in bulk.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { points: 10, seconds: 60 },
  signup: { points: 10, seconds: 60 * 60 },
};

/** `N/seconds`, e.g. `10/60`: how LOGIN_RATE_LIMIT and SIGNUP_RATE_LIMIT are written. */
export function parseRateLimit(text: string, name: string): RateLimit {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const points = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  if (!match || points < 1 || seconds < 1) {
    throw new Error(
      `${name} must be written N/SECONDS with both at least 1, e.g. 10/60: "${text}"`,
    );
  }
  return { points, seconds };
}

/**
 * The client's address: the socket's peer, or behind a reverse proxy (`trustProxy`) the last
 * address of `X-Forwarded-For`, the one the proxy itself saw (those before it, the client can
 * write).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No socket: a request made in-process (`app.request`).
    return 'unknown';
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Refuses a call over `limit` from one address with 429 and `Retry-After`. */
export function rateLimit(
  limit: RateLimit,
  { what, trustProxy }: { what: string; trustProxy: boolean },
): MiddlewareHandler {
  const limiter = new RateLimiterMemory({ points: limit.points, duration: limit.seconds });
  return async (c, next) => {
    try {
      await limiter.consume(clientAddress(c, trustProxy));
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      const wait = seconds(refusal.msBeforeNext);
      const body: ErrorsBody = {
        errors: [`Too many ${what} from your address. Try again in ${wait} seconds.`],
      };
      return c.json(body, 429, { 'Retry-After': String(wait) });
    }
    await next();
  };
}
