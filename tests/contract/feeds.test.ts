/**
 * The app's paged reads: feeds of posts and lists of people, a page at a time by cursor. Paging
 * through a list returns every item once, in the list's order, even when a post is published
 * between two pages; a bad cursor or limit is a 400; a page with a next one says so in `Link`.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/client';
import type { Person, Post, PostPage, PersonPage, UserSummary } from '../../src/api/types';
import { MESSAGES } from '../../src/service/messages';
import { rankPosts } from '../../src/service/search';
import {
  expectRefused as refuse,
  failure,
  asCard,
  seenBy,
  useApi,
  USERNAMES,
  type SeedPerson,
} from './harness';

const api = useApi();
const expectRefused = (call: () => Promise<unknown>, status: number, message: string) =>
  refuse(api, call, status, message);

/** A GET under the API, as a client that is not ours would send it; throws ApiError when refused. */
async function get(path: string, as?: SeedPerson): Promise<{ body: unknown; link: string | null }> {
  const response = await fetch(`${api.baseUrl}${path}`, {
    headers: as === undefined ? {} : { authorization: api.tokens[as] },
  });
  const body: unknown = await response.json();
  if (!response.ok) {
    const errors = (body as { errors?: string[] }).errors ?? [];
    throw new ApiError(response.status, errors.join(' '));
  }
  return { body, link: response.headers.get('link') };
}

const newestFirst = (a: Post, b: Post) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a._id < b._id ? 1 : -1;
const trendFirst = (a: Post, b: Post) => b.likes.likeCount - a.likes.likeCount || newestFirst(a, b);
const ids = (posts: readonly { _id: string }[]) => posts.map((post) => post._id);

/** Every page of a list, from the first, following `next`. */
/** A person as the spec's lists name them. */
const summaryOf = ({ _id, firstName, lastName, username, profile }: Person): UserSummary => ({
  _id,
  firstName,
  lastName,
  username,
  profile,
});

async function everyPage<P extends PostPage | PersonPage>(
  page: (cursor: string | undefined) => Promise<P>,
  between?: (pages: number) => Promise<unknown>,
): Promise<P[]> {
  const pages: P[] = [];
  let cursor: string | undefined;
  do {
    const next = await page(cursor);
    pages.push(next);
    cursor = next.next ?? undefined;
    await between?.(pages.length);
  } while (cursor !== undefined && pages.length < 100);
  return pages;
}

const posts = (pages: readonly PostPage[]) => pages.flatMap((page) => page.posts);

async function userId(person: SeedPerson): Promise<string> {
  const { users } = await api.client.getUsers();
  const found = users.find((user) => user.username === USERNAMES[person]);
  if (found === undefined) throw new Error(`No ${person}`);
  return found._id;
}

const publish = (content: string, as: SeedPerson = 'guest') =>
  api.client.call('publishPost', { token: api.tokens[as], body: { postData: { content } } });

