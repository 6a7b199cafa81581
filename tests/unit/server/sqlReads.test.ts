/**
 * The SQL store's reads shaped like the answers (src/server/db/sqlReads.ts, sqlPages.ts) against
 * the store port's promises: every feed's order, paging through a feed gives every post exactly
 * once (also when posts come in between pages), home / hashtag / search hold exactly the posts
 * their rules choose, and a PostSet names everyone its posts show. On PGlite, and on PostgreSQL
 * when there is one.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hasHashtag } from '../../../src/api/richText';
import type { PostRecord } from '../../../src/service/records';
import type {
  PageKey,
  PeopleFeed,
  PersonRow,
  PostFeed,
  PostRow,
  PostSet,
  Reads,
  UserRow,
} from '../../../src/service/store';
import {
  MIGRATIONS_FOLDER,
  openSqlDatabase,
  type OpenSqlDatabase,
} from '../../../src/server/db/connect';
import { ensureTrigramIndexes } from '../../../src/server/db/sqlDerived';
import { createSqlStore } from '../../../src/server/db/sqlStore';
import { scratchDatabases, testDatabaseUrl } from '../../support/scratchDatabases';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

interface Target {
  name: string;
  open: () => Promise<OpenSqlDatabase>;
  cleanup: () => Promise<void>;
}

const targets: Target[] = [
  { name: 'PGlite', open: () => openSqlDatabase(), cleanup: () => Promise.resolve() },
];
const databaseUrl = testDatabaseUrl();
if (databaseUrl !== undefined) {
  const scratch = scratchDatabases(databaseUrl);
  targets.push({
    name: 'PostgreSQL',
    open: async () =>
      openSqlDatabase({ url: await scratch.create(), onIdleError: () => undefined }),
    cleanup: () => scratch.dropAll(),
  });
}

const fold = (text: string) => text.normalize('NFC').toLocaleLowerCase('en');
/** Minute `n` of a day, as the API writes timestamps. */
const at = (n: number) =>
  `2026-01-01T${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}:00+00:00`;

const NAMES: [string, string, string][] = [
  ['ada', 'Ada', 'Lovelace'],
  ['bo', 'Bo', 'Ångström'],
  ['cy', 'Zoë', 'Crème'],
  ['dee', 'Dee', 'Adams'],
  ['eli', 'Mary Ann', 'Eli'],
  ['adam', 'Finn', 'Wade'],
];
const ids = NAMES.map(([username]) => `user-${username}`);
const [ada, bo, cy, dee, eli, adam] = ids as [string, string, string, string, string, string];

function person(index: number): UserRow {
  const [username, firstName, lastName] = NAMES[index] ?? ['x', 'X', 'X'];
  return {
    _id: `user-${username}`,
    username,
    firstName,
    lastName,
    passwordHash: 'hash',
    bio: '',
    link: '',
    profile: `avatar-${username}`,
    createdAt: at(0),
    updatedAt: at(0),
  };
}

const CONTENTS = [
  'Fresh #Bread today',
  'Nothing to see',
  'Crème brûlée and #bread',
  '#BREAD #bread twice',
  'A 100% sure thing',
  'under_score and #Brot',
  'email me at x#bread',
  'CRÈME again',
  'plain words',
  '#breadcrumbs are not bread',
];

/** 40 posts: two at each minute (so ties break by id), authors in turn, like counts with ties. */
const POSTS: PostRow[] = Array.from({ length: 40 }, (_, index) => ({
  _id: `post-${String(index).padStart(2, '0')}`,
  content: CONTENTS[index % CONTENTS.length] ?? '',
  authorId: ids[index % ids.length] ?? ada,
  createdAt: at(10 + Math.floor(index / 2)),
  updatedAt: at(10 + Math.floor(index / 2)),
  likeCount: index % 4,
}));

const newestFirst = (a: PostRow, b: PostRow) =>
  a.createdAt === b.createdAt
    ? b._id.localeCompare(a._id)
    : Date.parse(b.createdAt) - Date.parse(a.createdAt);
