/**
 * The server's settings, all from the environment (the README's table), read and checked at once
 * so that a wrong value stops the start with a message naming it, never a half-started server.
 */
import {
  DEFAULT_RATE_LIMITS,
  parseRateLimit,
  parseTrustedProxies,
  type RateLimits,
  type TrustProxy,
} from './rateLimit';
import { ConfigError } from './tokenSecret';

export interface Settings {
  /** `PORT`, 8080 by default. */
  port: number;
  /** `HOST`: the interface to listen on; every interface when unset. */
  host: string | undefined;
  /** `DATABASE_URL`: a PostgreSQL server; unset, PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  /** `DATA_DIR`, `./data` by default: PGlite's files (in `pglite/`) and the generated token secret. */
  dataDir: string;
  /**
   * `STATIC_DIR`: the app built for the server; by default the `app` folder beside the compiled
   * server's own folder (dist-server/app), wherever it is started from.
   */
  staticDir: string;
  /** `TOKEN_SECRET`: at least 32 characters; unset, one is made once and kept in `dataDir`. */
  tokenSecret: string | undefined;
  /**
   * `SEED_DEMO=1` stores the demo's people and posts (public passwords: `guest` / `guest1234`)
   * into a database with no one in it; off by default, so a production database starts empty.
   */
  seedDemo: boolean;
  /** `DEMO_RESET=1` lets a signed-in person put the seed back for everyone; off by default. */
  demoReset: boolean;
  /**
   * `TRUST_PROXY`: the reverse proxies whose `X-Forwarded-For` names the client. `1` is a proxy on
   * this machine (`true`: loopback); otherwise their addresses or ranges, separated by commas
   * (`10.0.0.5,10.1.0.0/16`). Unset or `0`: none (`false`), the client is the socket's peer.
   */
  trustProxy: TrustProxy;
  /**
   * `LOGIN_RATE_LIMIT` (per client address and per username) and `SIGNUP_RATE_LIMIT` (per client
   * address), written `N/SECONDS`.
   */
  rateLimits: RateLimits;
  /** `SHUTDOWN_TIMEOUT_MS`, 10000 by default: how long requests under way may run at shutdown. */
  shutdownTimeoutMs: number;
  /** `LOG_LEVEL`, `info` by default (pino's levels: `debug`, `warn`, …). */
  logLevel: string;
  /**
   * `WEB_CONCURRENCY`, 1 by default: how many server processes (workers) to run on this machine,
   * all on one PostgreSQL database (cluster.ts); more than 1 needs `DATABASE_URL`.
   */
  webConcurrency: number;
}

/** What the settings default to where the environment says nothing, when not fixed here. */
export interface SettingDefaults {
  /** The built app's folder; `dist-server/app` (from the working directory) when not given. */
  staticDir?: string;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const text = env[name];
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) {
    throw new ConfigError(`${name} must be a whole number of at least ${min}: "${text}"`);
  }
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const text = env[name]?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false') return false;
  if (text === '1' || text === 'true') return true;
  throw new ConfigError(`${name} must be 1 or 0: "${text}"`);
}

function rate(env: NodeJS.ProcessEnv, name: string, fallback: RateLimits[keyof RateLimits]) {
  const text = env[name];
  if (text === undefined || text.trim() === '') return fallback;
  try {
    return parseRateLimit(text, name);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

function trustProxy(env: NodeJS.ProcessEnv): TrustProxy {
  const value = env.TRUST_PROXY?.trim() ?? '';
  if (value === '' || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  try {
    return parseTrustedProxies(value);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

const text = (env: NodeJS.ProcessEnv, name: string) =>
  env[name] === undefined || env[name].trim() === '' ? undefined : env[name];

export function readSettings(env: NodeJS.ProcessEnv, defaults: SettingDefaults = {}): Settings {
  const logLevel = text(env, 'LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}: "${logLevel}"`);
  }
  return {
    port: integer(env, 'PORT', 8080, 0),
    host: text(env, 'HOST'),
    databaseUrl: text(env, 'DATABASE_URL'),
    dataDir: text(env, 'DATA_DIR') ?? 'data',
    staticDir: text(env, 'STATIC_DIR') ?? defaults.staticDir ?? 'dist-server/app',
    tokenSecret: env.TOKEN_SECRET,
    seedDemo: flag(env, 'SEED_DEMO'),
    demoReset: flag(env, 'DEMO_RESET'),
    trustProxy: trustProxy(env),
    rateLimits: {
      login: rate(env, 'LOGIN_RATE_LIMIT', DEFAULT_RATE_LIMITS.login),
      signup: rate(env, 'SIGNUP_RATE_LIMIT', DEFAULT_RATE_LIMITS.signup),
    },
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0),
    logLevel,
    webConcurrency: integer(env, 'WEB_CONCURRENCY', 1, 1),
  };
}