describe('GET /feed/latest and /feed/trending', () => {
  it('page through every post once, newest first, and end with next: null', async () => {
    const { posts: all } = await api.client.getPosts();
    const pages = await everyPage((cursor) =>
      api.client.call('latestFeed', { query: { cursor, limit: 3 } }),
    );
    expect(ids(posts(pages))).toEqual(ids([...all].sort(newestFirst)));
    expect(pages.every((page) => page.posts.length <= 3)).toBe(true);
    expect(pages.at(-1)?.next).toBeNull();
    expect(posts(pages)).toEqual([...all].sort(newestFirst).map((post) => asCard(post, null)));
  });

  it('page through every post once when one is published between two pages', async () => {
    const { posts: all } = await api.client.getPosts();
    const pages = await everyPage(
      (cursor) => api.client.call('latestFeed', { query: { cursor, limit: 2 } }),
      (count) => (count === 1 ? publish('Published between two pages') : Promise.resolve()),
    );
    expect(ids(posts(pages))).toEqual(ids([...all].sort(newestFirst)));
  });

  it('orders trending by likes, then newest first, every post once', async () => {
    const pages = await everyPage(
      (cursor) => api.client.call('trendingFeed', { query: { cursor, limit: 3 } }),
      (count) => (count === 1 ? publish('No likes yet') : Promise.resolve()),
    );
    // Published after the first page, with no likes: it falls among the pages still to come.
    const { posts: all } = await api.client.getPosts();
    expect(ids(posts(pages))).toEqual(ids([...all].sort(trendFirst)));
  });

  it('hold 20 posts when no limit is sent, and at most 40', async () => {
    for (let index = 0; index < 34; index += 1) await publish(`Post number ${index}`);
    const first = await api.client.call('latestFeed', {});
    expect(first.posts).toHaveLength(20);
    const widest = await api.client.call('latestFeed', { query: { limit: 40 } });
    expect(widest.posts).toHaveLength(40);
    expect(widest.next).not.toBeNull();
    const one = await api.client.call('latestFeed', { query: { limit: 1 } });
    expect(ids(one.posts)).toEqual(ids(first.posts.slice(0, 1)));
  });

  it('refuse a limit outside 1 to 40, or not a whole number', async () => {
    for (const limit of ['0', '41', '-1', '1.5', 'ten', '', '1e1']) {
      await expectRefused(() => get(`/feed/latest?limit=${limit}`), 400, MESSAGES.badLimit);
    }
  });

  it('refuse a cursor this server did not give, or one of another list', async () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const trending = await api.client.call('trendingFeed', { query: { limit: 1 } });
    const bad = [
      'not a cursor!',
      'x'.repeat(300),
      Buffer.from('not json').toString('base64url'),
      encode({ at: 1, id: 'x' }),
      encode({ at: '2026-01-01T00:00:00+00:00', id: 'x', extra: true }),
      encode({ seq: 2 }), // a bookmarks or people cursor
      trending.next ?? '', // a trending cursor: likes first
    ];
    for (const cursor of bad) {
      await expectRefused(
        () => get(`/feed/latest?cursor=${encodeURIComponent(cursor)}`),
        400,
        MESSAGES.badCursor,
      );
    }
    await expectRefused(
      () => get(`/feed/trending?cursor=${encode({ at: '2026-01-01T00:00:00+00:00', id: 'x' })}`),
      400,
      MESSAGES.badCursor,
    );
  });

  it('refuse a cursor whose values the database could not take, without an error of its own', async () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const id = 'post-x';
    const at = '2026-01-01T00:00:00+00:00';
    const maya = await userId('maya');
    const bad: [path: string, key: unknown][] = [
      ['/feed/latest', { at: 'x', id }],
      ['/feed/latest', { at: '2025-13-01T00:00:00Z', id }],
      ['/feed/latest', { at: '2025-02-30T00:00:00+00:00', id }],
      ['/feed/latest', { at: '2025-01-01T24:00:00Z', id }],
      ['/feed/latest', { at: '2025-01-01T00:00:00+99:00', id }],
      ['/feed/latest', { at: '0000-01-01T00:00:00Z', id }],
      ['/feed/latest', { at: '\u0000', id }],
      ['/feed/latest', { at, id: 'post\u0000x' }],
      ['/feed/latest', { at, id: '\ud800' }],
      ['/feed/trending', { likes: 3_000_000_000, at, id }],
      [`/people/${maya}/followers`, { seq: 1e300 }],
      [`/people/${maya}/following`, { seq: 9223372036854776000 }],
    ];
    for (const [path, key] of bad) {
      await expectRefused(() => get(`${path}?cursor=${encode(key)}`), 400, MESSAGES.badCursor);
    }
    // The moments the stores write, in either form, are taken.
    for (const moment of [at, '2026-01-01T00:00:00.000Z', '2026-02-28T23:59:59.5-05:30']) {
      const page = await get(`/feed/latest?limit=1&cursor=${encode({ at: moment, id })}`);
      expect(Array.isArray((page.body as { posts?: unknown }).posts)).toBe(true);
    }
  });

  it('name the next page in a Link header, which leads to it; the last page has none', async () => {
    const first = await get('/feed/latest?limit=5');
    const page = first.body as PostPage;
    const match = /^<([^>]+)>; rel="next"$/.exec(first.link ?? '');
    expect(match, `Link: ${first.link}`).not.toBeNull();
    const url = new URL(match?.[1] ?? '', api.baseUrl);
    expect(url.searchParams.get('cursor')).toBe(page.next);
    expect(url.searchParams.get('limit')).toBe('5');
    const second = (await (await fetch(url)).json()) as PostPage;
    expect(second).toEqual(
      await api.client.call('latestFeed', { query: { cursor: page.next ?? '', limit: 5 } }),
    );
    const last = await get(`/feed/latest?limit=40`);
    expect((last.body as PostPage).next).toBeNull();
    expect(last.link).toBeNull();
  });
});

