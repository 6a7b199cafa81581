/**
 * The SQL store (src/server/db) against the store port's promises (src/service/store.ts): on PGlite
 * in memory always, and on PostgreSQL too when there is one (DATABASE_URL, or the throwaway cluster
 * of tests/setup/postgres.global.ts; each run works in databases of its own, created and dropped).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSeedState } from '../../../src/seed/seed';
import { SEED_POST_IDS } from '../../../src/seed/posts';
import { SEED_USER_IDS } from '../../../src/seed/users';
import type { UserRow, Writes } from '../../../src/service/store';
import {
  MIGRATIONS_FOLDER,
  openSqlDatabase,
  type OpenSqlDatabase,
} from '../../../src/server/db/connect';
import {
  apiTimestampFromPostgres,
  bookmarks,
  commentVotes,
  comments,
  postReactions,
  users as userTable,
} from '../../../src/server/db/schema';
import { followOrder, sqlState, WRITE_ATTEMPTS } from '../../../src/server/db/sqlStore';
import { expectSweepFreesOnlyOldUnused } from '../../support/mediaSweep';
import { scratchDatabases, testDatabaseUrl } from '../../support/scratchDatabases';
import { readWholeState, wholeState } from './wholeState';

/** The migrations drizzle-kit has written: each is applied once. */
const MIGRATIONS = (
  JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries;

// Opening PGlite takes seconds while other test files run.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const { guest, maya, liam, sofia, noah } = SEED_USER_IDS;
const { sofiaLoaf, noahMarathon, liamRidge, guestHello } = SEED_POST_IDS;
const STAMP = '2026-04-01T10:20:30+00:00';

/** Where the store runs: a function that opens a fresh, seeded database and one to clean up. */
interface Target {
  name: string;
  open: () => Promise<OpenSqlDatabase>;
  cleanup: () => Promise<void>;
}

function pgliteTarget(): Target {
  return {
    name: 'PGlite',
    open: () => openSqlDatabase({ seed: createSeedState }),
    cleanup: () => Promise.resolve(),
  };
}

/** Dropping a test database ends its connections, maybe before a closing pool let them go. */
const ignore = () => undefined;

/** PostgreSQL: every `open()` gets a new database, all dropped at the end. */
function postgresTarget(url: string): Target & { create: () => Promise<string> } {
  const scratch = scratchDatabases(url);
  return {
    name: 'PostgreSQL',
    create: () => scratch.create(),
    open: async () =>
      openSqlDatabase({ url: await scratch.create(), onIdleError: ignore, seed: createSeedState }),
    cleanup: () => scratch.dropAll(),
  };
}

const targets: Target[] = [pgliteTarget()];
const databaseUrl = testDatabaseUrl();
if (databaseUrl !== undefined) targets.push(postgresTarget(databaseUrl));

function person(id: string, username: string): UserRow {
  return {
    _id: id,
    firstName: 'Test',
    lastName: 'Person',
    username,
    passwordHash: 'pbkdf2-sha256$1$c2FsdA==$aGFzaA==',
    bio: '',
    link: '',
    profile: 'data:image/svg+xml;base64,' + 'A'.repeat(20_000),
    createdAt: STAMP,
    updatedAt: STAMP,
  };
}

/** The SQLSTATE of what `promise` rejected with. */
async function failure(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return sqlState(error);
  }
  throw new Error('expected a database error');
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe.each(targets)('the SQL store on $name', (target) => {
  let database: OpenSqlDatabase;
  const store = () => database.store;
  const snapshot = () => readWholeState(store());
  const write = <T>(work: (writes: Writes) => Promise<T>) => store().write(work);

  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await (database as OpenSqlDatabase | undefined)?.close();
    await target.cleanup();
  });
  beforeEach(async () => {
    await store().reset();
  });

  it('opens a fresh database holding exactly the seed', async () => {
    const fresh = await target.open();
    try {
      expect(fresh.kind).toBe(target.name === 'PGlite' ? 'pglite' : 'postgres');
      expect(await readWholeState(fresh.store)).toStrictEqual(createSeedState());
    } finally {
      await fresh.close();
    }
  });

  it('reset() puts the seed back after changes', async () => {
    await write(async (w) => {
      await w.posts.remove(sofiaLoaf);
      await w.users.insert(person('user-new', 'newcomer'));
      await w.follows.add(maya, noah);
    });
    expect(await snapshot()).not.toStrictEqual(createSeedState());
    await store().reset();
    expect(await snapshot()).toStrictEqual(createSeedState());
  });

  it('looks people up by id and by username in any letter case; refuses a taken username', async () => {
    const read = await store().read(async (reads) => ({
      byId: await reads.users.get(maya),
      byName: await reads.users.byUsername('MAYA_okafor'),
      missing: await reads.users.get('user-nobody'),
    }));
    expect(read.byId?.username).toBe('maya_okafor');
    expect(read.byName).toStrictEqual(read.byId);
    expect(read.byId).not.toHaveProperty('followerIds');
    expect(read.missing).toBeUndefined();

    const inserted = await write((w) => w.users.insert(person('user-other', 'Maya_Okafor')));
    expect(inserted).toBe(false);
    expect(await store().read((reads) => reads.users.get('user-other'))).toBeUndefined();

    expect(await write((w) => w.users.insert(person('user-ada', 'Ada')))).toBe(true);
    await expect(write((w) => w.users.insert(person('user-ada', 'someone_else')))).rejects.toThrow(
      'already stored',
    );
    const users = (await snapshot()).users;
    expect(users.at(-1)).toMatchObject({
      _id: 'user-ada',
      username: 'Ada',
      followerIds: [],
      followingIds: [],
      bookmarkIds: [],
    });
  });

  it('sweeps unused uploads made before the cut-off, oldest first, at most the limit', async () => {
    await expectSweepFreesOnlyOldUnused(store());
  });

  it('updates a profile and touches people', async () => {
    await write(async (w) => {
      await w.users.update(liam, { bio: 'New bio', firstName: 'Lee', updatedAt: STAMP });
      await w.users.touch([noah, guest, noah], '2026-05-05T05:05:05+00:00');
    });
    const users = await store().read(async (r) => ({
      liam: await r.users.get(liam),
      noah: await r.users.get(noah),
      guest: await r.users.get(guest),
      maya: await r.users.get(maya),
    }));
    expect(users.liam).toMatchObject({ bio: 'New bio', firstName: 'Lee', lastName: 'Chen' });
    expect(users.liam?.updatedAt).toBe(STAMP);
    expect(users.noah?.updatedAt).toBe('2026-05-05T05:05:05+00:00');
    expect(users.guest?.updatedAt).toBe('2026-05-05T05:05:05+00:00');
    expect(users.maya?.updatedAt).toBe('2025-11-02T08:10:00+00:00');
  });

  it('appends posts, edits them, removes an image with null and adds to the like count', async () => {
    await write(async (w) => {
      await w.posts.insert({
        _id: 'post-new',
        content: 'Hello',
        imgContent: 'data:image/png;base64,AAAA',
        imgAlt: 'A square',
        authorId: guest,
        createdAt: STAMP,
        updatedAt: STAMP,
        likeCount: 0,
      });
    });
    let posts = (await snapshot()).posts;
    expect(posts.at(-1)).toStrictEqual({
      _id: 'post-new',
      content: 'Hello',
      imgContent: 'data:image/png;base64,AAAA',
      imgAlt: 'A square',
      authorId: guest,
      createdAt: STAMP,
      updatedAt: STAMP,
      likeCount: 0,
      likedByIds: [],
      dislikedByIds: [],
      comments: [],
    });

    await write(async (w) => {
      await w.posts.update('post-new', {
        content: 'Hello again',
        imgContent: null,
        imgAlt: null,
        editedAt: '2026-04-02T00:00:00+00:00',
        likeDelta: 2,
      });
      await w.posts.update('post-new', { likeDelta: -1 });
    });
    const row = await write((w) => w.posts.get('post-new'));
    expect(row).toStrictEqual({
      _id: 'post-new',
      content: 'Hello again',
      authorId: guest,
      createdAt: STAMP,
      updatedAt: STAMP,
      editedAt: '2026-04-02T00:00:00+00:00',
      likeCount: 1,
    });
    posts = (await snapshot()).posts;
    expect(posts.at(-1)).not.toHaveProperty('imgContent');
    expect(posts.at(-1)).not.toHaveProperty('imgAlt');
    expect(await store().read((r) => r.posts.get('post-none'))).toBeUndefined();
  });

  it('removes a post with its reactions, comments, votes and bookmarks', async () => {
    await write(async (w) => {
      expect(await w.bookmarks.add(guest, sofiaLoaf)).toBe(true);
      expect(await w.bookmarks.add(noah, sofiaLoaf)).toBe(true);
      expect(await w.bookmarks.holders(sofiaLoaf)).toStrictEqual([guest, noah]);
      await w.posts.remove(sofiaLoaf);
    });
    const state = await snapshot();
    expect(state.posts.map((post) => post._id)).not.toContain(sofiaLoaf);
    expect(state.users.find((user) => user._id === guest)?.bookmarkIds).toStrictEqual([]);
    const db = database.db;
    const left = [
      await db.$count(postReactions, eq(postReactions.postId, sofiaLoaf)),
      await db.$count(comments, eq(comments.postId, sofiaLoaf)),
      await db.$count(commentVotes, eq(commentVotes.commentId, 'comment-loaf-recipe')),
      await db.$count(bookmarks, eq(bookmarks.postId, sofiaLoaf)),
    ];
    expect(left).toStrictEqual([0, 0, 0, 0]);
  });

  it('keeps one reaction per person, moved to the end of its new list, and answers the one it replaced', async () => {
    // Seed: noahMarathon liked by [maya], disliked by [liam]; sofiaLoaf liked by [maya, liam, noah].
    await write(async (w) => {
      expect(await w.reactions.set(noahMarathon, liam, 'like')).toBe('dislike');
      expect(await w.reactions.set(noahMarathon, guest, 'dislike')).toBeUndefined();
      expect(await w.reactions.set(sofiaLoaf, maya, 'like')).toBe('like');
      expect(await w.reactions.set(noahMarathon, liam, 'like')).toBe('like');
    });
    const posts = new Map((await snapshot()).posts.map((post) => [post._id, post]));
    expect(posts.get(noahMarathon)).toMatchObject({
      likedByIds: [maya, liam],
      dislikedByIds: [guest],
    });
    expect(posts.get(sofiaLoaf)?.likedByIds).toStrictEqual([liam, noah, maya]);
  });

  it('adds, edits and removes comments; a comment is named by its post and its id', async () => {
    await write(async (w) => {
      await w.comments.insert(liamRidge, {
        _id: 'comment-new',
        commentData: 'Lovely',
        authorId: noah,
        createdAt: STAMP,
        updatedAt: STAMP,
      });
      expect(await w.comments.get(liamRidge, 'comment-new')).toStrictEqual({
        _id: 'comment-new',
        postId: liamRidge,
        commentData: 'Lovely',
        authorId: noah,
        voted: true,
        createdAt: STAMP,
        updatedAt: STAMP,
      });
      expect(await w.comments.get(sofiaLoaf, 'comment-new')).toBeUndefined();
      expect(await w.comments.get(sofiaLoaf, 'comment-loaf-promise')).toMatchObject({
        voted: false,
      });
      await w.comments.update(liamRidge, 'comment-new', {
        commentData: 'Lovely light',
        updatedAt: '2026-04-01T11:00:00+00:00',
      });
      // The wrong post: nothing changes.
      await w.comments.update(sofiaLoaf, 'comment-new', { updatedAt: '2027-01-01T00:00:00+00:00' });
      await w.comments.remove(sofiaLoaf, 'comment-new');
    });
    const ridge = (await snapshot()).posts.find((post) => post._id === liamRidge);
    expect(ridge?.comments.at(-1)).toStrictEqual({
      _id: 'comment-new',
      commentData: 'Lovely light',
      authorId: noah,
      votes: { upvotedByIds: [], downvotedByIds: [] },
      createdAt: STAMP,
      updatedAt: '2026-04-01T11:00:00+00:00',
    });
    await write(async (w) => {
      await w.votes.set(liamRidge, 'comment-new', maya, 'up');
      await w.comments.remove(liamRidge, 'comment-new');
    });
    const after = (await snapshot()).posts.find((post) => post._id === liamRidge);
    expect(after?.comments.map((comment) => comment._id)).not.toContain('comment-new');
    expect(await database.db.$count(commentVotes, eq(commentVotes.commentId, 'comment-new'))).toBe(
      0,
    );
  });

  it('keeps one vote per person per comment; the first vote gives a comment its lists', async () => {
    const loaf = async () =>
      (await snapshot()).posts.find((post) => post._id === sofiaLoaf)?.comments ?? [];
    expect((await loaf())[1]).not.toHaveProperty('votes');
    await write(async (w) => {
      expect(await w.votes.get(sofiaLoaf, 'comment-loaf-recipe', liam)).toBe('up');
      expect(await w.votes.get(guestHello, 'comment-loaf-recipe', liam)).toBeUndefined();
      await w.votes.set(sofiaLoaf, 'comment-loaf-promise', guest, 'down');
      await w.votes.set(sofiaLoaf, 'comment-loaf-recipe', noah, 'up');
      await w.votes.set(sofiaLoaf, 'comment-loaf-recipe', liam, 'down');
    });
    let [recipe, promise] = await loaf();
    expect(recipe?.votes).toStrictEqual({ upvotedByIds: [noah], downvotedByIds: [liam] });
    expect(promise?.votes).toStrictEqual({ upvotedByIds: [], downvotedByIds: [guest] });
    await write(async (w) => {
      await w.votes.set(sofiaLoaf, 'comment-loaf-recipe', liam, 'up');
      await w.votes.set(sofiaLoaf, 'comment-loaf-promise', guest, undefined);
    });
    [recipe, promise] = await loaf();
    expect(recipe?.votes).toStrictEqual({ upvotedByIds: [noah, liam], downvotedByIds: [] });
    expect(promise?.votes).toStrictEqual({ upvotedByIds: [], downvotedByIds: [] });
  });

  it('says whether a bookmark or a follow changed anything', async () => {
    const results = await write(async (w) => [
      await w.bookmarks.add(maya, guestHello),
      await w.bookmarks.add(maya, guestHello),
      await w.bookmarks.add(maya, liamRidge),
      await w.bookmarks.remove(maya, noahMarathon),
      await w.bookmarks.remove(maya, guestHello),
      await w.follows.add(noah, sofia),
      await w.follows.add(noah, sofia),
      await w.follows.add(noah, guest),
      await w.follows.remove(noah, maya),
      await w.follows.remove(guest, maya),
    ]);
    expect(results).toStrictEqual([true, false, true, false, true, true, false, true, false, true]);
    const users = new Map((await snapshot()).users.map((user) => [user._id, user]));
    expect(users.get(maya)?.bookmarkIds).toStrictEqual([liamRidge]);
    expect(users.get(noah)?.followingIds).toStrictEqual([sofia, guest]);
    expect(users.get(guest)?.followingIds).toStrictEqual([liam]);
    expect(users.get(guest)?.followerIds).toStrictEqual([noah]);
    expect(users.get(maya)?.followerIds).toStrictEqual([]);
    expect(users.get(sofia)?.followerIds).toStrictEqual([noah]);
  });

  it('keeps nothing of a write that throws', async () => {
    const before = await snapshot();
    await expect(
      write(async (w) => {
        await w.users.insert(person('user-gone', 'gone'));
        await w.posts.update(sofiaLoaf, { content: 'changed', likeDelta: 5 });
        await w.follows.add(maya, sofia);
        await w.posts.remove(liamRidge);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await snapshot()).toStrictEqual(before);
  });

  it('reads at one moment even while a write commits in between', async () => {
    let writing: Promise<void> | undefined;
    const [first, second] = await store().read(async (r) => {
      const one = await r.users.get(maya);
      writing = write((w) => w.users.update(maya, { bio: 'Changed meanwhile' }));
      await pause(100);
      const two = await wholeState(r);
      return [one?.bio, two.users.find((user) => user._id === maya)?.bio];
    });
    expect(second).toBe(first);
    await writing;
    expect((await store().read((r) => r.users.get(maya)))?.bio).toBe('Changed meanwhile');
  });

  it('runs writes made at once one at a time, never inside each other', async () => {
    const failing = write(async (w) => {
      await w.users.insert(person('user-a', 'first_writer'));
      await pause(50);
      throw new Error('undo me');
    });
    const succeeding = write((w) => w.users.insert(person('user-b', 'second_writer')));
    await expect(failing).rejects.toThrow('undo me');
    expect(await succeeding).toBe(true);
    const ids = (await snapshot()).users.map((user) => user._id);
    expect(ids).toContain('user-b');
    expect(ids).not.toContain('user-a');
  });

  it('runs a write again after a serialization failure or deadlock, and no other error', async () => {
    let attempts = 0;
    const result = await write(async (w) => {
      attempts += 1;
      await w.follows.add(noah, liam);
      if (attempts < 3) throw Object.assign(new Error('conflict'), { code: '40001' });
      return 'done';
    });
    expect(result).toBe('done');
    expect(attempts).toBe(3);
    expect((await snapshot()).users.find((user) => user._id === noah)?.followingIds).toStrictEqual([
      liam,
    ]);

    attempts = 0;
    await expect(
      write(() => {
        attempts += 1;
        return Promise.reject(Object.assign(new Error('deadlock'), { code: '40P01' }));
      }),
    ).rejects.toThrow('deadlock');
    expect(attempts).toBe(WRITE_ATTEMPTS);

    attempts = 0;
    await expect(
      write(() => {
        attempts += 1;
        return Promise.reject(Object.assign(new Error('unique'), { code: '23505' }));
      }),
    ).rejects.toThrow('unique');
    expect(attempts).toBe(1);
  });

  it('gives back timestamps as written, in any session time zone, and refuses other text', async () => {
    const [row] = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Asia/Kolkata'`);
      return tx
        .select({
          createdAt: userTable.createdAt,
          text: sql<string>`${userTable.createdAt}::text`,
        })
        .from(userTable)
        .where(eq(userTable.id, guest));
    });
    // PostgreSQL prints it in the session's zone; the column gives back the text written.
    expect(row).toStrictEqual({
      createdAt: '2025-09-01T09:00:00+00:00',
      text: '2025-09-01 14:30:00+05:30',
    });
    await expect(
      write((w) => w.users.update(guest, { updatedAt: '2026-04-01 10:20:30' })),
    ).rejects.toThrow('Not an API timestamp');
    await expect(
      write((w) => w.users.update(guest, { updatedAt: '2026-04-01T10:20:30.500+00:00' })),
    ).rejects.toThrow('Not an API timestamp');
  });

  it('holds the invariants by itself, whatever SQL writes', async () => {
    const run = (query: ReturnType<typeof sql>) => failure(database.db.execute(query));
    expect(
      await run(
        sql`insert into post_reactions (post_id, user_id, kind) values (${noahMarathon}, ${maya}, 'dislike')`,
      ),
    ).toBe('23505');
    expect(
      await run(
        sql`insert into post_reactions (post_id, user_id, kind) values (${noahMarathon}, ${guest}, 'love')`,
      ),
    ).toBe('23514');
    expect(await run(sql`update posts set like_count = -1 where id = ${noahMarathon}`)).toBe(
      '23514',
    );
    expect(
      await run(sql`insert into follows (follower_id, followee_id) values (${maya}, ${maya})`),
    ).toBe('23514');
    expect(
      await run(
        sql`insert into follows (follower_id, followee_id) values (${guest}, ${'user-nobody'})`,
      ),
    ).toBe('23503');
    expect(
      await run(sql`insert into bookmarks (user_id, post_id) values (${guest}, ${'post-nobody'})`),
    ).toBe('23503');
    expect(
      await run(
        sql`insert into comment_votes (comment_id, user_id, direction) values ('comment-loaf-recipe', ${liam}, 'down')`,
      ),
    ).toBe('23505');
    expect(
      await run(
        sql`insert into comment_votes (comment_id, user_id, direction) values ('comment-loaf-recipe', ${guest}, 'sideways')`,
      ),
    ).toBe('23514');
    expect(
      await run(sql`
        insert into users (id, username, password_hash, first_name, last_name, bio, link, profile, created_at, updated_at)
        values ('user-x', 'GUEST', 'h', 'a', 'b', '', '', '', now(), now())`),
    ).toBe('23505');
    expect(await snapshot()).toStrictEqual(createSeedState());
  });

  it('counts 30 likes made at once as 30', async () => {
    const people = Array.from({ length: 30 }, (_, index) => `user-fan-${index}`);
    await write(async (w) => {
      for (const [index, id] of people.entries()) await w.users.insert(person(id, `fan_${index}`));
    });
    const liked = await Promise.all(
      people.map((id) =>
        write(async (w) => {
          const post = await w.posts.get(liamRidge);
          if (!post) throw new Error('no post');
          if ((await w.reactions.set(liamRidge, id, 'like')) === 'like') return false;
          await w.posts.update(liamRidge, { likeDelta: 1, updatedAt: STAMP });
          return true;
        }),
      ),
    );
    expect(liked.every(Boolean)).toBe(true);
    const seedRidge = createSeedState().posts.find((post) => post._id === liamRidge);
    const ridge = (await snapshot()).posts.find((post) => post._id === liamRidge);
    expect(ridge?.likeCount).toBe((seedRidge?.likeCount ?? 0) + 30);
    expect(ridge?.likedByIds).toHaveLength((seedRidge?.likedByIds.length ?? 0) + 30);
    expect(new Set(ridge?.likedByIds.slice(-30))).toStrictEqual(new Set(people));
  });

  it('lets exactly one of many sign-ups at once have a username', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        write(async (w) => {
          if (await w.users.byUsername('rush')) return false;
          return w.users.insert(person(`user-rush-${index}`, index % 2 ? 'RUSH' : 'rush'));
        }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const users = (await snapshot()).users.filter((user) => user.username.toLowerCase() === 'rush');
    expect(users).toHaveLength(1);
  });

  it('call() runs the work as it is', async () => {
    expect(await store().call(() => Promise.resolve(42))).toBe(42);
  });
});

