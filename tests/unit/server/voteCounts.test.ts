/**
 * `comments.up_count` and `down_count` (kept by triggers on `comment_votes`: migration 0010)
 * against what they stand for, the votes themselves: after any mix of votes cast, changed and
 * withdrawn through the store's own write, and of comments and posts deleted with their votes by
 * cascade (a property, on PGlite and PostgreSQL).
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEED_POST_IDS } from '../../../src/seed/posts';
import { SEED_USER_IDS } from '../../../src/seed/users';
import type { OpenSqlDatabase } from '../../../src/server/db/connect';
import { rowsOf, type SqlExecutor, type SqlTransaction } from '../../../src/server/db/sqlRows';
import { writes } from '../../../src/server/db/sqlWrites';
import { readRolledBack, seededSqlTargets } from '../../support/seededSql';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const { guest, maya, liam, sofia, noah } = SEED_USER_IDS;
/** Seeded comments, with their posts: two with votes, one without any (its first vote makes them). */
const COMMENTS = [
  { post: SEED_POST_IDS.sofiaLoaf, comment: 'comment-loaf-recipe' },
  { post: SEED_POST_IDS.mayaLaunch, comment: 'comment-launch-congrats' },
  { post: SEED_POST_IDS.guestHello, comment: 'comment-hello-welcome' },
];

/** Each comment's counts as the triggers keep them, and as counting its votes gives them. */
async function bothCounts(db: SqlExecutor) {
  const kept = rowsOf(
    await db.execute(sql`select id, up_count, down_count from comments order by id`),
  );
  const counted = rowsOf(
    await db.execute(sql`select c.id,
        (select count(*) from comment_votes v where v.comment_id = c.id and v.direction = 'up')::int
          as up_count,
        (select count(*) from comment_votes v where v.comment_id = c.id and v.direction = 'down')::int
          as down_count
      from comments c order by c.id`),
  );
  return { kept, counted };
}

const target = fc.constantFrom(...COMMENTS);
const step = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('vote' as const),
      on: target,
      voter: fc.constantFrom(guest, maya, liam, sofia, noah),
      vote: fc.constantFrom('up' as const, 'down' as const, undefined),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('dropComment' as const), on: target }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('dropPost' as const), on: target }) },
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

async function run(tx: SqlTransaction, each: Step) {
  if (each.op === 'dropComment') {
    await tx.execute(sql`delete from comments where id = ${each.on.comment}`);
  } else if (each.op === 'dropPost') {
    await tx.execute(sql`delete from posts where id = ${each.on.post}`);
  } else {
    await writes(tx).votes.set(each.on.post, each.on.comment, each.voter, each.vote);
  }
}

const targets = seededSqlTargets();

describe.each(targets)('comment vote counts on $name', (each) => {
  let database: OpenSqlDatabase;
  beforeAll(async () => {
    database = await each.open();
  });
  afterAll(async () => {
    await (database as OpenSqlDatabase | undefined)?.close();
  });

  it('start as the seed votes', async () => {
    const { kept, counted } = await bothCounts(database.db);
    expect(kept).toEqual(counted);
    expect(kept.some((row) => Number(row.up_count) > 0)).toBe(true);
  });

  it('equal the votes after any mix of votes, changes, withdrawals and cascades', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const { kept, counted } = await readRolledBack(database.db, async (tx) => {
          for (const one of steps) await run(tx, one);
          return bothCounts(tx);
        });
        expect(kept).toEqual(counted);
      }),
      { numRuns: 40 },
    );
  });
});
