/**
 * The server as a process: settings from the environment, the token secret, the database, the
 * server, and a graceful stop on SIGTERM or SIGINT (healthz 503, no new connections, requests
 * under way finish, the database closes, exit 0). main.ts hands it the SQL database's opener.
 */
import cluster from 'node:cluster';
import { join } from 'node:path';
import { createSeedState } from '../seed/seed';
import type { DatabaseState } from '../service/records';
import type { Store } from '../service/store';
import { createLogger } from './logger';
import type { RateLimitCounter } from './rateLimit';
import { createServer } from './server';
import { readSettings, type SettingDefaults } from './settings';
import { ConfigError, resolveTokenSecret } from './tokenSecret';

/** What src/server/db/connect.ts's `openSqlDatabase` is. */
export type OpenDatabase = (options: {
  url?: string;
  dataDir?: string;
  seed?: () => DatabaseState;
}) => Promise<{
  store: Store;
  rateLimits: RateLimitCounter;
  close(): Promise<void>;
  kind: 'pglite' | 'postgres';
}>;

/** How main.ts starts the server: its environment, and defaults that depend on where it runs. */
export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  defaults?: SettingDefaults;
}

/** Prints why the server cannot start (a setting, a folder another process owns) and exits 1. */
export function cannotStart(error: ConfigError): never {
  console.error(`Murmur's server cannot start: ${error.message}`);
  process.exit(1);
}

export async function run(
  openDatabase: OpenDatabase,
  { env = process.env, defaults = {} }: RunOptions = {},
) {
  let settings;
  let secret;
  try {
    settings = readSettings(env, defaults);
    secret = resolveTokenSecret({ envSecret: settings.tokenSecret, dataDir: settings.dataDir });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    cannotStart(error);
  }
  const logger = createLogger({ level: settings.logLevel });
  // The demo's people have public passwords: stored only when asked for (SEED_DEMO=1).
  const seed = settings.seedDemo ? { seed: createSeedState } : {};
  let db: Awaited<ReturnType<OpenDatabase>>;
  try {
    db = await openDatabase(
      settings.databaseUrl === undefined
        ? { dataDir: join(settings.dataDir, 'pglite'), ...seed }
        : { url: settings.databaseUrl, ...seed },
    );
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    cannotStart(error);
  }
  const server = createServer({
    store: db.store,
    rateLimitCounter: db.rateLimits,
    staticDir: settings.staticDir,
    tokenSecret: secret.secret,
    demoReset: settings.demoReset,
    rateLimits: settings.rateLimits,
    trustProxy: settings.trustProxy,
    shutdownTimeoutMs: settings.shutdownTimeoutMs,
    logger,
  });
  const address = await server.listen(settings.port, settings.host);
  logger.info(
    {
      address: address.address,
      port: address.port,
      database: db.kind,
      tokenSecret: secret.source === 'env' ? 'TOKEN_SECRET' : secret.file,
      seedDemo: settings.seedDemo,
      demoReset: settings.demoReset,
    },
    `Murmur is listening on http://${settings.host ?? 'localhost'}:${address.port}`,
  );

  // Images stored inline before images were media become media, in the background: by one
  // process (the first worker under WEB_CONCURRENCY), while the server answers.
  if (cluster.isPrimary || cluster.worker?.id === 1) {
    server.convertInlineImages().then(
      (report) => {
        if (report.converted + report.unreadable > 0) {
          logger.info(report, 'images stored inline were made into media');
        }
      },
      (error: unknown) => logger.error({ err: error }, 'making inline images into media failed'),
    );
  }

  // Once: under WEB_CONCURRENCY a Ctrl-C reaches a worker twice, from the terminal and from the
  // primary (cluster.ts), and the second must not close what the first is closing.
  let stopping: Promise<void> | undefined;
  const stop = (signal: NodeJS.Signals) => (stopping ??= stopNow(signal));
  async function stopNow(signal: NodeJS.Signals) {
    logger.info({ signal }, 'shutting down');
    try {
      await server.close();
      await db.close();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.fatal({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, (received) => {
      // A second signal while stopping: stop now.
      process.once(received, () => process.exit(1));
      void stop(received);
    });
  }
}
