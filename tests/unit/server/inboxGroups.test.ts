/**
 * `inbox_groups` (one row per notification, kept by triggers on `inbox`: migration 0009) against
 * what it stands for, the grouping of `inbox` itself: after any mix of rows added, renewed, taken
 * back and gone with their post by cascade (a property, on PGlite and PostgreSQL), and when two
 * writes take back rows of one notification at once (PostgreSQL: two connections).
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEED_POST_IDS } from '../../../src/seed/posts';
import { createSeedState } from '../../../src/seed/seed';
import { SEED_USER_IDS } from '../../../src/seed/users';
import { openSqlDatabase, type OpenSqlDatabase } from '../../../src/server/db/connect';
import { inboxWrites } from '../../../src/server/db/sqlInbox';
import { rowsOf, type SqlExecutor } from '../../../src/server/db/sqlRows';
import type { NotificationKind } from '../../../src/api/types';
import {
  scratchDatabases,
  testDatabaseUrl,
  type ScratchDatabases,
} from '../../support/scratchDatabases';
import { readRolledBack } from '../../support/seededSql';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const { guest, maya, liam, sofia, noah } = SEED_USER_IDS;
const POSTS = [SEED_POST_IDS.guestHello, SEED_POST_IDS.sofiaLoaf, SEED_POST_IDS.mayaLaunch];
const AT = '2026-04-01T10:20:30+00:00';

/** The groups as the triggers keep them, and as grouping the rows gives them. */
async function bothGroupings(db: SqlExecutor) {
  const kept = rowsOf(
    await db.execute(sql`select recipient_id, kind, target, seq::int, rows::int
      from inbox_groups order by 1, 2, 3`),
  );
  const grouped = rowsOf(
    await db.execute(sql`select recipient_id, kind, target, max(seq)::int as seq,
      count(*)::int as rows from inbox group by 1, 2, 3 order by 1, 2, 3`),
  );
  return { kept, grouped };
}

const entry = fc.record({
  recipient: fc.constantFrom(guest, maya),
  kind: fc.constantFrom('like', 'comment', 'mention'),
  post: fc.constantFrom(...POSTS),
  actor: fc.constantFrom(liam, sofia, noah),
});
const step = fc.oneof(
  { weight: 3, arbitrary: entry.map((e) => ({ op: 'add' as const, ...e })) },
  { weight: 2, arbitrary: entry.map((e) => ({ op: 'take' as const, ...e })) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...POSTS).map((post) => ({ op: 'drop' as const, post })),
  },
);
type Step =
  | { op: 'add' | 'take'; recipient: string; kind: string; post: string; actor: string }
  | { op: 'drop'; post: string };

async function run(db: SqlExecutor, each: Step): Promise<void> {
  if (each.op === 'drop') {
    await db.execute(sql`delete from posts where id = ${each.post}`);
    return;
  }
  // As the service adds and takes back notifications (src/server/db/sqlInbox.ts).
  const { op, recipient, kind, post, actor } = each;
  const key = {
    recipientId: recipient,
    kind: kind as NotificationKind,
    target: post,
    actorId: actor,
  };
  if (op === 'take') {
    await inboxWrites(db).remove(key);
    return;
  }
  const exists = rowsOf(await db.execute(sql`select 1 from posts where id = ${post}`));
  if (exists.length > 0) await inboxWrites(db).add({ ...key, postId: post, at: AT });
}

const databaseUrl = testDatabaseUrl();
const scratch = databaseUrl === undefined ? undefined : scratchDatabases(databaseUrl);

/** A new, seeded PostgreSQL database of this file's own, and its URL. */
async function openPostgres(made: ScratchDatabases) {
  const url = await made.create();
  const database = await openSqlDatabase({
    url,
    onIdleError: () => undefined,
    seed: createSeedState,
  });
  return { url, database };
}

const targets: { name: string; open: () => Promise<OpenSqlDatabase> }[] = [
  { name: 'PGlite', open: () => openSqlDatabase({ seed: createSeedState }) },
];
if (scratch !== undefined) {
  targets.push({ name: 'PostgreSQL', open: async () => (await openPostgres(scratch)).database });
}
afterAll(async () => {
  await scratch?.dropAll();
});

describe.each(targets)('inbox_groups on $name', (target) => {
  let database: OpenSqlDatabase;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await (database as OpenSqlDatabase | undefined)?.close();
  });

  it('equals the grouping of the rows after any mix of adds, takes and cascades', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const { kept, grouped } = await readRolledBack(database.db, async (tx) => {
          for (const each of steps) await run(tx, each);
          return bothGroupings(tx);
        });
        expect(kept).toEqual(grouped);
      }),
      { numRuns: 40 },
    );
  });
});

// Two connections: PGlite has one, and runs its transactions one after the other.
if (scratch !== undefined) {
  describe('inbox_groups on PostgreSQL, two writes at once', () => {
    let database: OpenSqlDatabase;
    let url = '';
    beforeAll(async () => {
      ({ database, url } = await openPostgres(scratch));
    });
    afterAll(async () => {
      await (database as OpenSqlDatabase | undefined)?.close();
    });

    it('stays right when two writes take back rows of one notification at once', async () => {
      const post = SEED_POST_IDS.guestHello;
      for (const actor of [maya, liam, sofia]) {
        await run(database.db, { op: 'add', recipient: guest, kind: 'like', post, actor });
      }
      const connect = async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        return client;
      };
      const [first, second] = [await connect(), await connect()];
      const take = (client: pg.Client, actor: string) =>
        client.query(
          `delete from inbox where recipient_id = $1 and kind = 'like' and target = $2
            and actor_id = $3`,
          [guest, post, actor],
        );
      try {
        // The first takes back the newest row and holds the notification until it commits; the
        // second takes back the middle one meanwhile, and must then see the first's change.
        await first.query('begin');
        await take(first, sofia);
        await second.query('begin');
        const waiting = take(second, liam);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await first.query('commit');
        await waiting;
        await second.query('commit');
      } finally {
        await first.end();
        await second.end();
      }
      const { kept, grouped } = await bothGroupings(database.db);
      expect(grouped).toHaveLength(1);
      expect(kept).toEqual(grouped);
    });
  });
}
