/**
 * Rate limits on the calls a guesser or a spammer repeats: login, counted per client address and
 * per username (so that guessing one person's password from many addresses is limited too), and
 * sign-up, per client address. The counters live in the database (src/server/db/rateLimits.ts):
 * every server process on it counts together, and a restart forgets nothing. Over the limit: 429
 * `{ errors: [message] }` with `Retry-After` (seconds), in the shape of every other refusal.
 *
 * The client's address is the socket's peer. Behind a reverse proxy that peer is the proxy, and
 * the client is in `X-Forwarded-For`; but anyone can send that header, so it is read only when the
 * peer is one of the proxies named in TRUST_PROXY, and then from the right: the rightmost address
 * that is not a trusted proxy is the one the nearest trusted proxy saw (everything to its left,
 * the client could have written).
 */
import { createHash } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { normalizeUsername } from '../api/rules';
import type { ErrorsBody } from '../api/types';

/** At most `points` calls per `seconds`, per client address (and for login, per username). */
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

/** One counter's state after a call was counted. */
export interface RateLimitCount {
  /** The calls counted in the current window, this one included. */
  points: number;
  /** Milliseconds until the window ends and the count starts again. */
  msLeft: number;
}

/** Where the counts are kept: the database in production (db/rateLimits.ts). */
export interface RateLimitCounter {
  /**
   * Counts one call against `key`, in a window of `seconds` that starts with the first call after
   * the last window ended.
   */
  hit(key: string, seconds: number): Promise<RateLimitCount>;
}

/**
 * Counts in this process's memory: for tests over the browser's memory store, which has no
 * database. Never the server's: a restart or a second process would start from zero.
 */
export function createMemoryRateLimitCounter(now: () => number = Date.now): RateLimitCounter {
  const windows = new Map<string, { points: number; resetAt: number }>();
  return {
    hit(key, seconds) {
      const time = now();
      // Windows that ended go, so that the map holds only live ones.
      for (const [other, window] of windows) if (window.resetAt <= time) windows.delete(other);
      const window = windows.get(key) ?? { points: 0, resetAt: time + seconds * 1000 };
      window.points += 1;
      windows.set(key, window);
      return Promise.resolve({ points: window.points, msLeft: window.resetAt - time });
    },
  };
}

/**
 * The reverse proxies whose `X-Forwarded-For` is believed: `true` is a proxy on this machine
 * (loopback, what `TRUST_PROXY=1` means), a list names their addresses or ranges (`10.0.0.0/8`),
 * `false` or an empty list none.
 */
export type TrustProxy = boolean | readonly string[];

/** Loopback, IPv4 and IPv6: what `TRUST_PROXY=1` trusts. */
export const LOOPBACK: readonly string[] = ['127.0.0.0/8', '::1'];

/**
 * An address as the socket or a proxy writes it, in one form: an IPv4 client of a dual-stack
 * socket (`::ffff:203.0.113.9`) is its IPv4 address.
 */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/**
 * The TRUST_PROXY entries, checked: each an IPv4 or IPv6 address, or a range written
 * `address/prefix`. Throws naming the first that is neither.
 */
export function parseTrustedProxies(text: string): string[] {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    const widest = family === 4 ? 32 : 128;
    const bits = prefix === undefined ? widest : Number(prefix);
    if (family === 0 || !/^\d*$/.test(prefix ?? '') || !(bits >= 0 && bits <= widest)) {
      throw new Error(
        `TRUST_PROXY must be 1 (a proxy on this machine) or the proxies' addresses, separated by commas (e.g. 10.0.0.5,10.1.0.0/16): "${entry}"`,
      );
    }
  }
  return entries;
}

/** Whether an address is one of the trusted proxies. */
export function trustedProxies(trust: TrustProxy): (address: string) => boolean {
  const entries = trust === true ? LOOPBACK : trust === false ? [] : trust;
  if (entries.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of parseTrustedProxies(entries.join(','))) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const plain = plainAddress(address);
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/** The socket's peer; `unknown` for a request made in-process (`app.request`, the tests). */
function peerAddress(c: Context): string {
  try {
    return plainAddress(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    return 'unknown';
  }
}

/**
 * The client's address: the socket's peer, unless that peer is a trusted proxy; then the rightmost
 * address of `X-Forwarded-For` that is not a trusted proxy (or, when all are, the leftmost).
 */
export function clientAddress(c: Context, isTrusted: (address: string) => boolean): string {
  const peer = peerAddress(c);
  if (!isTrusted(peer)) return peer;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => plainAddress(entry.trim()))
    .filter((entry) => entry !== '');
  let client = peer;
  for (let index = forwarded.length - 1; index >= 0; index--) {
    client = forwarded[index] ?? client;
    if (!isTrusted(client)) break;
  }
  return client;
}

/** The first four groups of an IPv6 address written in full, or undefined if it is not one. */
function ipv6Prefix64(address: string): string | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.split('%')[0] ?? address;
  // An IPv4 tail (`64:ff9b::192.0.2.1`) is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  const groups = [...headGroups, ...(tail === undefined ? [] : zeros), ...tailGroups];
  return groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':');
}