describe("a page's likes", () => {
  const likedByOthers = async () => {
    const target = (await api.client.call('latestFeed', { query: { limit: 1 } })).posts[0];
    if (target === undefined) throw new Error('No post in the seed');
    for (const person of ['maya', 'liam', 'sofia'] as const) {
      await api.client.call('likeOne', {
        params: { postId: target._id },
        token: api.tokens[person],
      });
    }
    return target._id;
  };

  it("name the signed-in reader's own like only, and count everyone's", async () => {
    const postId = await likedByOthers();
    const first = (page: PostPage) => page.posts.find((post) => post._id === postId);
    const anonymous = first(await api.client.call('latestFeed', {}));
    expect(anonymous?.likes.likedBy).toEqual([]);
    const { post: whole } = await api.client.getPost(postId);
    expect(whole.likes.likedBy.length).toBe(whole.likes.likeCount);
    expect(anonymous?.likes.likeCount).toBe(whole.likes.likeCount);
    const liam = first(await api.client.call('trendingFeed', { token: api.tokens.liam }));
    expect(liam?.likes.likedBy.map((person) => person.username)).toEqual([USERNAMES.liam]);
    const guest = first(await api.client.call('latestFeed', { token: api.tokens.guest }));
    expect(guest).toEqual(asCard(whole, USERNAMES.guest));
  });

  it("carry each post's newest comment only, beside the number of all, as the like answer does", async () => {
    const all = (await api.client.getPosts()).posts;
    const talked = all.find((post) => post.comments.length >= 2);
    const quiet = all.find((post) => post.comments.length === 0);
    if (talked === undefined || quiet === undefined) throw new Error('The seed has no such posts');
    const pages = await everyPage((cursor) =>
      api.client.call('latestFeed', { query: { cursor, limit: 40 } }),
    );
    const card = (id: string) => posts(pages).find((post) => post._id === id);
    expect(card(talked._id)?.comments).toEqual(asCard(talked, null).comments);
    expect(card(talked._id)?.commentCount).toBe(talked.comments.length);
    expect(card(quiet._id)?.comments).toEqual([]);
    expect(card(quiet._id)?.commentCount).toBe(0);
    const liker = (['noah', 'maya', 'liam', 'sofia', 'guest'] as const).find(
      (person) => !talked.likes.likedBy.some((user) => user.username === USERNAMES[person]),
    );
    if (liker === undefined) throw new Error('Everyone in the seed likes that post');
    const { post: liked } = await api.client.call('likeOne', {
      params: { postId: talked._id },
      token: api.tokens[liker],
    });
    expect(liked.comments).toEqual(asCard(talked, USERNAMES[liker]).comments);
    expect(liked.commentCount).toBe(talked.comments.length);
    // One post read for its page holds every comment, as the spec's answers do.
    const { post: whole } = await api.client.getPost(talked._id);
    expect(whole.comments).toHaveLength(talked.comments.length);
    expect(whole).not.toHaveProperty('commentCount');
  });

  it("count a card's comment votes, naming the reader's own vote only", async () => {
    const all = (await api.client.getPosts()).posts;
    const post = all.find((each) => each.comments.length > 0);
    const comment = post?.comments.at(-1);
    if (post === undefined || comment === undefined) throw new Error('The seed has no comments');
    const params = { postId: post._id, commentId: comment._id };
    for (const person of ['maya', 'liam', 'sofia', 'noah'] as const) {
      await api.client.call('unvoteComment', { params, token: api.tokens[person] }).catch(() => {});
    }
    await api.client.call('upvoteComment', { params, token: api.tokens.maya });
    await api.client.call('upvoteComment', { params, token: api.tokens.liam });
    await api.client.call('downvoteComment', { params, token: api.tokens.sofia });
    const cardFor = async (person: 'liam' | 'noah') => {
      const pages = await everyPage((cursor) =>
        api.client.call('latestFeed', { query: { cursor, limit: 40 }, token: api.tokens[person] }),
      );
      return posts(pages).find((each) => each._id === post._id)?.comments[0]?.votes;
    };
    expect(await cardFor('liam')).toEqual({
      upvotedBy: [expect.objectContaining({ username: USERNAMES.liam })],
      downvotedBy: [],
      upvoteCount: 2,
      downvoteCount: 1,
    });
    expect(await cardFor('noah')).toEqual({
      upvotedBy: [],
      downvotedBy: [],
      upvoteCount: 2,
      downvoteCount: 1,
    });
    // The spec's one post names every voter, uncounted, as its contract says.
    const { post: whole } = await api.client.getPost(post._id);
    const votes = whole.comments.at(-1)?.votes;
    expect(votes?.upvotedBy.map((person) => person.username).sort()).toEqual(
      [USERNAMES.liam, USERNAMES.maya].sort(),
    );
    expect(votes).not.toHaveProperty('upvoteCount');
  });

  it("read a post's page with every comment counted, naming the reader's own only", async () => {
    const all = (await api.client.getPosts()).posts;
    const post = all.find((each) => each.comments.length > 1);
    const [first, second] = post?.comments ?? [];
    if (post === undefined || first === undefined || second === undefined) {
      throw new Error('The seed has no post with two comments');
    }
    const vote = (kind: 'upvoteComment' | 'downvoteComment', commentId: string, as: SeedPerson) =>
      api.client.call(kind, { params: { postId: post._id, commentId }, token: api.tokens[as] });
    for (const person of ['maya', 'liam', 'sofia', 'noah'] as const) {
      for (const { _id } of [first, second]) {
        const params = { postId: post._id, commentId: _id };
        await api.client
          .call('unvoteComment', { params, token: api.tokens[person] })
          .catch(() => {});
      }
    }
    await vote('upvoteComment', first._id, 'maya');
    await vote('upvoteComment', first._id, 'liam');
    await vote('downvoteComment', second._id, 'sofia');
    const { post: whole } = await api.client.getPost(post._id);
    const pageFor = async (as?: 'liam' | 'noah') =>
      (
        await api.client.call('postPage', {
          params: { postId: post._id },
          ...(as === undefined ? {} : { token: api.tokens[as] }),
        })
      ).post;
    // The spec's whole post, seen as each reader sees it: every comment, counts, own votes only.
    expect(await pageFor('liam')).toEqual(seenBy(whole, USERNAMES.liam));
    expect(await pageFor('noah')).toEqual(seenBy(whole, USERNAMES.noah));
    expect(await pageFor()).toEqual(seenBy(whole, null));
    const liamsPage = await pageFor('liam');
    expect(liamsPage.comments.map(({ votes }) => votes)).toEqual([
      {
        upvotedBy: [expect.objectContaining({ username: USERNAMES.liam })],
        downvotedBy: [],
        upvoteCount: 2,
        downvoteCount: 0,
      },
      { upvotedBy: [], downvotedBy: [], upvoteCount: 0, downvoteCount: 1 },
      ...liamsPage.comments.slice(2).map(({ votes }) => votes),
    ]);
    expect(liamsPage).not.toHaveProperty('commentCount');
    await expectRefused(
      () => api.client.call('postPage', { params: { postId: 'post-missing' } }),
      404,
      MESSAGES.postNotFound,
    );
  });

  it("answer a like with the liker's own like only", async () => {
    const postId = await likedByOthers();
    const { post } = await api.client.call('likeOne', {
      params: { postId },
      token: api.tokens.noah,
    });
    expect(post.likes.likedBy.map((person) => person.username)).toEqual([USERNAMES.noah]);
    expect(post.likes.likeCount).toBe((await api.client.getPost(postId)).post.likes.likeCount);
  });

  it('refuse a token that is not valid on a public feed, as on one that needs it', async () => {
    for (const path of ['/feed/latest', '/feed/trending', '/feed/hashtag/murmur']) {
      const response = await fetch(`${api.baseUrl}${path}`, {
        headers: { authorization: 'not-a-token' },
      });
      expect(response.status, path).toBe(401);
      expect(await response.json()).toEqual({ errors: [MESSAGES.invalidToken] });
    }
  });
});

