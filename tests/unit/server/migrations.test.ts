/**
 * The migrations as they run on a database that was made by an earlier version: one migrated to
 * 0000 only, holding rows, brought up to date. Migration 0001 adds the sessions and rate_limits
 * tables and repairs every post's like count, which an earlier bug let a person who had never
 * liked the post lower: the count is set again from the likes the post really has. Migration
 * 0002 adds the hashtags and folded text the feeds and searches read, which the server fills in
 * for older rows when it starts. Migration 0010 keeps each comment's vote counts on its row, and
 * counts the votes comments already had; 0011 does the same for each person's follows.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, openSqlDatabase } from '../../../src/server/db/connect';

// Opening PGlite takes seconds while other test files run.
vi.setConfig({ testTimeout: 30_000 });

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A migrations folder holding only the first `count` of ours, as an earlier version had them. */
function earlierMigrations(count: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'murmur-migrations-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const journal = JSON.parse(
    readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, count);
  mkdirSync(join(dir, 'meta'));
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) {
    cpSync(join(MIGRATIONS_FOLDER, `${tag}.sql`), join(dir, `${tag}.sql`));
  }
  return dir;
}

/** People with these ids (and usernames), as any version's users table takes them. */
async function insertPeople(client: PGlite, ids: readonly string[], at: string): Promise<void> {
  for (const id of ids) {
    await client.query(
      `insert into users (id, username, password_hash, first_name, last_name, bio, link, profile, created_at, updated_at)
       values ($1, $1, 'hash', 'A', 'B', '', '', '', $2, $2)`,
      [id, at],
    );
  }
}

