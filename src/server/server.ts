/**
 * Murmur's Node server: the built app and the API on one origin, on Hono (@hono/node-server).
 *
 * The API is the table of src/service/http (the same one MSW hosts in the browser): one Hono route
 * per endpoint, and the JSON 404 / 405 for any other path under `/api`. So the statuses, messages
 * and JSON shapes are the mock's. Around it, what a server people share needs and a mock in one
 * browser does not: a token secret of its own, argon2id passwords, a body size limit, rate limits
 * on login and sign-up, security headers with a CSP, one log line per request, `GET /healthz`,
 * and a shutdown that lets requests under way finish. `createServer` takes its store (the SQL
 * one in production, src/server/db; the browser's memory store in the tests) and does not own
 * it: whoever opened the store closes it, after `close()`.
 */
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { requestId, type RequestIdVariables } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { ENDPOINTS } from '../api/endpoints';
import { IMAGE_RULE } from '../api/rules';
import type { ErrorBody, ErrorsBody } from '../api/types';
import { createServiceContext, demo, inlineImages } from '../service';
import type { InlineImagesReport } from '../service/inlineImages';
import { except } from 'hono/combine';
import { MEDIA_MESSAGES, MEDIA_RULE } from '../api/media';
import { setOnAnswer, varyOnEncoding, withBody } from './answerHeaders';
import { createSharpImageCodec } from './imageCodec';
import { createApi } from '../service/http/api';
import type { PasswordHasher } from '../service/passwords';
import type { Store } from '../service/store';
import { createTokenService } from '../service/tokens';
import { createLogger, requestLog, type Logger } from './logger';
import { serverPasswords } from './passwords';
import {
  DEFAULT_RATE_LIMITS,
  rateLimit,
  trustedProxies,
  type RateLimitCounter,
  type RateLimits,
  type TrustProxy,
} from './rateLimit';
import { checkStaticDir, inlineScriptHashes, NO_CACHE, serveApp } from './staticFiles';

/** Where the API lives on the server, as in the app (`${BASE_URL}api`). */
export const API_BASE = '/api';

/**
 * The largest JSON body the API reads. The largest call a person can make is a post or a profile
 * with one image, sent as a base64 data URL (IMAGE_RULE: at most 2 MiB decoded, so 4/3 of that
 * encoded), plus 256 KiB for its texts and the JSON around them. An image a little over the rule
 * still reaches the service and gets its own 400 (the mock's message); this limit is only for
 * bodies no valid call comes near.
 */
export const JSON_BODY_LIMIT_BYTES = Math.ceil(IMAGE_RULE.maxBytes / 3) * 4 + 256 * 1024;

/** The 413's message: the limit in MB, one decimal. */
export const BODY_TOO_LARGE = `The request is too large: at most ${(
  JSON_BODY_LIMIT_BYTES /
  (1024 * 1024)
).toFixed(1)} MB.`;

/** How long `GET /healthz` waits for the store's answer before it says 503. */
const HEALTH_TIMEOUT_MS = 2_000;

export interface ServerOptions {
  /** Where the records live: the SQL store in production, the memory store in tests. */
  store: Store;
  /** The app built for the server (`npm run build:server`: dist-server/app). */
  staticDir: string;
  /** Signs and checks session tokens (HS256); at least 32 characters (tokenSecret.ts). */
  tokenSecret: string;
  /** Hashes new passwords; argon2id (passwords.ts) unless a test wants a faster one. */
  passwords?: PasswordHasher;
  /** Whether `POST /api/demo/reset` may put the seed back for everyone; off (403) by default. */
  demoReset?: boolean;
  /**
   * Where the rate limits count: the database's counters (db/rateLimits.ts), so that every
   * process counts together; a test over the memory store counts in memory.
   */
  rateLimitCounter: RateLimitCounter;
  /**
   * Login calls allowed per client address and per username, sign-ups per client address;
   * DEFAULT_RATE_LIMITS for any not given.
   */
  rateLimits?: Partial<RateLimits>;
  /** The largest JSON body, in bytes; JSON_BODY_LIMIT_BYTES by default. */
  bodyLimitBytes?: number;
  /**
   * Behind a reverse proxy: the proxies (`true`: on this machine, loopback; or their addresses)
   * whose `X-Forwarded-For` names the client. None by default: the client is the socket's peer.
   */
  trustProxy?: TrustProxy;
  /** How long `close()` lets requests under way run before it cuts their connections. */
  shutdownTimeoutMs?: number;
  /** JSON lines on stdout by default (logger.ts). */
  logger?: Logger;
  /** The clock of the service and of token expiry. */
  now?: () => Date;
}

