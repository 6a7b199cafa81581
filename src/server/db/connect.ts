/**
 * Opens the Node server's database: PostgreSQL when given a URL, else PGlite (embedded) on a data
 * directory, or in memory when given neither (tests). Before handing out the store it brings the
 * schema up to date (the migrations drizzle-kit wrote into ./migrations) and, when given a seed
 * and the database has no one in it, stores the seed. Both happen under one PostgreSQL advisory
 * lock, so two servers starting at once on one PostgreSQL database neither migrate nor seed twice.
 * A PGlite folder is opened by one process only (pgliteLock.ts).
 *
 * Nothing is seeded unless asked: the seed's people have public passwords (`guest` /
 * `guest1234`), which belong in a demo, never in a production database.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { listenTo } from './listen';
import { LIVE_CHANNEL } from './schemaLive';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseState } from '../../service/records';
import type { Store } from '../../service/store';
import type { RateLimitCounter } from '../rateLimit';
import { lockPgliteFolder } from './pgliteLock';
import { createSqlRateLimitCounter } from './rateLimits';
import { users } from './schema';
import { ensureTrigramIndexes, fillDerived } from './sqlDerived';
import { createSqlStore, insertState, type SqlDatabase } from './sqlStore';

/** Where the database is: `url` (PostgreSQL) wins over `dataDir` (PGlite); neither: PGlite in memory. */
export interface SqlDatabaseOptions {
  /** A PostgreSQL connection string (`postgres://user:password@host:port/database`). */
  url?: string;
  /** PGlite's data directory; created when missing. */
  dataDir?: string;
  /**
   * The records stored into a database with no one in it, and put back by `reset()`. Without
   * one, nothing is stored and `reset()` empties the database.
   */
  seed?: () => DatabaseState;
  /**
   * PostgreSQL: told when an idle pooled connection breaks (server restart, connection
   * terminated). The pool drops it and connects again when needed; a console warning unless given.
   */
  onIdleError?: (error: Error) => void;
}

/** An open database and the store over it. */
export interface OpenSqlDatabase {
  store: Store;
  /**
   * The rate limits' counters, in the database: shared by every process on it, kept across
   * restarts.
   */
  rateLimits: RateLimitCounter;
  kind: 'pglite' | 'postgres';
  /** The Drizzle database under the store (for tools and tests; the service uses `store`). */
  db: SqlDatabase;
  /** Closes the connections (PGlite: flushes and closes its files). */
  close(): Promise<void>;
}

/** The migrations drizzle-kit generates from schema.ts (`npm run db:generate`). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** The advisory lock taken while migrating and seeding (any fixed number; "murmur" in ASCII). */
export const SETUP_LOCK = 0x6d75726d7572;

/** What `reset()` puts back when there is no seed: nothing. */
const EMPTY = (): DatabaseState => ({ users: [], posts: [] });

/** Stores `seed()`, if given, when no one is in the database yet, in one transaction. */
async function seedWhenEmpty(
  db: SqlDatabase,
  seed: (() => DatabaseState) | undefined,
): Promise<void> {
  if (seed === undefined) return;
  const [someone] = await db.select({ id: users.id }).from(users).limit(1);
  if (someone) return;
  await db.transaction((tx) => insertState(tx, seed()));
}

/**
 * What the migrations cannot do in SQL alone: the hashtags and folded text of rows written before
 * they were kept (computed by the app's own rules), and the trigram indexes when pg_trgm is there.
 */
async function afterMigrations(db: SqlDatabase): Promise<void> {
  await fillDerived(db);
  await ensureTrigramIndexes(db);
}

/** Runs `setup` holding the advisory lock on the (single) connection of `db`. */
async function underSetupLock(db: SqlDatabase, setup: () => Promise<void>): Promise<void> {
  await db.execute(sql`select pg_advisory_lock(${sql.raw(String(SETUP_LOCK))})`);
  try {
    await setup();
  } finally {
    await db.execute(sql`select pg_advisory_unlock(${sql.raw(String(SETUP_LOCK))})`);
  }
}

const warnIdleError = (error: Error) => {
  console.warn(`murmur: an idle PostgreSQL connection broke: ${error.message}`);
};