describe('opening a database', () => {
  it('keeps a PGlite database in its data directory, migrated and seeded once', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'murmur-pglite-'));
    // Folders that do not exist yet, as DATA_DIR/pglite on a first start.
    const dir = join(parent, 'data', 'pglite');
    try {
      const first = await openSqlDatabase({ dataDir: dir, seed: createSeedState });
      await first.store.write((w) => w.users.insert(person('user-kept', 'kept')));
      await first.close();
      const second = await openSqlDatabase({ dataDir: dir, seed: createSeedState });
      try {
        const users = (await readWholeState(second.store)).users;
        expect(users.map((user) => user._id)).toStrictEqual([
          ...createSeedState().users.map((user) => user._id),
          'user-kept',
        ]);
      } finally {
        await second.close();
      }
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('orders follows so that both sides keep their lists, and refuses a contradiction', () => {
    const state = createSeedState();
    const [a, b, c, d] = state.users;
    if (!a || !b || !c || !d) throw new Error('seed too small');
    for (const user of state.users) {
      user.followerIds = [];
      user.followingIds = [];
    }
    const edge = (from: { _id: string }, to: { _id: string }) => ({
      followerId: from._id,
      followeeId: to._id,
    });
    // a follows c then b; c was followed by b before a: b→c, then a→c, then a→b.
    a.followingIds = [c._id, b._id];
    b.followingIds = [c._id];
    b.followerIds = [a._id];
    c.followerIds = [b._id, a._id];
    expect(followOrder(state)).toStrictEqual([edge(b, c), edge(a, c), edge(a, b)]);

    // a→b before a→c, a→c before d→c, d→c before d→b, d→b before a→b: no order keeps them all.
    a.followingIds = [b._id, c._id];
    d.followingIds = [c._id, b._id];
    b.followingIds = [];
    c.followerIds = [a._id, d._id];
    b.followerIds = [d._id, a._id];
    expect(() => followOrder(state)).toThrow('contradict each other');

    d.followingIds = [];
    b.followerIds = [a._id];
    c.followerIds = [a._id];
    expect(followOrder(state)).toStrictEqual([edge(a, b), edge(a, c)]);

    c.followerIds = [];
    expect(() => followOrder(state)).toThrow('one side only');
  });

  it('reads PostgreSQL timestamps in any offset as API text', () => {
    expect(apiTimestampFromPostgres('2025-09-01 09:00:00+00')).toBe('2025-09-01T09:00:00+00:00');
    expect(apiTimestampFromPostgres('2025-12-31 23:59:59+00')).toBe('2025-12-31T23:59:59+00:00');
    expect(apiTimestampFromPostgres('2025-09-01 09:00:00.5+00')).toBe('2025-09-01T09:00:00+00:00');
    expect(apiTimestampFromPostgres('2025-09-01 14:30:00+05:30')).toBe('2025-09-01T09:00:00+00:00');
    expect(apiTimestampFromPostgres('2025-09-01 01:00:00-08')).toBe('2025-09-01T09:00:00+00:00');
    expect(apiTimestampFromPostgres(new Date('2025-09-01T09:00:00Z'))).toBe(
      '2025-09-01T09:00:00+00:00',
    );
    expect(() => apiTimestampFromPostgres('yesterday')).toThrow('Unexpected timestamptz');
  });
});

// Only where there is a PostgreSQL to run on (PGlite's data directory belongs to one process).
if (databaseUrl !== undefined) {
  describe('opening one PostgreSQL database from several servers', () => {
    it('lets servers start at once on one PostgreSQL database: it is migrated and seeded once', async () => {
      const target = postgresTarget(databaseUrl);
      try {
        const url = await target.create();
        const servers = await Promise.all(
          Array.from({ length: 4 }, () =>
            openSqlDatabase({ url, onIdleError: ignore, seed: createSeedState }),
          ),
        );
        try {
          const [first] = servers;
          const state = first && (await readWholeState(first.store));
          expect(state).toStrictEqual(createSeedState());
          expect(await first?.db.$count(sql`drizzle.__drizzle_migrations`)).toBe(MIGRATIONS.length);
        } finally {
          await Promise.all(servers.map((server) => server.close()));
        }
      } finally {
        await target.cleanup();
      }
    });
  });
}