describe('GET /feed/home', () => {
  it("holds the person's posts and those of whom they follow, newest first", async () => {
    const { users } = await api.client.getUsers();
    const guest = users.find((user) => user.username === USERNAMES.guest);
    const authors = new Set([USERNAMES.guest, ...(guest?.following ?? []).map((u) => u.username)]);
    const { posts: all } = await api.client.getPosts();
    const expected = all.filter((post) => authors.has(post.username)).sort(newestFirst);
    const pages = await everyPage((cursor) =>
      api.client.call('homeFeed', { token: api.tokens.guest, query: { cursor, limit: 2 } }),
    );
    expect(ids(posts(pages))).toEqual(ids(expected));
    expect(expected.length).toBeLessThan(all.length);
  });

  it('takes in the posts of someone just followed', async () => {
    const { users } = await api.client.getUsers();
    const guest = users.find((user) => user.username === USERNAMES.guest);
    const stranger = users.find(
      (user) => user._id !== guest?._id && !guest?.following.some((each) => each._id === user._id),
    );
    if (stranger === undefined) throw new Error('The guest follows everyone in the seed');
    await api.client.followUser(stranger._id, api.tokens.guest);
    const { posts: home } = await api.client.call('homeFeed', {
      token: api.tokens.guest,
      query: { limit: 40 },
    });
    const { posts: theirs } = await api.client.getUserPosts(stranger.username);
    expect(ids(home)).toEqual(expect.arrayContaining(ids(theirs)));
  });

  it('needs a token', async () => {
    const error = await failure(get('/feed/home'));
    expect(error.status).toBe(401);
  });
});