export interface MurmurServer {
  /** The Hono app: `app.request(...)` answers without a socket (the tests' way in). */
  app: Hono<{ Variables: RequestIdVariables }>;
  /** The CSP's hashes of the built pages' inline scripts (`'sha256-…'`). */
  scriptHashes: readonly string[];
  /** Starts accepting connections; resolves with the address once listening. */
  listen(port: number, hostname?: string): Promise<AddressInfo>;
  /**
   * Stops: `/healthz` answers 503 at once, no new connection is accepted, the requests under way
   * finish (cut after `shutdownTimeoutMs`), and it resolves when the last connection is gone.
   */
  close(): Promise<void>;
  /** True from the first `close()` on. */
  readonly closing: boolean;
  /**
   * Makes the images a database still holds inline (from before images were media) into media
   * (src/service/inlineImages.ts); what it did.
   */
  convertInlineImages(): Promise<InlineImagesReport>;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function createServer(options: ServerOptions): MurmurServer {
  const {
    store,
    rateLimitCounter,
    staticDir,
    tokenSecret,
    passwords = serverPasswords,
    demoReset = false,
    bodyLimitBytes = JSON_BODY_LIMIT_BYTES,
    trustProxy = false,
    shutdownTimeoutMs = 10_000,
    logger = createLogger(),
    now = () => new Date(),
  } = options;
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  checkStaticDir(staticDir);
  const scriptHashes = inlineScriptHashes(staticDir);

  let closing = false;
  let closed: Promise<void> | null = null;
  let server: Server | null = null;

  const ctx = createServiceContext({
    store,
    tokens: createTokenService({ secret: tokenSecret, now }),
    passwords,
    now,
    demoReset,
    images: createSharpImageCodec(),
    apiBase: API_BASE,
  });
  // The request id of each API call, for the log line of an unexpected error in it.
  const requestIds = new WeakMap<Request, string>();
  const api = createApi(ctx, {
    onUnexpected: (error, request) => {
      logger.error({ err: error, reqId: requestIds.get(request) }, 'unexpected error');
    },
    revealUnexpected: false,
  });

  // Not strict: `/signup-page/` is `/signup-page`, and `/api/posts/` is `/api/posts`.
  const app = new Hono<{ Variables: RequestIdVariables }>({ strict: false });

  app.use(requestId());
  app.use(requestLog(logger));
  app.use(async (c, next) => {
    await next();
    // While shutting down, no connection is kept for a next request.
    if (closing) setOnAnswer(c, 'Connection', 'close');
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // The head's boot script (src/app/themeBoot.ts), by its hash; no other inline script.
        scriptSrc: ["'self'", ...scriptHashes],
        // styled-components writes its rules into <style> elements at run time, and the
        // prerendered pages carry theirs inline: a nonce cannot reach either from static files.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Avatars and post images are data: URLs.
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      // As frame-ancestors says, for browsers that read only this one.
      xFrameOptions: 'DENY',
    }),
  );
  app.use(compress());
  app.use(varyOnEncoding);