const trendingOrder = (a: PostRow, b: PostRow) => b.likeCount - a.likeCount || newestFirst(a, b);

/** Every page of `feed`, `limit` at a time; `between` runs after each page. */
async function pageThrough(
  database: OpenSqlDatabase,
  feed: PostFeed,
  limit: number,
  between: (page: number) => Promise<void> = () => Promise.resolve(),
): Promise<{ ids: string[]; sets: PostSet[] }> {
  const seen: string[] = [];
  const sets: PostSet[] = [];
  let after: PageKey | null = null;
  for (let page = 0; page < 100; page++) {
    const { items, next }: { items: PostSet; next: PageKey | null } = await database.store.read(
      (r) => r.posts.page(feed, after, limit),
    );
    expect(items.posts.length).toBeLessThanOrEqual(limit);
    seen.push(...items.posts.map((post) => post._id));
    sets.push(items);
    if (next === null) return { ids: seen, sets };
    after = next;
    await between(page);
  }
  throw new Error('the feed never ended');
}

/** Every person a post shows: author, likers, dislikers, commenters, voters. */
function named(post: PostRecord): string[] {
  return [
    post.authorId,
    ...post.likedByIds,
    ...post.dislikedByIds,
    ...post.comments.flatMap((comment) => [
      comment.authorId,
      ...(comment.votes?.upvotedByIds ?? []),
      ...(comment.votes?.downvotedByIds ?? []),
    ]),
  ];
}

function expectEveryoneNamed(set: PostSet): void {
  for (const post of set.posts) {
    for (const id of named(post)) expect(set.people.get(id)?._id).toBe(id);
  }
}