/**
 * What one client's calls are counted under: its IPv4 address, or its IPv6 /64 (one subscriber's
 * network: a client holds a whole /64 and could take a new address for every call).
 */
export function addressKey(address: string): string {
  const prefix = ipv6Prefix64(address);
  // Not an address (a proxy that writes something else): bounded, it is part of a key.
  return prefix === undefined ? address.slice(0, 64) : `${prefix}::/64`;
}

/**
 * The most of a login's body read for its username. A real login is far smaller (a username and
 * a password of at most 1024 characters each, JSON-escaped); a bigger body is not parsed here.
 */
export const LOGIN_READ_LIMIT_BYTES = 16 * 1024;

/**
 * What a login body over LOGIN_READ_LIMIT_BYTES is counted under, whatever username it holds: all
 * of them together, so that padding a body cannot escape the limit per username.
 */
export const OVERSIZED_LOGIN = '(a body too large to read)';

/** The first `limit` bytes of a body, or undefined when it has more; the request keeps its body. */
async function readAtMost(request: Request, limit: number): Promise<Uint8Array | undefined> {
  const body = request.clone().body;
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) return undefined;
      chunks.push(value);
    }
  } finally {
    // Stops reading the copy; the request's own body is untouched.
    void reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks);
}

/**
 * The username of a login's JSON body as the service reads it (trimmed; any letter case is one
 * person), or undefined when it has none: the service refuses such a call without checking a
 * password. A name that no one could have (too long, other characters) is counted under its hash:
 * a key stays short, and holds nothing PostgreSQL's text refuses (a NUL).
 */
export async function loginUsername(request: Request): Promise<string | undefined> {
  const bytes = await readAtMost(request, LOGIN_READ_LIMIT_BYTES);
  if (bytes === undefined) return OVERSIZED_LOGIN;
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
  const username: unknown =
    typeof body === 'object' && body !== null ? (body as { username?: unknown }).username : null;
  if (typeof username !== 'string') return undefined;
  const name = normalizeUsername(username).toLowerCase();
  return /^\w{1,64}$/.test(name)
    ? name
    : `#${createHash('sha256').update(name).digest('base64url')}`;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export interface RateLimitOptions {
  /** Where the counts are kept. */
  counter: RateLimitCounter;
  /** Names the counters (`login`, `signup`). */
  scope: string;
  /** What the message counts: `login attempts`. */
  what: string;
  /** Whose `X-Forwarded-For` is believed (trustedProxies). */
  isTrustedProxy: (address: string) => boolean;
  /** Also counts per username (the login body's). */
  perUsername?: boolean;
  /**
   * Also counts per token (the `authorization` header, under its hash): a call that checks a
   * password for the signed-in person, so that whoever holds a token cannot guess that password
   * without end, from however many addresses.
   */
  perToken?: boolean;
}

/** Refuses a call over `limit` with 429 and `Retry-After`. */
export function rateLimit(
  limit: RateLimit,
  { counter, scope, what, isTrustedProxy, perUsername = false, perToken = false }: RateLimitOptions,
): MiddlewareHandler {
  return async (c, next) => {
    const refuse = (from: string, msLeft: number) => {
      const wait = seconds(msLeft);
      const body: ErrorsBody = {
        errors: [`Too many ${what} ${from}. Try again in ${wait} seconds.`],
      };
      return c.json(body, 429, { 'Retry-After': String(wait) });
    };
    const address = addressKey(clientAddress(c, isTrustedProxy));
    const byAddress = await counter.hit(`${scope}:address:${address}`, limit.seconds);
    if (byAddress.points > limit.points) return refuse('from your address', byAddress.msLeft);
    if (perUsername) {
      const username = await loginUsername(c.req.raw);
      if (username !== undefined) {
        const byName = await counter.hit(`${scope}:username:${username}`, limit.seconds);
        if (byName.points > limit.points) return refuse('for this username', byName.msLeft);
      }
    }
    const token = c.req.header('authorization');
    if (perToken && token !== undefined) {
      const key = createHash('sha256').update(token).digest('base64url');
      const byToken = await counter.hit(`${scope}:token:${key}`, limit.seconds);
      if (byToken.points > limit.points) return refuse('for this session', byToken.msLeft);
    }
    await next();
  };
}
