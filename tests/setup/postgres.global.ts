/**
 * Once per Vitest run: the PostgreSQL the tests use besides PGlite. `DATABASE_URL` when set;
 * otherwise a throwaway cluster from the PostgreSQL installed here (scripts/postgres.mjs), stopped
 * when the run ends; none when PostgreSQL is not installed (then vitest.config.ts lists no
 * PostgreSQL project, and says so; MURMUR_NO_POSTGRES=1 acts so too). Test files read the URL from
 * MURMUR_TEST_DATABASE_URL.
 */
import { startThrowawayPostgres } from '../../scripts/postgres.mjs';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.MURMUR_NO_POSTGRES === '1') return undefined;
  if (process.env.DATABASE_URL) {
    process.env.MURMUR_TEST_DATABASE_URL = process.env.DATABASE_URL;
    return undefined;
  }
  const cluster = await startThrowawayPostgres();
  if (cluster === null) return undefined;
  process.env.MURMUR_TEST_DATABASE_URL = cluster.url;
  return () => cluster.stop();
}
