/**
 * `users.follower_count` and `following_count` (kept by triggers on `follows`: migration 0011)
 * against what they stand for, the follows themselves: after any mix of follows and unfollows
 * through the store's own write, several in one statement, and of people deleted with their
 * follows by cascade (a property, on PGlite and PostgreSQL).
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEED_USER_IDS } from '../../../src/seed/users';
import type { OpenSqlDatabase } from '../../../src/server/db/connect';
import { rowsOf, type SqlExecutor, type SqlTransaction } from '../../../src/server/db/sqlRows';
import { writes } from '../../../src/server/db/sqlWrites';
import { readRolledBack, seededSqlTargets } from '../../support/seededSql';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const PEOPLE = Object.values(SEED_USER_IDS);

/** Each person's counts as the triggers keep them, and as counting their follows gives them. */
async function bothCounts(db: SqlExecutor) {
  const kept = rowsOf(
    await db.execute(sql`select id, follower_count, following_count from users order by id`),
  );
  const counted = rowsOf(
    await db.execute(sql`select u.id,
        (select count(*) from follows f where f.followee_id = u.id)::int as follower_count,
        (select count(*) from follows f where f.follower_id = u.id)::int as following_count
      from users u order by u.id`),
  );
  return { kept, counted };
}

const person = fc.constantFrom(...PEOPLE);
const step = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constantFrom('follow' as const, 'unfollow' as const),
      who: person,
      whom: person,
    }),
  },
  // Everyone not yet followed by `who`, in one statement: a trigger sees several rows at once.
  { weight: 1, arbitrary: fc.record({ op: fc.constant('followAll' as const), who: person }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('dropPerson' as const), who: person }) },
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

async function run(tx: SqlTransaction, each: Step) {
  if (each.op === 'dropPerson') {
    await tx.execute(sql`delete from users where id = ${each.who}`);
  } else if (each.op === 'followAll') {
    await tx.execute(sql`insert into follows (follower_id, followee_id)
      select ${each.who}, u.id from users u where u.id <> ${each.who}
        and exists (select 1 from users me where me.id = ${each.who})
      on conflict do nothing`);
  } else if (each.who !== each.whom) {
    const exists = rowsOf(
      await tx.execute(sql`select 1 from users where id in (${each.who}, ${each.whom})`),
    );
    if (exists.length < 2) return;
    const follows = writes(tx).follows;
    if (each.op === 'follow') await follows.add(each.who, each.whom);
    else await follows.remove(each.who, each.whom);
  }
}

const targets = seededSqlTargets();

describe.each(targets)('follow counts on $name', (each) => {
  let database: OpenSqlDatabase;
  beforeAll(async () => {
    database = await each.open();
  });
  afterAll(async () => {
    await (database as OpenSqlDatabase | undefined)?.close();
  });

  it('start as the seed follows', async () => {
    const { kept, counted } = await bothCounts(database.db);
    expect(kept).toEqual(counted);
    expect(kept.some((row) => Number(row.following_count) > 0)).toBe(true);
  });

  it('equal the follows after any mix of follows, unfollows and cascades', async () => {
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