async function openPostgres(
  url: string,
  seed: (() => DatabaseState) | undefined,
  onIdleError: (error: Error) => void,
): Promise<OpenSqlDatabase> {
  const pool = new pg.Pool({ connectionString: url });
  // Without a listener, an idle client's error would be thrown as an uncaught exception.
  pool.on('error', onIdleError);
  try {
    // Session-level advisory locks belong to a connection: migrate and seed on one client.
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const setupDb = drizzlePostgres({ client });
      await underSetupLock(setupDb, async () => {
        await migratePostgres(setupDb, { migrationsFolder: MIGRATIONS_FOLDER });
        await afterMigrations(setupDb);
        await seedWhenEmpty(setupDb, seed);
      });
    } catch (error) {
      broken = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      // A client that failed mid-setup may still hold the lock or a transaction: drop it.
      client.release(broken);
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePostgres({ client: pool });
  // Other processes' writes reach this one's streams through LISTEN (its own, at once as well).
  const listening = listenTo(url, LIVE_CHANNEL);
  return {
    store: createSqlStore(db, seed ?? EMPTY, (listener) => listening.subscribe(listener)),
    rateLimits: createSqlRateLimitCounter(db),
    kind: 'postgres',
    db,
    close: async () => {
      await listening.close();
      await pool.end();
    },
  };
}

/**
 * The files of a migrated, empty in-memory database, kept from the first one this process opens.
 * A new in-memory PGlite runs initdb, about 3 s; one started from a copy of these files takes
 * about 1 s, which the tests, opening dozens, notice. A folder is never started from a copy.
 */
let migratedEmptyFiles: File | Blob | undefined;

/**
 * The environment variable naming a file of such files (`dumpEmptyPglite`): the test run makes one
 * (tests/setup/pglite.global.ts), and each test file, a process of its own, starts its in-memory
 * databases from it instead of running initdb again. A copy from older migrations is migrated on.
 */
export const PGLITE_TEMPLATE_ENV = 'MURMUR_PGLITE_TEMPLATE';

function templateFiles(): Blob | undefined {
  const path = process.env[PGLITE_TEMPLATE_ENV];
  if (migratedEmptyFiles !== undefined || path === undefined || path === '') {
    return migratedEmptyFiles;
  }
  try {
    migratedEmptyFiles = new Blob([readFileSync(path)]);
  } catch {
    // Gone or unreadable: initdb, as without it.
  }
  return migratedEmptyFiles;
}

/** The files of a migrated, empty in-memory database (for `PGLITE_TEMPLATE_ENV`). */
export async function dumpEmptyPglite(): Promise<Uint8Array> {
  const client = new PGlite({ extensions: { pg_trgm } });
  try {
    await client.waitReady;
    const db = drizzlePglite({ client });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await afterMigrations(db);
    return new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
  } finally {
    await client.close();
  }
}

async function openPglite(
  dataDir: string | undefined,
  seed: (() => DatabaseState) | undefined,
): Promise<OpenSqlDatabase> {
  // In memory, the database is this open's alone: only a folder needs a lock.
  let lock: ReturnType<typeof lockPgliteFolder> | undefined;
  if (dataDir !== undefined) {
    // PGlite makes its own folder, not the ones above it.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // Before PGlite reads a byte of it: another process may be writing there.
    lock = lockPgliteFolder(dataDir);
  }
  let client: PGlite | undefined;
  try {
    // pg_trgm: the searches' trigram indexes (sqlDerived.ts).
    const extensions = { pg_trgm };
    const copied = dataDir === undefined ? templateFiles() : undefined;
    client =
      dataDir === undefined
        ? new PGlite({ extensions, loadDataDir: copied })
        : new PGlite(dataDir, { extensions });
    await client.waitReady;
    const db = drizzlePglite({ client });
    const memory = client;
    await underSetupLock(db, async () => {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await afterMigrations(db);
      if (dataDir === undefined && copied === undefined) {
        migratedEmptyFiles ??= await memory.dumpDataDir('none');
      }
      await seedWhenEmpty(db, seed);
    });
    const opened = client;
    return {
      store: createSqlStore(db, seed ?? EMPTY),
      rateLimits: createSqlRateLimitCounter(db),
      kind: 'pglite',
      db,
      close: async () => {
        try {
          await opened.close();
        } finally {
          // Only once PGlite has written its last page may another process open the folder.
          lock?.release();
        }
      },
    };
  } catch (error) {
    try {
      if (client !== undefined && !client.closed) await client.close();
    } finally {
      lock?.release();
    }
    throw error;
  }
}

/**
 * Opens, migrates and (when given a seed and empty) seeds the database; see
 * {@link SqlDatabaseOptions}.
 */
export function openSqlDatabase(options: SqlDatabaseOptions = {}): Promise<OpenSqlDatabase> {
  return options.url !== undefined
    ? openPostgres(options.url, options.seed, options.onIdleError ?? warnIdleError)
    : openPglite(options.dataDir, options.seed);
}