describe('GET /feed/user/:username', () => {
  it("pages through one person's posts, newest first", async () => {
    const { posts: theirs } = await api.client.getUserPosts(USERNAMES.maya);
    const pages = await everyPage((cursor) =>
      api.client.call('userFeed', {
        params: { username: USERNAMES.maya },
        query: { cursor, limit: 1 },
      }),
    );
    expect(posts(pages)).toEqual([...theirs].sort(newestFirst).map((post) => asCard(post, null)));
  });

  it('refuses an unknown username as GET /posts/user/:username does', async () => {
    await expectRefused(
      () => api.client.call('userFeed', { params: { username: 'nobody_here' } }),
      404,
      MESSAGES.userNotFound,
    );
  });
});

describe('GET /feed/bookmarks', () => {
  it('pages through the bookmarks, most recently bookmarked first', async () => {
    const { posts: all } = await api.client.getPosts();
    const { bookmarks } = await api.client.getBookmarks(api.tokens.noah);
    const toAdd = all.filter((post) => !bookmarks.some((each) => each._id === post._id));
    const picked = [toAdd[2], toAdd[0], toAdd[1]].flatMap((post) => (post ? [post._id] : []));
    for (const postId of picked) await api.client.bookmarkPost(postId, api.tokens.noah);
    const expected = [...ids(bookmarks), ...picked].reverse();
    const pages = await everyPage((cursor) =>
      api.client.call('bookmarkFeed', { token: api.tokens.noah, query: { cursor, limit: 2 } }),
    );
    expect(ids(posts(pages))).toEqual(expected);
    const { bookmarks: after } = await api.client.getBookmarks(api.tokens.noah);
    expect(posts(pages)).toEqual(
      [...after].reverse().map((post) => asCard(post, USERNAMES.noah, true)),
    );
  });

  it('needs a token, and refuses a time cursor', async () => {
    expect((await failure(get('/feed/bookmarks'))).status).toBe(401);
    const latest = await api.client.call('latestFeed', { query: { limit: 1 } });
    await expectRefused(
      () => get(`/feed/bookmarks?cursor=${latest.next ?? ''}`, 'guest'),
      400,
      MESSAGES.badCursor,
    );
  });
});

