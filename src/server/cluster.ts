/**
 * `WEB_CONCURRENCY=N` (1 by default): N server processes on this machine, node:cluster's workers,
 * which share the listening port (the primary hands each connection to the next worker in turn)
 * and nothing else but the PostgreSQL database. Everything that must be shared is there already:
 * sessions and rate-limit counters are rows, every write is a transaction, the token secret is one
 * (TOKEN_SECRET, or the one file in DATA_DIR the primary makes before any worker starts).
 *
 * The primary checks the settings, makes the token secret, migrates (and seeds, when SEED_DEMO=1)
 * once, then forks the workers; it serves nothing. A worker that dies after it was listening is
 * replaced (after 1 s, doubling up to 30 s while replacements keep dying); one that dies before it
 * ever listened at the first start means the server cannot start: the primary stops the others
 * and exits 1. SIGTERM or SIGINT to the primary stops every worker gracefully (run.ts: healthz 503,
 * requests under way finish, the database closes); the primary exits 0 when all of them did. A
 * second signal kills them at once.
 *
 * PGlite is one process by nature (a PGlite folder has one owner, pgliteLock.ts): with PGlite,
 * WEB_CONCURRENCY above 1 is refused with a message, never quietly turned into 1, since someone
 * who asked for N processes is counting on them.
 */
import cluster, { type Worker } from 'node:cluster';
import { createSeedState } from '../seed/seed';
import { createLogger } from './logger';
import { cannotStart, run, type OpenDatabase, type RunOptions } from './run';
import { readSettings } from './settings';
import { ConfigError, resolveTokenSecret } from './tokenSecret';

/** A replacement's first delay, and the most it grows to while replacements keep dying. */
const RESTART_DELAY_MS = 1000;
const MAX_RESTART_DELAY_MS = 30_000;
/** A worker that lived this long resets the delay. */
const HEALTHY_AFTER_MS = 30_000;

/**
 * Starts the server: in this process when WEB_CONCURRENCY is 1 (or this is a worker), else as the
 * primary of WEB_CONCURRENCY workers.
 */
export async function start(openDatabase: OpenDatabase, options: RunOptions = {}): Promise<void> {
  const env = options.env ?? process.env;
  let settings;
  try {
    settings = readSettings(env, options.defaults);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    cannotStart(error);
  }
  if (settings.webConcurrency === 1 || !cluster.isPrimary) {
    await run(openDatabase, options);
    return;
  }
  const workers = settings.webConcurrency;
  const logger = createLogger({ level: settings.logLevel });
  const seed = settings.seedDemo ? { seed: createSeedState } : {};
  try {
    if (settings.databaseUrl === undefined) {
      throw new ConfigError(
        `WEB_CONCURRENCY=${workers} asks for ${workers} server processes, and PGlite is a database inside one process (a PGlite folder has one owner). Set DATABASE_URL to a PostgreSQL database to run ${workers}, or WEB_CONCURRENCY=1.`,
      );
    }
    // Made here once, so that every worker reads the same file rather than race to make one.
    resolveTokenSecret({ envSecret: settings.tokenSecret, dataDir: settings.dataDir });
    // Migrations and the seed once, before any worker; each worker's own check under the same
    // advisory lock then finds nothing to do.
    const db = await openDatabase({ url: settings.databaseUrl, ...seed });
    await db.close();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    cannotStart(error);
  }
  superviseWorkers(workers, logger, settings.shutdownTimeoutMs);
}

function superviseWorkers(
  count: number,
  logger: ReturnType<typeof createLogger>,
  shutdownTimeoutMs: number,
) {
  const started = new Map<Worker, number>();
  const listening = new Set<Worker>();
  let everyoneListened = false;
  let stopping = false;
  let failed = false;
  let delay = RESTART_DELAY_MS;

  const fork = () => {
    const worker = cluster.fork();
    started.set(worker, Date.now());
    worker.once('listening', () => {
      listening.add(worker);
      if (listening.size === count) everyoneListened = true;
    });
  };

  const living = () =>
    Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);

  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of living()) worker.process.kill(signal);
    if (living().length === 0) process.exit(failed ? 1 : 0);
    // Each worker cuts its connections after SHUTDOWN_TIMEOUT_MS; past that and some more, kill.
    setTimeout(() => {
      for (const worker of living()) worker.process.kill('SIGKILL');
    }, shutdownTimeoutMs + 5000).unref();
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (started.get(worker) ?? Date.now());
    const wasListening = listening.has(worker);
    started.delete(worker);
    listening.delete(worker);
    if (stopping) {
      if (code !== 0) failed = true;
      if (living().length === 0) {
        logger.info({ failed }, 'stopped');
        process.exit(failed ? 1 : 0);
      }
      return;
    }
    if (!wasListening && !everyoneListened) {
      logger.fatal(
        { worker: worker.process.pid, code, signal },
        'a worker exited before it started listening: the server cannot start',
      );
      failed = true;
      stopAll('SIGTERM');
      return;
    }
    delay = lived > HEALTHY_AFTER_MS ? RESTART_DELAY_MS : delay;
    logger.error(
      { worker: worker.process.pid, code, signal, restartInMs: delay },
      'a worker exited; starting another',
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
    delay = Math.min(delay * 2, MAX_RESTART_DELAY_MS);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, (received) => {
      // A second signal while stopping: kill the workers and stop now.
      process.once(received, () => {
        for (const worker of living()) worker.process.kill('SIGKILL');
        process.exit(1);
      });
      logger.info({ signal: received }, 'stopping the workers');
      stopAll('SIGTERM');
    });
  }

  for (let index = 0; index < count; index++) fork();
  logger.info({ workers: count }, `started ${count} workers`);
}
