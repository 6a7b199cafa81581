/**
 * What the tests of state the database keeps for itself (counts and groups kept by triggers)
 * share: the SQL stores they run on, PGlite always and PostgreSQL when MURMUR_TEST_DATABASE_URL
 * names a server (a scratch database, dropped after the file), each holding the seed; and a
 * change read back inside a transaction that is then rolled back, so every run starts from the
 * seed.
 */
import { afterAll } from 'vitest';
import { createSeedState } from '../../src/seed/seed';
import { openSqlDatabase, type OpenSqlDatabase } from '../../src/server/db/connect';
import type { SqlDatabase, SqlTransaction } from '../../src/server/db/sqlRows';
import { scratchDatabases, testDatabaseUrl } from './scratchDatabases';

export interface SeededSqlTarget {
  name: string;
  open: () => Promise<OpenSqlDatabase>;
}

/** PGlite, and PostgreSQL when a test server is named; call at the top of a test file. */
export function seededSqlTargets(): SeededSqlTarget[] {
  const databaseUrl = testDatabaseUrl();
  const scratch = databaseUrl === undefined ? undefined : scratchDatabases(databaseUrl);
  afterAll(async () => {
    await scratch?.dropAll();
  });
  const targets: SeededSqlTarget[] = [
    { name: 'PGlite', open: () => openSqlDatabase({ seed: createSeedState }) },
  ];
  if (scratch !== undefined) {
    targets.push({
      name: 'PostgreSQL',
      open: async () =>
        openSqlDatabase({
          url: await scratch.create(),
          onIdleError: () => undefined,
          seed: createSeedState,
        }),
    });
  }
  return targets;
}

/** Thrown to roll a transaction back once its work has been read. */
class RolledBack extends Error {}

/** What `work` reads inside a transaction that is then rolled back. */
export async function readRolledBack<T>(
  db: SqlDatabase,
  work: (tx: SqlTransaction) => Promise<T>,
): Promise<T> {
  let seen: { value: T } | undefined;
  await db
    .transaction(async (tx) => {
      seen = { value: await work(tx) };
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  if (seen === undefined) throw new Error('The work did not finish');
  return seen.value;
}