describe('GET /feed/hashtag/:tag and /feed/search', () => {
  it('finds the posts carrying a hashtag, in any case, newest first', async () => {
    const tagged = [
      await publish('Fresh #Sourdough today'),
      await publish('No tag, only sourdough'),
      await publish('More #sourdough, and #rye', 'liam'),
      await publish('#sourdoughs is another tag', 'maya'),
    ];
    // As one signed out reads them: not whether the author bookmarked them.
    const [first, , third] = tagged.map(({ post: { bookmarkedByMe: _mine, ...post } }) => post);
    for (const tag of ['sourdough', 'SOURDOUGH']) {
      const page = await api.client.call('hashtagFeed', { params: { tag } });
      expect(page.posts).toEqual([third, first]);
      expect(page.next).toBeNull();
    }
    const pages = await everyPage((cursor) =>
      api.client.call('hashtagFeed', { params: { tag: 'sourdough' }, query: { cursor, limit: 1 } }),
    );
    expect(ids(posts(pages))).toEqual(ids([third, first].flatMap((post) => post ?? [])));
    const none = await api.client.call('hashtagFeed', { params: { tag: 'nothing_here' } });
    expect(none).toEqual({ posts: [], next: null });
  });

  it('finds the posts whose text contains the query, as search does, page by page', async () => {
    await publish('The oven is HOT');
    await publish('nothing to see');
    const { posts: all } = await api.client.getPosts();
    const expected = rankPosts(all, ' the ', all.length);
    const pages = await everyPage((cursor) =>
      api.client.call('searchFeed', { query: { q: ' the ', cursor, limit: 2 } }),
    );
    expect(ids(posts(pages))).toEqual(ids(expected));
    const { posts: searched } = await api.client.search('the');
    expect(ids(searched)).toEqual(ids(expected.slice(0, searched.length)));
  });

  it('refuses a blank, missing or too long query as GET /search does', async () => {
    for (const q of ['', '   ', 'x'.repeat(101)]) {
      const search = await failure(get(`/search?q=${encodeURIComponent(q)}`));
      await expectRefused(
        () => get(`/feed/search?q=${encodeURIComponent(q)}`),
        400,
        search.message,
      );
    }
    const missing = await failure(get('/search'));
    await expectRefused(() => get('/feed/search'), 400, missing.message);
  });
});

describe('GET /people/:userId/followers and /following', () => {
  it('lists followers and followings, the most recent follow first, page by page', async () => {
    const maya = await userId('maya');
    const before = await api.client.getUser(maya);
    const followers = ['sofia', 'noah', 'liam'] as const;
    for (const person of followers) {
      if (!before.user.followers.some((each) => each.username === USERNAMES[person])) {
        await api.client.followUser(maya, api.tokens[person]);
      }
    }
    const { user } = await api.client.getUser(maya);
    const pages = await everyPage((cursor) =>
      api.client.call('followersPage', { params: { userId: maya }, query: { cursor, limit: 1 } }),
    );
    expect(pages.flatMap((page) => page.users.map(summaryOf))).toEqual(
      [...user.followers].reverse(),
    );
    const following = await everyPage((cursor) =>
      api.client.call('followingPage', { params: { userId: maya }, query: { cursor, limit: 2 } }),
    );
    expect(following.flatMap((page) => page.users.map(summaryOf))).toEqual(
      [...user.following].reverse(),
    );
  });

  it('lists each person with counts and whether the caller follows them', async () => {
    const maya = await userId('maya');
    const guest = await userId('guest');
    const mine = await api.client.call('followingPage', {
      params: { userId: guest },
      token: api.tokens.guest,
    });
    const { user: me } = await api.client.getUser(guest);
    expect(mine.users.map((person) => person.followedByMe)).toEqual(me.following.map(() => true));
    // Without a token no one is followed; the counts are the person's lists.
    const anonymous = await api.client.call('followersPage', { params: { userId: maya } });
    for (const person of anonymous.users) {
      const { user } = await api.client.getUser(person._id);
      expect(person).toMatchObject({
        followedByMe: false,
        followerCount: user.followers.length,
        followingCount: user.following.length,
      });
    }
  });

  it('puts a new follow first', async () => {
    const guest = await userId('guest');
    const { user } = await api.client.getUser(guest);
    const { users } = await api.client.getUsers();
    const stranger = users.find(
      (each) => each._id !== guest && !user.following.some((followed) => followed._id === each._id),
    );
    if (stranger === undefined) throw new Error('The guest follows everyone in the seed');
    await api.client.followUser(stranger._id, api.tokens.guest);
    const page = await api.client.call('followingPage', { params: { userId: guest } });
    expect(page.users[0]?._id).toBe(stranger._id);
    const theirs = await api.client.call('followersPage', { params: { userId: stranger._id } });
    expect(theirs.users[0]?._id).toBe(guest);
  });

  it('refuses an unknown person, and a bad cursor', async () => {
    await expectRefused(
      () => api.client.call('followersPage', { params: { userId: 'no-such-id' } }),
      404,
      MESSAGES.userNotFound,
    );
    const guest = await userId('guest');
    await expectRefused(
      () => get(`/people/${guest}/following?cursor=abc`),
      400,
      MESSAGES.badCursor,
    );
  });
});