  app.get('/healthz', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (closing) return c.json({ status: 'shutting down' }, 503);
    try {
      // One lookup: no transaction around it (a balancer asks every few seconds).
      await withTimeout(
        store.readEach((reads) => reads.users.get('healthz')),
        HEALTH_TIMEOUT_MS,
      );
      return c.json({ status: 'ok' });
    } catch (error) {
      logger.warn({ err: error, reqId: c.get('requestId') }, 'health check: store unavailable');
      return c.json({ status: 'unavailable' }, 503);
    }
  });

  // An upload may be larger than any JSON body: it has a limit of its own, counted as it arrives
  // (a chunked body that says no length included).
  const uploadPath = `${API_BASE}${ENDPOINTS.uploadMedia.path}`;
  const jsonLimit = bodyLimit({
    maxSize: bodyLimitBytes,
    onError: (c) => c.json({ errors: [BODY_TOO_LARGE] } satisfies ErrorsBody, 413),
  });
  const uploadLimit = bodyLimit({
    maxSize: MEDIA_RULE.maxFormBytes,
    onError: (c) => c.json({ errors: [MEDIA_MESSAGES.tooLarge] } satisfies ErrorsBody, 413),
  });
  app.use(`${API_BASE}/*`, except(uploadPath, withBody(jsonLimit)));
  app.post(uploadPath, uploadLimit);
  const isTrustedProxy = trustedProxies(trustProxy);
  app.post(
    `${API_BASE}${ENDPOINTS.login.path}`,
    rateLimit(limits.login, {
      counter: rateLimitCounter,
      scope: 'login',
      what: 'login attempts',
      isTrustedProxy,
      perUsername: true,
    }),
  );
  // A password change checks the current password: limited as logins are, per session too.
  app.post(
    `${API_BASE}${ENDPOINTS.changePassword.path}`,
    rateLimit(limits.login, {
      counter: rateLimitCounter,
      scope: 'password',
      what: 'password change attempts',
      isTrustedProxy,
      perToken: true,
    }),
  );
  app.post(
    `${API_BASE}${ENDPOINTS.signup.path}`,
    rateLimit(limits.signup, {
      counter: rateLimitCounter,
      scope: 'signup',
      what: 'sign-ups',
      isTrustedProxy,
    }),
  );
  for (const endpoint of api.endpoints) {
    app.on(endpoint.method, `${API_BASE}${endpoint.path}`, (c) => {
      requestIds.set(c.req.raw, c.get('requestId'));
      return endpoint.handle(c.req.raw, c.req.param());
    });
  }
  app.all(API_BASE, () => api.unmatched(''));
  app.all(`${API_BASE}/*`, (c) => api.unmatched(c.req.path.slice(API_BASE.length)));

  serveApp(app, staticDir, {
    guestOffered: async () => (await demo.demoInfo(ctx)).guest,
  });
  app.notFound((c) => c.text('Not found', 404, { 'Cache-Control': NO_CACHE }));
  app.onError((error, c) => {
    logger.error({ err: error, reqId: c.get('requestId') }, 'unexpected error');
    return c.json({ error: 'Internal server error' } satisfies ErrorBody, 500);
  });

  return {
    app,
    scriptHashes,
    convertInlineImages: () => inlineImages.convertInlineImages(ctx),
    get closing() {
      return closing;
    },
    listen(port, hostname) {
      if (server !== null) return Promise.reject(new Error('The server is listening already'));
      const listening = createAdaptorServer({ fetch: app.fetch }) as Server;
      server = listening;
      return new Promise((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, hostname, () => {
          listening.off('error', reject);
          resolve(listening.address() as AddressInfo);
        });
      });
    },
    close() {
      if (closed !== null) return closed;
      closing = true;
      // Open streams would keep their connections until the cut: they end now (their clients
      // reconnect, to another process or to this server once it is back, and resume).
      api.live.close();
      const listening = server;
      closed =
        listening === null
          ? Promise.resolve()
          : new Promise<void>((resolve, reject) => {
              const cut = setTimeout(() => {
                logger.warn({ timeoutMs: shutdownTimeoutMs }, 'shutdown: cutting open connections');
                listening.closeAllConnections();
              }, shutdownTimeoutMs);
              cut.unref();
              listening.close((error) => {
                clearTimeout(cut);
                if (error) reject(error);
                else resolve();
              });
              // Kept-alive connections with no request under way go now; busy ones after their answer.
              listening.closeIdleConnections();
            });
      return closed;
    },
  };
}