describe.each(targets)('the SQL store reads on $name', (target) => {
  let database: OpenSqlDatabase;
  const read = <T>(work: (reads: Reads) => Promise<T>) => database.store.read(work);

  beforeAll(async () => {
    database = await target.open();
    await database.store.write(async (w) => {
      for (const index of NAMES.keys()) await w.users.insert(person(index));
      for (const post of POSTS) await w.posts.insert(post);
      // ada follows bo then cy; dee follows ada.
      await w.follows.add(ada, bo);
      await w.follows.add(ada, cy);
      await w.follows.add(dee, ada);
      await w.follows.add(eli, ada);
      for (const postId of ['post-05', 'post-01', 'post-30']) await w.bookmarks.add(ada, postId);
      await w.reactions.set('post-03', dee, 'like');
      await w.reactions.set('post-03', eli, 'dislike');
      await w.comments.insert('post-03', {
        _id: 'comment-a',
        commentData: 'Nice',
        authorId: adam,
        createdAt: at(100),
        updatedAt: at(100),
      });
      await w.votes.set('post-03', 'comment-a', bo, 'up');
      await w.votes.set('post-03', 'comment-a', cy, 'down');
    });
  });
  afterAll(async () => {
    await (database as OpenSqlDatabase | undefined)?.close();
    await target.cleanup();
  });

  it('has the searches’ trigram indexes (pg_trgm is there on both)', async () => {
    const [found] = await database.db
      .select({
        indexes: sql<string>`concat_ws(',', to_regclass('posts_search_text_trgm_idx'), to_regclass('users_search_username_trgm_idx'), to_regclass('users_search_name_trgm_idx'))`,
      })
      .from(sql`(select 1) as one`);
    expect(found?.indexes).toBe(
      'posts_search_text_trgm_idx,users_search_username_trgm_idx,users_search_name_trgm_idx',
    );
  });

  it('pages the latest posts newest first, ties by id, each exactly once', async () => {
    const { ids: seen, sets } = await pageThrough(database, { kind: 'latest' }, 7);
    expect(seen).toStrictEqual([...POSTS].sort(newestFirst).map((post) => post._id));
    sets.forEach(expectEveryoneNamed);
    // One page of exactly all: no next page.
    const whole = await read((r) => r.posts.page({ kind: 'latest' }, null, 40));
    expect(whole.next).toBeNull();
    expect(whole.items.posts).toHaveLength(40);
  });

  it('pages trending by likes, then newest', async () => {
    const { ids: seen } = await pageThrough(database, { kind: 'trending' }, 6);
    expect(seen).toStrictEqual([...POSTS].sort(trendingOrder).map((post) => post._id));
  });

  it('pages a person home: theirs and their followees’, nothing else', async () => {
    const { ids: seen } = await pageThrough(database, { kind: 'home', userId: ada }, 4);
    const mine = new Set([ada, bo, cy]);
    expect(seen).toStrictEqual(
      [...POSTS]
        .filter((post) => mine.has(post.authorId))
        .sort(newestFirst)
        .map((post) => post._id),
    );
    const lonely = await read((r) => r.posts.page({ kind: 'home', userId: adam }, null, 50));
    expect(lonely.items.posts.every((post) => post.authorId === adam)).toBe(true);
  });

  it('pages one author, and the posts carrying a hashtag by richText.ts’s rule', async () => {
    const { ids: byBo } = await pageThrough(database, { kind: 'author', authorId: bo }, 3);
    expect(byBo).toStrictEqual(
      [...POSTS]
        .filter((post) => post.authorId === bo)
        .sort(newestFirst)
        .map((post) => post._id),
    );
    for (const tag of ['bread', '#Bread', 'BROT', 'breadcrumbs', 'nothing']) {
      const { ids: tagged } = await pageThrough(database, { kind: 'hashtag', tag }, 3);
      expect(tagged).toStrictEqual(
        [...POSTS]
          .filter((post) => hasHashtag(post.content, tag))
          .sort(newestFirst)
          .map((post) => post._id),
      );
    }
  });

  it('pages search by folded text, LIKE’s wildcards taken as text', async () => {
    for (const needle of ['crème', 'CRÈME', 'bread', '100%', 'under_', '_', '%', 'zzz']) {
      const { ids: found } = await pageThrough(database, { kind: 'search', needle }, 4);
      expect(found).toStrictEqual(
        [...POSTS]
          .filter((post) => fold(post.content).includes(fold(needle)))
          .sort(newestFirst)
          .map((post) => post._id),
      );
    }
  });

  it('keeps a page boundary when posts come in between pages', async () => {
    let added = 0;
    const { ids: seen } = await pageThrough(database, { kind: 'latest' }, 5, async (page) => {
      if (page > 1) return;
      added += 1;
      await database.store.write(async (w) => {
        // One newer than everything (above the pages read), one older (below them).
        await w.posts.insert({
          ...POSTS[0],
          _id: `post-new-${page}`,
          createdAt: at(500),
        } as PostRow);
        await w.posts.insert({ ...POSTS[0], _id: `post-old-${page}`, createdAt: at(1) } as PostRow);
      });
    });
    expect(added).toBe(2);
    const originals = seen.filter((id) => !id.startsWith('post-new') && !id.startsWith('post-old'));
    expect(originals).toStrictEqual([...POSTS].sort(newestFirst).map((post) => post._id));
    expect(new Set(seen).size).toBe(seen.length);
    // The older ones come after every original; the newer ones are above where paging started.
    expect(seen.slice(-2)).toStrictEqual(['post-old-1', 'post-old-0']);
    expect(seen.some((id) => id.startsWith('post-new'))).toBe(false);
    await database.store.write(async (w) => {
      for (const id of ['post-new-0', 'post-new-1', 'post-old-0', 'post-old-1']) {
        await w.posts.remove(id);
      }
    });
  });

  it('pages bookmarks by when they were made, and lists them oldest first', async () => {
    const { ids: seen } = await pageThrough(database, { kind: 'bookmarks', userId: ada }, 2);
    expect(seen).toStrictEqual(['post-30', 'post-01', 'post-05']);
    const list = await read((r) => r.posts.list({ kind: 'bookmarks', userId: ada }));
    expect(list.posts.map((post) => post._id)).toStrictEqual(['post-05', 'post-01', 'post-30']);
  });

  it('pages followers and following, most recent follow first', async () => {
    const pages = async (feed: PeopleFeed) => {
      const seen: PersonRow[] = [];
      let after: PageKey | null = null;
      do {
        const page: { items: PersonRow[]; next: PageKey | null } = await read((r) =>
          r.users.page(feed, after, 1),
        );
        seen.push(...page.items);
        after = page.next;
      } while (after !== null);
      return seen;
    };
    expect((await pages({ kind: 'following', userId: ada })).map((p) => p._id)).toStrictEqual([
      cy,
      bo,
    ]);
    const followers = await pages({ kind: 'followers', userId: ada });
    expect(followers.map((p) => p._id)).toStrictEqual([eli, dee]);
    expect(followers[0]).toStrictEqual({
      _id: eli,
      username: 'eli',
      firstName: 'Mary Ann',
      lastName: 'Eli',
      profile: 'avatar-eli',
    });
  });

  it('refuses a page key of another feed', async () => {
    await expect(
      read((r) => r.posts.page({ kind: 'trending' }, { at: at(1), id: 'x' }, 5)),
    ).rejects.toThrow('trending');
    await expect(read((r) => r.posts.page({ kind: 'latest' }, { seq: 3 }, 5))).rejects.toThrow(
      'time feed',
    );
  });

  it('reads a post with its lists, naming everyone they show', async () => {
    const set = await read((r) => r.posts.comments('post-03'));
    expect(set?.posts).toHaveLength(1);
    const [post] = set?.posts ?? [];
    expect(post).toMatchObject({
      _id: 'post-03',
      likedByIds: [dee],
      dislikedByIds: [eli],
      comments: [
        {
          _id: 'comment-a',
          authorId: adam,
          votes: { upvotedByIds: [bo], downvotedByIds: [cy] },
        },
      ],
    });
    if (set) expectEveryoneNamed(set);
    expect(set && [...set.people.keys()].sort()).toStrictEqual([adam, bo, cy, dee, eli].sort());
    expect(await read((r) => r.posts.comments('post-none'))).toBeUndefined();
  });

  it('lists every post, one author’s, and these ids in their order', async () => {
    const all = await read((r) => r.posts.list({ kind: 'all' }));
    expect(all.posts.map((post) => post._id)).toStrictEqual(POSTS.map((post) => post._id));
    expectEveryoneNamed(all);
    const byCy = await read((r) => r.posts.list({ kind: 'author', authorId: cy }));
    expect(byCy.posts.map((post) => post._id)).toStrictEqual(
      POSTS.filter((post) => post.authorId === cy).map((post) => post._id),
    );
    const chosen = await read((r) =>
      r.posts.list({ kind: 'ids', ids: ['post-09', 'post-none', 'post-03', 'post-00'] }),
    );
    expect(chosen.posts.map((post) => post._id)).toStrictEqual(['post-09', 'post-03', 'post-00']);
    expectEveryoneNamed(chosen);
  });

  it('lists people with their follows and bookmarks, and everyone they name', async () => {
    const some = await read((r) => r.users.list([dee, ada, 'user-none']));
    expect(some.users.map((user) => user._id)).toStrictEqual([dee, ada]);
    const [deeRecord, adaRecord] = some.users;
    expect(deeRecord).toMatchObject({ followingIds: [ada], followerIds: [], bookmarkIds: [] });
    expect(adaRecord).toMatchObject({
      followingIds: [bo, cy],
      followerIds: [dee, eli],
      bookmarkIds: ['post-05', 'post-01', 'post-30'],
    });
    expect(adaRecord).not.toHaveProperty('sessionIds');
    expect([...some.people.keys()].sort()).toStrictEqual([ada, bo, cy, dee, eli].sort());
    expect(some.bookmarks.posts.map((post) => post._id).sort()).toStrictEqual([
      'post-01',
      'post-05',
      'post-30',
    ]);
    expectEveryoneNamed(some.bookmarks);
    const everyone = await read((r) => r.users.list());
    expect(everyone.users.map((user) => user._id)).toStrictEqual(ids);
    expect(everyone.people.size).toBe(ids.length);
  });

  it('finds people by folded username or name, ranked as search.ts ranks them', async () => {
    const usernames = async (needle: string, limit = 10) =>
      (await read((r) => r.users.matching(needle, limit))).map((p) => p.username);
    // Exact username, then starts (username 'adam', last name 'Adams'), then contains.
    expect(await usernames('ada')).toStrictEqual(['ada', 'adam', 'dee']);
    expect(await usernames('ada', 2)).toStrictEqual(['ada', 'adam']);
    expect(await usernames('ÅNGSTRÖM')).toStrictEqual(['bo']);
    expect(await usernames('zoë crè')).toStrictEqual(['cy']);
    // 'Mary Ann' starts with neither 'ann' nor does 'Eli'; it contains it.
    expect(await usernames('ann')).toStrictEqual(['eli']);
    expect(await usernames('%')).toStrictEqual([]);
  });

  it('finds the usernames someone has, exactly, asking nothing for none', async () => {
    const existing = async (names: string[]) =>
      [...(await read((r) => r.users.existing(names)))].sort();
    expect(await existing(['ada', 'ADA', 'Bo', 'bo', 'bo', 'nobody', 'no one', 'x'])).toStrictEqual(
      ['ada', 'bo'],
    );
    expect(await existing([])).toStrictEqual([]);
    expect(await existing(['%', 'a'.repeat(100)])).toStrictEqual([]);
  });

  it('lets a write read its own changes, and keeps hashtags and search in step with edits', async () => {
    const seen = await database.store.write(async (w) => {
      await w.posts.insert({
        _id: 'post-mine',
        content: 'Brand new #Sourdough',
        authorId: eli,
        createdAt: at(900),
        updatedAt: at(900),
        likeCount: 0,
      });
      await w.users.update(eli, { lastName: 'Zebra' });
      const tagged = await w.posts.page({ kind: 'hashtag', tag: 'sourdough' }, null, 5);
      const people = await w.users.matching('zebra', 5);
      return {
        tagged: tagged.items.posts.map((post) => post._id),
        people: people.map((p) => p._id),
      };
    });
    expect(seen).toStrictEqual({ tagged: ['post-mine'], people: [eli] });
    await database.store.write((w) => w.posts.update('post-mine', { content: 'Now #rye only' }));
    const after = await read(async (r) => ({
      sourdough: (await r.posts.page({ kind: 'hashtag', tag: 'sourdough' }, null, 5)).items.posts,
      rye: (await r.posts.page({ kind: 'hashtag', tag: 'rye' }, null, 5)).items.posts,
      search: (await r.posts.page({ kind: 'search', needle: 'NOW #RYE' }, null, 5)).items.posts,
    }));
    expect(after.sourdough).toStrictEqual([]);
    expect(after.rye.map((post) => post._id)).toStrictEqual(['post-mine']);
    expect(after.search.map((post) => post._id)).toStrictEqual(['post-mine']);
    await database.store.write(async (w) => {
      await w.posts.remove('post-mine');
      await w.users.update(eli, { lastName: 'Eli' });
    });
  });
});

describe('a database without pg_trgm', () => {
  it('makes no trigram index and searches by scanning', async () => {
    const client = new PGlite();
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
      expect(await ensureTrigramIndexes(db)).toBe(false);
      const store = createSqlStore(db, () => ({ users: [], posts: [] }));
      await store.write(async (w) => {
        await w.users.insert(person(0));
        for (const post of POSTS.slice(0, 5)) await w.posts.insert({ ...post, authorId: ada });
      });
      const found = await store.read((r) =>
        r.posts.page({ kind: 'search', needle: 'CRÈME' }, null, 5),
      );
      expect(found.items.posts.map((post) => post._id)).toStrictEqual(['post-02']);
      expect(
        (await store.read((r) => r.users.matching('lovelace', 5))).map((p) => p._id),
      ).toStrictEqual([ada]);
    } finally {
      await client.close();
    }
  });
});