describe('the migrations', () => {
  it('set every like count from the likes a post really has (0001)', async () => {
    const client = new PGlite();
    cleanups.push(() => client.close());
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: earlierMigrations(1) });

    const at = '2026-01-01T00:00:00+00:00';
    await insertPeople(client, ['ana', 'ben', 'cai'], at);
    const posts = {
      // One like, one dislike; lowered by the bug to 0.
      lowered: { count: 0, likes: ['ana'], dislikes: ['ben'] },
      // Two likes; counted 5 somehow.
      raised: { count: 5, likes: ['ana', 'cai'], dislikes: [] },
      // Only dislikes.
      disliked: { count: 1, likes: [], dislikes: ['ana', 'ben', 'cai'] },
      // Right already.
      right: { count: 3, likes: ['ana', 'ben', 'cai'], dislikes: [] },
    };
    for (const [id, { count, likes, dislikes }] of Object.entries(posts)) {
      await client.query(
        `insert into posts (id, author_id, content, created_at, updated_at, like_count)
         values ($1, 'ana', 'A post', $2, $2, $3)`,
        [id, at, count],
      );
      for (const [kind, people] of [
        ['like', likes],
        ['dislike', dislikes],
      ] as const) {
        for (const person of people) {
          await client.query(
            'insert into post_reactions (post_id, user_id, kind) values ($1, $2, $3)',
            [id, person, kind],
          );
        }
      }
    }

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

    const { rows } = await client.query<{ id: string; like_count: number }>(
      'select id, like_count from posts order by id',
    );
    expect(rows).toEqual([
      { id: 'disliked', like_count: 0 },
      { id: 'lowered', like_count: 1 },
      { id: 'raised', like_count: 2 },
      { id: 'right', like_count: 3 },
    ]);
    // The new tables are there.
    const tables = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_name in ('sessions', 'rate_limits') order by 1",
    );
    expect(tables.rows.map((row) => row.name)).toEqual(['rate_limits', 'sessions']);
  });

  it('fill in the hashtags and folded text of rows written before they were kept (0002)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'murmur-pglite-0001-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const client = new PGlite(dir);
    await migrate(drizzle({ client }), { migrationsFolder: earlierMigrations(2) });
    const at = '2026-01-01T00:00:00+00:00';
    await client.query(
      `insert into users (id, username, password_hash, first_name, last_name, bio, link, profile, created_at, updated_at)
       values ('ana', 'Ana', 'hash', 'Zoë', 'Ångström', '', '', '', $1, $1)`,
      [at],
    );
    for (const [id, content] of [
      ['tagged', 'Warm #Bread and CRÈME'],
      ['plain', 'no tags here'],
    ]) {
      await client.query(
        `insert into posts (id, author_id, content, created_at, updated_at, like_count)
         values ($1, 'ana', $2, $3, $3, 0)`,
        [id, content, at],
      );
    }
    await client.close();

    const database = await openSqlDatabase({ dataDir: dir });
    cleanups.push(() => database.close());
    const found = await database.store.read(async (r) => ({
      tagged: (await r.posts.page({ kind: 'hashtag', tag: 'bread' }, null, 5)).items.posts,
      searched: (await r.posts.page({ kind: 'search', needle: 'crème' }, null, 5)).items.posts,
      people: await r.users.matching('ångs', 5),
    }));
    expect(found.tagged.map((post) => post._id)).toEqual(['tagged']);
    expect(found.searched.map((post) => post._id)).toEqual(['tagged']);
    expect(found.people.map((person) => person._id)).toEqual(['ana']);
    const [left] = await database.db
      .select({
        posts: sql<number>`(select count(*) from posts where search_text is null)::int`,
        users: sql<number>`(select count(*) from users where search_last is null)::int`,
      })
      .from(sql`(select 1) as one`);
    expect(left).toEqual({ posts: 0, users: 0 });
  });

  it('count the votes comments already had (0010)', async () => {
    const client = new PGlite();
    cleanups.push(() => client.close());
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: earlierMigrations(10) });
    const at = '2026-01-01T00:00:00+00:00';
    await insertPeople(client, ['ana', 'ben', 'cai'], at);
    await client.query(
      `insert into posts (id, author_id, content, created_at, updated_at, like_count)
       values ('p', 'ana', 'A post', $1, $1, 0)`,
      [at],
    );
    for (const [id, voted] of [
      ['mixed', true],
      ['unvoted', false],
    ] as const) {
      await client.query(
        `insert into comments (id, post_id, author_id, comment_data, voted, created_at, updated_at)
         values ($1, 'p', 'ana', 'A comment', $2, $3, $3)`,
        [id, voted, at],
      );
    }
    for (const [person, direction] of [
      ['ana', 'up'],
      ['ben', 'up'],
      ['cai', 'down'],
    ]) {
      await client.query(
        "insert into comment_votes (comment_id, user_id, direction) values ('mixed', $1, $2)",
        [person, direction],
      );
    }

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

    const counts = async () =>
      (
        await client.query<{ id: string; up_count: number; down_count: number }>(
          'select id, up_count, down_count from comments order by id',
        )
      ).rows;
    expect(await counts()).toEqual([
      { id: 'mixed', up_count: 2, down_count: 1 },
      { id: 'unvoted', up_count: 0, down_count: 0 },
    ]);
    // From now on the triggers keep them: a vote changed, one withdrawn.
    await client.query("update comment_votes set direction = 'down' where user_id = 'ana'");
    await client.query("delete from comment_votes where user_id = 'cai'");
    expect(await counts()).toEqual([
      { id: 'mixed', up_count: 1, down_count: 1 },
      { id: 'unvoted', up_count: 0, down_count: 0 },
    ]);
  });

  it('count the follows people already had (0011)', async () => {
    const client = new PGlite();
    cleanups.push(() => client.close());
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: earlierMigrations(11) });
    await insertPeople(client, ['ana', 'ben', 'cai'], '2026-01-01T00:00:00+00:00');
    for (const [follower, followee] of [
      ['ana', 'ben'],
      ['ana', 'cai'],
      ['cai', 'ben'],
    ]) {
      await client.query('insert into follows (follower_id, followee_id) values ($1, $2)', [
        follower,
        followee,
      ]);
    }

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

    const counts = async () =>
      (
        await client.query<{ id: string; follower_count: number; following_count: number }>(
          'select id, follower_count, following_count from users order by id',
        )
      ).rows;
    expect(await counts()).toEqual([
      { id: 'ana', follower_count: 0, following_count: 2 },
      { id: 'ben', follower_count: 2, following_count: 0 },
      { id: 'cai', follower_count: 1, following_count: 1 },
    ]);
    // From now on the triggers keep them: a follow added, one taken back, a person gone.
    await client.query("insert into follows (follower_id, followee_id) values ('ben', 'ana')");
    await client.query("delete from follows where follower_id = 'ana' and followee_id = 'cai'");
    await client.query("delete from users where id = 'cai'");
    expect(await counts()).toEqual([
      { id: 'ana', follower_count: 1, following_count: 1 },
      { id: 'ben', follower_count: 1, following_count: 1 },
    ]);
  });
});
