/**
 * The rate limits' counters (src/server/rateLimit.ts) in the database, table `rate_limits`: every
 * server process on one database counts together, and a restart forgets nothing. A call is
 * counted by one statement, an upsert, so that calls made at once on any number of processes are
 * each counted once (PostgreSQL locks the row between them): a new key starts a window at 1; a key
 * whose window has ended starts a new one at 1; any other adds 1. Time is the database's, the one
 * clock all the processes share.
 *
 * Rows whose window has ended are useless (the next call starts again at 1), so now and then, at
 * most once a minute per process, one indexed DELETE removes them.
 */
import { lte, sql } from 'drizzle-orm';
import type { RateLimitCounter } from '../rateLimit';
import { rateLimits } from './schema';
import type { SqlDatabase } from './sqlStore';

/** The database's time in milliseconds, fixed for the whole statement. */
const NOW_MS = sql`(extract(epoch from statement_timestamp()) * 1000)::bigint`;

/** How often a process deletes the rows whose window has ended. */
export const SWEEP_EVERY_MS = 60_000;

export interface SqlRateLimitCounter extends RateLimitCounter {
  /** Deletes the rows whose window has ended. */
  sweep(): Promise<void>;
}

export function createSqlRateLimitCounter(
  db: SqlDatabase,
  { sweepEveryMs = SWEEP_EVERY_MS }: { sweepEveryMs?: number } = {},
): SqlRateLimitCounter {
  let nextSweep = Date.now() + sweepEveryMs;

  const sweep = async () => {
    await db.delete(rateLimits).where(lte(rateLimits.resetAt, NOW_MS));
  };

  return {
    sweep,
    async hit(key, seconds) {
      if (Date.now() >= nextSweep) {
        nextSweep = Date.now() + sweepEveryMs;
        await sweep();
      }
      const ended = sql`${rateLimits.resetAt} <= ${NOW_MS}`;
      const [count] = await db
        .insert(rateLimits)
        .values({ key, points: 1, resetAt: sql`${NOW_MS} + ${seconds * 1000}` })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            points: sql`case when ${ended} then 1 else ${rateLimits.points} + 1 end`,
            resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({
          points: rateLimits.points,
          msLeft: sql<number>`(${rateLimits.resetAt} - ${NOW_MS})::float8`,
        });
      if (count === undefined) throw new Error(`The rate limit ${key} was not counted`);
      return { points: count.points, msLeft: count.msLeft };
    },
  };
}
