/**
 * One paged feed (feed.ts), run as the app runs it: a child of the posts machine, started by
 * `FEED.OPEN`, handing each page's posts to the store as `FEED.PAGE`. Then what screens read of
 * it: `selectFeedIds`, `feedStatusOf`, and the store's `mergeSome`.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Post, PostIdResponse } from '../../../src/api/types';
import {
  feedId,
  feedMachine,
  feedStatusOf,
  selectWaitingCount,
  mergeSome,
  postsMachine,
  selectFeedIds,
  selectPostById,
  showsOwnNewPost,
  type FeedActorRef,
  type FeedKey,
  type FeedPage,
  type FeedPageInput,
  type FeedSnapshot,
  type PostInput,
  type PostsById,
  type Session,
} from '../../../src/machines';
import {
  alice,
  answering,
  bob,
  controlled,
  makeComment,
  makePost,
  me,
  refused,
  settle,
  signedIn,
  signedOut,
  summary,
  TOKEN,
} from './fixtures';

const HOME: FeedKey = { kind: 'home' };
const LATEST: FeedKey = { kind: 'latest' };
const TRENDING: FeedKey = { kind: 'trending' };

const post = (id: string, author = alice, overrides: Partial<Post> = {}) =>
  makePost(id, summary(author), overrides);
const a1 = post('a1');
const a2 = post('a2');
const a3 = post('a3');
const a4 = post('a4');
const a5 = post('a5');
const page = (posts: Post[], next: string | null): FeedPage => ({ posts, next });
const idsOf = (posts: readonly Post[]) => posts.map((p) => p._id);

/** The posts machine with a fake `loadFeedPage` for its feeds, signed in; `FEED.OPEN` sent. */
function opened(feed: FeedKey = HOME, session: Session = signedIn()) {
  const loadFeedPage = controlled<FeedPage, FeedPageInput>();
  const posts = createActor(
    postsMachine.provide({
      actors: { feed: feedMachine.provide({ actors: { loadFeedPage: loadFeedPage.logic } }) },
    }),
    { input: { session } },
  ).start();
  posts.send({ type: 'FEED.OPEN', feed });
  const child = (key: FeedKey = feed) =>
    posts.getSnapshot().children[feedId(key)] as FeedActorRef | undefined;
  const snapshot = (key: FeedKey = feed) => child(key)?.getSnapshot() as FeedSnapshot;
  const send = (event: { type: 'LOAD_MORE' | 'RETRY' | 'REFRESH' | 'SHOW_NEW' | 'REREAD' }) =>
    child()?.send(event);
  const record = (id: string) => selectPostById(posts.getSnapshot(), id);
  return { posts, loadFeedPage, child, snapshot, send, record };
}

describe('feed: paging', () => {
  it('reads the first page with the token and no cursor; its posts go to the store', async () => {
    const f = opened();
    expect(f.snapshot().value).toBe('loading');
    expect(feedStatusOf(f.snapshot())).toEqual({ status: 'loading', more: 'idle', error: null });
    expect(f.loadFeedPage.calls).toEqual([{ feed: HOME, token: TOKEN, cursor: null }]);
    await f.loadFeedPage.resolve(page([a1, a2], 'c2'));
    expect(f.snapshot().value).toBe('ready');
    expect(f.snapshot().context.ids).toEqual(['a1', 'a2']);
    expect(f.snapshot().context.next).toBe('c2');
    // FEED.PAGE: the parent, the posts store, holds the records.
    expect(f.record('a1')).toEqual(a1);
    expect(f.record('a2')).toEqual(a2);
    expect(feedStatusOf(f.snapshot())).toEqual({ status: 'ready', more: 'idle', error: null });
  });

  it('FEED.OPEN of a feed already open starts nothing; another feed gets its own actor', async () => {
    const f = opened();
    await f.loadFeedPage.resolve(page([a1], 'c2'));
    const first = f.child();
    f.posts.send({ type: 'FEED.OPEN', feed: { kind: 'home' } });
    expect(f.child()).toBe(first);
    expect(f.loadFeedPage.calls).toHaveLength(1);

    const tag: FeedKey = { kind: 'hashtag', tag: 'cats' };
    f.posts.send({ type: 'FEED.OPEN', feed: tag });
    expect(f.child(tag)).toBeDefined();
    expect(f.child(tag)).not.toBe(first);
    expect(f.loadFeedPage.calls[1]).toEqual({ feed: tag, token: TOKEN, cursor: null });
  });

  it('LOAD_MORE reads from the cursor and appends, each id once; one call at a time', async () => {
    const f = opened();
    await f.loadFeedPage.resolve(page([a1, a2], 'c2'));
    f.send({ type: 'LOAD_MORE' });
    f.send({ type: 'LOAD_MORE' });
    expect(f.snapshot().value).toBe('loadingMore');
    expect(feedStatusOf(f.snapshot())).toMatchObject({ status: 'ready', more: 'loading' });
    expect(f.loadFeedPage.calls).toHaveLength(2);
    expect(f.loadFeedPage.calls[1]).toEqual({ feed: HOME, token: TOKEN, cursor: 'c2' });
    // a2 again (the feed moved on the server meanwhile): kept where it was first read.
    await f.loadFeedPage.resolve(page([a2, a3], 'c3'));
    expect(f.snapshot().value).toBe('ready');
    expect(f.snapshot().context.ids).toEqual(['a1', 'a2', 'a3']);
    expect(f.snapshot().context.next).toBe('c3');
    expect(f.record('a3')).toEqual(a3);
  });

  it('the last page (no next) ends the feed; LOAD_MORE then reads nothing', async () => {
    const f = opened();
    await f.loadFeedPage.resolve(page([a1], 'c2'));
    f.send({ type: 'LOAD_MORE' });
    await f.loadFeedPage.resolve(page([a2], null));
    expect(f.snapshot().value).toBe('end');
    expect(f.snapshot().context.ids).toEqual(['a1', 'a2']);
    expect(feedStatusOf(f.snapshot())).toEqual({ status: 'ready', more: 'end', error: null });
    f.send({ type: 'LOAD_MORE' });
    expect(f.loadFeedPage.calls).toHaveLength(2);
  });

  it('a first page that is the last goes straight to the end', async () => {
    const f = opened();
    await f.loadFeedPage.resolve(page([a1], null));
    expect(f.snapshot().value).toBe('end');
    expect(feedStatusOf(f.snapshot()).more).toBe('end');
  });

  it("a failed first page waits in failed with the server's message; RETRY reads it again", async () => {
    const f = opened();
    await f.loadFeedPage.reject(refused('The feed broke', 500));
    expect(f.snapshot().value).toBe('failed');
    expect(feedStatusOf(f.snapshot())).toEqual({
      status: 'failed',
      more: 'idle',
      error: 'The feed broke',
    });
    f.send({ type: 'LOAD_MORE' });
    f.send({ type: 'REFRESH' });
    expect(f.loadFeedPage.calls).toHaveLength(1);
    f.send({ type: 'RETRY' });
    expect(f.snapshot().value).toBe('loading');
    expect(f.loadFeedPage.calls[1]).toEqual({ feed: HOME, token: TOKEN, cursor: null });
    await f.loadFeedPage.resolve(page([a1], 'c2'));
    expect(f.snapshot().value).toBe('ready');
    expect(feedStatusOf(f.snapshot())).toEqual({ status: 'ready', more: 'idle', error: null });
  });

  it('a failed next page keeps what was read and waits in moreFailed; LOAD_MORE tries again', async () => {
    const f = opened();
    await f.loadFeedPage.resolve(page([a1, a2], 'c2'));
    f.send({ type: 'LOAD_MORE' });
    await f.loadFeedPage.reject(refused('Network error', 0));
    expect(f.snapshot().value).toBe('moreFailed');
    expect(f.snapshot().context.ids).toEqual(['a1', 'a2']);
    expect(f.snapshot().context.next).toBe('c2');
    expect(feedStatusOf(f.snapshot())).toEqual({
      status: 'ready',
      more: 'failed',
      error: 'Network error',
    });
    f.send({ type: 'RETRY' }); // only the first page's failure retries with RETRY
    expect(f.loadFeedPage.calls).toHaveLength(2);
    f.send({ type: 'LOAD_MORE' });
    expect(f.loadFeedPage.calls[2]).toEqual({ feed: HOME, token: TOKEN, cursor: 'c2' });
    await f.loadFeedPage.resolve(page([a3], 'c3'));
    expect(f.snapshot().context.ids).toEqual(['a1', 'a2', 'a3']);
    expect(feedStatusOf(f.snapshot())).toEqual({ status: 'ready', more: 'idle', error: null });
  });
});

describe('feed: a refused token', () => {
  it.each([
    ['the first page', (f: ReturnType<typeof opened>) => Promise.resolve(f)],
    [
      'a next page',
      async (f: ReturnType<typeof opened>) => {
        await f.loadFeedPage.resolve(page([a1], 'c2'));
        f.send({ type: 'LOAD_MORE' });
        return f;
      },
    ],
    [
      'a quiet refresh',
      async (f: ReturnType<typeof opened>) => {
        await f.loadFeedPage.resolve(page([a1], 'c2'));
        f.send({ type: 'REFRESH' });
        return f;
      },
    ],
  ])('a 401 on %s ends the session (sessionExpired), not only the feed', async (_what, reach) => {
    const f = await reach(opened());
    const emitted: unknown[] = [];
    f.posts.on('*', (event) => emitted.push(event));
    await f.loadFeedPage.reject(refused('The token is invalid. Unauthorized access error.', 401));
    expect(emitted).toEqual([{ type: 'sessionExpired' }]);
  });

  it("any other failure is the feed's own: nothing is emitted", async () => {
    const f = opened();
    const emitted: unknown[] = [];
    f.posts.on('*', (event) => emitted.push(event));
    await f.loadFeedPage.reject(refused('The feed broke', 500));
    expect(f.snapshot().value).toBe('failed');
    expect(emitted).toEqual([]);
  });
});

describe('feed: REFRESH', () => {
  it('updates the records on screen, keeps the new posts waiting, and SHOW_NEW puts them first; the cursor of what was read stays', async () => {
    const f = opened();
    await f.loadFeedPage.resolve(page([a1, a2], 'c2'));
    f.send({ type: 'LOAD_MORE' });
    await f.loadFeedPage.resolve(page([a3, a4], 'c3'));
    f.send({ type: 'REFRESH' });
    expect(f.loadFeedPage.calls[2]).toEqual({ feed: HOME, token: TOKEN, cursor: null });
    // Still shown as ready while the refresh reads: no spinner, the reader keeps their place.
    expect(feedStatusOf(f.snapshot())).toEqual({ status: 'ready', more: 'idle', error: null });
    const likedA1 = { ...a1, likes: { likeCount: 3, likedBy: [], dislikedBy: [] } };
    await f.loadFeedPage.resolve(page([a5, likedA1], 'fresh-cursor'));
    // Nothing moves under the reader: the new post waits, the one on screen is updated.
    expect(f.snapshot().context.ids).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(selectWaitingCount(f.snapshot())).toBe(1);
    expect(f.snapshot().value).toBe('ready');
    expect(f.record('a5')).toEqual(a5);
    expect(f.record('a1')).toEqual(likedA1); // the fresh record reached the store
    // The reader asks for it: the first page again, on top.
    f.send({ type: 'SHOW_NEW' });
    expect(f.loadFeedPage.calls[3]).toEqual({ feed: HOME, token: TOKEN, cursor: null });
    await f.loadFeedPage.resolve(page([a5, likedA1], 'fresh-cursor'));
    expect(f.snapshot().context.ids).toEqual(['a5', 'a1', 'a2', 'a3', 'a4']);
    expect(selectWaitingCount(f.snapshot())).toBe(0);
    // The next page is still the one after what was read, not after the fresh first page.
    f.send({ type: 'LOAD_MORE' });
    expect(f.loadFeedPage.calls[4]).toMatchObject({ cursor: 'c3' });
  });

  it('SHOW_NEW drops what the fresh page skips above its last known post: no longer in the feed', async () => {
    const f = opened();
    await f.loadFeedPage.resolve(page([a1, a2, a3], 'c2'));
    f.send({ type: 'LOAD_MORE' });
    await f.loadFeedPage.resolve(page([a4, a5], 'c3'));
    // Home read again after an unfollow: a2 (by the one unfollowed) is not in it any more.
    f.send({ type: 'SHOW_NEW' });
    await f.loadFeedPage.resolve(page([a1, a3], 'fresh-cursor'));
    // Not put after the fresh page, out of its order: gone. What was read below stays.
    expect(f.snapshot().context.ids).toEqual(['a1', 'a3', 'a4', 'a5']);
    f.send({ type: 'LOAD_MORE' });
    expect(f.loadFeedPage.calls.at(-1)).toMatchObject({ cursor: 'c3' });
  });

  it("RELOAD after an unfollow drops that author's posts from Home however deep they were read", async () => {
    const b1 = post('b1', bob);
    const b2 = post('b2', bob);
    const b3 = post('b3', bob);
    const f = opened();
    await f.loadFeedPage.resolve(page([a1, b1], 'c2'));
    f.send({ type: 'LOAD_MORE' });
    await f.loadFeedPage.resolve(page([a2, b2, a3], 'c3'));
    f.posts.send({ type: 'FEED.PAGE', posts: [b3] });
    f.child()?.send({ type: 'NEW_POST', postId: 'b3' });
    expect(f.snapshot().context.waiting).toEqual(['b3']);
    f.posts.send({ type: 'RELOAD', unfollowed: bob.username });
    // At once, before the first page is read again: b2 is below anything that page would cover.
    expect(f.snapshot().context.ids).toEqual(['a1', 'a2', 'a3']);
    expect(f.snapshot().context.waiting).toEqual([]);
    // Home is read again down to its last post read (a3), two pages here.
    await f.loadFeedPage.resolve(page([a1, a2], 'fresh-cursor'));
    expect(f.loadFeedPage.calls.at(-1)).toMatchObject({ cursor: 'fresh-cursor' });
    await f.loadFeedPage.resolve(page([a3], 'fresh-c3'));
    expect(f.snapshot().context.ids).toEqual(['a1', 'a2', 'a3']);
    // The records stay in the store: Explore may show them.
    expect(f.record('b2')).toEqual(b2);
    // A RELOAD after a follow or a profile edit drops nothing.
    f.posts.send({ type: 'RELOAD' });
    await f.loadFeedPage.resolve(page([a1, a2, a3], 'fresh-c3'));
    expect(f.snapshot().context.ids).toEqual(['a1', 'a2', 'a3']);
  });

  it('REREAD (a follow) reads all that was read again: posts that came between two read ones show, in order', async () => {
    const b1 = post('b1', bob);
    const b2 = post('b2', bob);
    const f = opened();
    await f.loadFeedPage.resolve(page([a1, a2], 'c2'));
    f.send({ type: 'LOAD_MORE' });
    await f.loadFeedPage.resolve(page([a3, a4], 'c3'));
    f.send({ type: 'REREAD' });
    // Page by page from the top, until the page that holds the last post read (a4).
    await f.loadFeedPage.resolve(page([a1, b1], 'r2'));
    await f.loadFeedPage.resolve(page([a2, a3], 'r3'));
    expect(f.snapshot().context.ids).toEqual(['a1', 'a2', 'a3', 'a4']); // nothing moves meanwhile
    await f.loadFeedPage.resolve(page([b2, a4], 'r4'));
    expect(f.loadFeedPage.calls.slice(2).map((call) => call.cursor)).toEqual([null, 'r2', 'r3']);
    expect(f.snapshot().context.ids).toEqual(['a1', 'b1', 'a2', 'a3', 'b2', 'a4']);
    expect(f.snapshot().value).toBe('ready');
    f.send({ type: 'LOAD_MORE' });
    expect(f.loadFeedPage.calls.at(-1)).toMatchObject({ cursor: 'r4' });
  });

  it('a bookmark made while the bookmarks are read again over several pages still goes on top', async () => {
    const f = opened({ kind: 'bookmarks' });
    await f.loadFeedPage.resolve(page([a1, a2], 'c2'));
    f.send({ type: 'LOAD_MORE' });
    await f.loadFeedPage.resolve(page([a3], 'c3'));
    f.send({ type: 'REREAD' });
    // Made while the first page is out: neither page, read from before it, can hold it.
    f.child()?.send({ type: 'BOOKMARK_SEEN', postId: 'a5', bookmarked: true });
    await f.loadFeedPage.resolve(page([a1, a2], 'r2'));
    await f.loadFeedPage.resolve(page([a3], 'r3'));
    expect(f.snapshot().context.ids).toEqual(['a5', 'a1', 'a2', 'a3']);
  });

  it('a read from the top stops one page past what was read: those pages are the feed, which goes on from their end', async () => {
    const b1 = post('b1', bob);
    const b2 = post('b2', bob);
    const b3 = post('b3', bob);
    const f = opened();
    await f.loadFeedPage.resolve(page([a1, a2], 'c2'));
    f.send({ type: 'REREAD' });
    await f.loadFeedPage.resolve(page([b1, b2], 'r2'));
    await f.loadFeedPage.resolve(page([b3, a1], 'r3'));
    expect(f.loadFeedPage.calls).toHaveLength(3);
    // a2 was not reached: it is not kept out of its order, it comes with the next page.
    expect(f.snapshot().context.ids).toEqual(['b1', 'b2', 'b3', 'a1']);
    f.send({ type: 'LOAD_MORE' });
    expect(f.loadFeedPage.calls.at(-1)).toMatchObject({ cursor: 'r3' });
  });

  it('SHOW_NEW with more new posts than a page reads on until it meets what was read: none missing between', async () => {
    const [n1, n2, n3] = [post('n1', bob), post('n2', bob), post('n3', bob)];
    const f = opened();
    await f.loadFeedPage.resolve(page([a1, a2], 'c2'));
    f.send({ type: 'LOAD_MORE' });
    await f.loadFeedPage.resolve(page([a3, a4], 'c3'));
    f.send({ type: 'SHOW_NEW' });
    await f.loadFeedPage.resolve(page([n1, n2], 'r2'));
    await f.loadFeedPage.resolve(page([n3, a1], 'r3'));
    expect(f.snapshot().context.ids).toEqual(['n1', 'n2', 'n3', 'a1', 'a2', 'a3', 'a4']);
    // What was read below stays, with its cursor.
    f.send({ type: 'LOAD_MORE' });
    expect(f.loadFeedPage.calls.at(-1)).toMatchObject({ cursor: 'c3' });
  });

  it('SHOW_NEW that reads the whole feed in one page shows exactly that page, at its end', async () => {
    const f = opened();
    await f.loadFeedPage.resolve(page([a1, a2], 'c2'));
    f.send({ type: 'LOAD_MORE' });
    await f.loadFeedPage.resolve(page([a3, a4], null));
    f.send({ type: 'SHOW_NEW' });
    await f.loadFeedPage.resolve(page([a5, a1, a4], null));
    expect(f.snapshot().context.ids).toEqual(['a5', 'a1', 'a4']);
    expect(f.snapshot().value).toBe('end');
  });

  it('a feed at its end stays at its end; a refresh that fails keeps everything quietly', async () => {
    const f = opened();
    await f.loadFeedPage.resolve(page([a1, a2], null));
    f.send({ type: 'REFRESH' });
    await f.loadFeedPage.resolve(page([a3, a1], 'c2'));
    expect(f.snapshot().value).toBe('end');
    expect(f.snapshot().context.ids).toEqual(['a1', 'a2']);
    expect(f.snapshot().context.waiting).toEqual(['a3']);

    f.send({ type: 'REFRESH' });
    await f.loadFeedPage.reject(refused('Network error', 0));
    expect(f.snapshot().value).toBe('end');
    expect(f.snapshot().context.ids).toEqual(['a1', 'a2']);
    expect(f.snapshot().context.waiting).toEqual(['a3']);
    expect(feedStatusOf(f.snapshot())).toEqual({ status: 'ready', more: 'end', error: null });
  });

  it('a REFRESH while refreshing reads again; the answer of the first read is dropped', async () => {
    const f = opened();
    await f.loadFeedPage.resolve(page([a1], 'c2'));
    f.send({ type: 'REFRESH' });
    f.send({ type: 'REFRESH' });
    expect(f.loadFeedPage.calls).toHaveLength(3);
    await f.loadFeedPage.resolve(page([a2, a1], 'c2'), 1); // the stale read
    expect(f.snapshot().context.waiting).toEqual([]);
    await f.loadFeedPage.resolve(page([a3, a1], 'c2'), 2);
    expect(f.snapshot().context.waiting).toEqual(['a3']);
    expect(f.snapshot().context.ids).toEqual(['a1']);
  });

  it('CHANGED_ELSEWHERE on the posts machine refreshes every open feed', async () => {
    const f = opened();
    await f.loadFeedPage.resolve(page([a1], 'c2'));
    f.posts.send({ type: 'FEED.OPEN', feed: LATEST });
    await f.loadFeedPage.resolve(page([a2], null));
    f.posts.send({ type: 'CHANGED_ELSEWHERE' });
    expect(f.loadFeedPage.calls.slice(2)).toEqual([
      { feed: HOME, token: TOKEN, cursor: null },
      { feed: LATEST, token: TOKEN, cursor: null },
    ]);
    expect(f.snapshot(HOME).value).toBe('refreshing');
    expect(f.snapshot(LATEST).value).toBe('refreshing');
  });

  it('a session that ends stops the feeds; the next FEED.OPEN reads with the new token', async () => {
    const f = opened();
    await f.loadFeedPage.resolve(page([a1], 'c2'));
    f.posts.send({ type: 'SESSION', session: signedOut() });
    expect(f.child()).toBeUndefined();
    expect(f.record('a1')).toBeUndefined();
    f.posts.send({ type: 'SESSION', session: { user: me, token: 'next-token' } });
    f.posts.send({ type: 'FEED.OPEN', feed: HOME });
    expect(f.loadFeedPage.calls[1]).toEqual({ feed: HOME, token: 'next-token', cursor: null });
    expect(f.snapshot().value).toBe('loading');
  });
});

describe('feed: posts published elsewhere wait', () => {
  it('NEW_POST waits once, never for a post on screen; SHOW_NEW brings it', async () => {
    const f = opened();
    await f.loadFeedPage.resolve(page([a1, a2], null));
    const feed = f.child();
    feed?.send({ type: 'NEW_POST', postId: 'a3' });
    feed?.send({ type: 'NEW_POST', postId: 'a3' });
    feed?.send({ type: 'NEW_POST', postId: 'a1' });
    expect(f.snapshot().context.waiting).toEqual(['a3']);
    expect(f.snapshot().context.ids).toEqual(['a1', 'a2']);
    feed?.send({ type: 'SHOW_NEW' });
    await f.loadFeedPage.resolve(page([a3, a1, a2], null));
    expect(f.snapshot().context.ids).toEqual(['a3', 'a1', 'a2']);
    expect(f.snapshot().context.waiting).toEqual([]);
  });
});

describe('feed: its records are the store’s', () => {
  it("a like's answer redraws the post the feed read: the feed holds only its id", async () => {
    const likePost = answering<{ post: Post }, PostInput>(({ postId }) => ({
      post: { ...a1, _id: postId, likes: { likeCount: 1, likedBy: [summary(me)], dislikedBy: [] } },
    }));
    const loadFeedPage = controlled<FeedPage, FeedPageInput>();
    const posts = createActor(
      postsMachine.provide({
        actors: {
          likePost: likePost.logic,
          feed: feedMachine.provide({ actors: { loadFeedPage: loadFeedPage.logic } }),
        },
      }),
      { input: { session: signedIn() } },
    ).start();
    posts.send({ type: 'FEED.OPEN', feed: HOME });
    await loadFeedPage.resolve(page([a1, a2], null));
    const child = posts.getSnapshot().children[feedId(HOME)] as FeedActorRef;
    const ids = child.getSnapshot().context.ids;
    posts.send({ type: 'LIKE', postId: 'a1' });
    await settle();
    expect(selectPostById(posts.getSnapshot(), 'a1')?.likes.likeCount).toBe(1);
    expect(child.getSnapshot().context.ids).toBe(ids);
  });
});

describe('feedId and showsOwnNewPost', () => {
  it('one child id per feed', () => {
    expect(feedId(HOME)).toBe('feed:home');
    expect(feedId(TRENDING)).toBe('feed:trending');
    expect(feedId({ kind: 'hashtag', tag: 'cats' })).toBe('feed:hashtag:cats');
    expect(feedId({ kind: 'user', username: 'alice' })).toBe('feed:user:alice');
  });

  it('a new post of mine belongs on top of Home, Latest, my profile and the hashtags it carries', () => {
    const mine = post('m', me, { content: 'Hello #Cats' });
    const my = summary(me);
    expect(showsOwnNewPost(HOME, mine, my)).toBe(true);
    expect(showsOwnNewPost(LATEST, mine, my)).toBe(true);
    expect(showsOwnNewPost(TRENDING, mine, my)).toBe(false);
    expect(showsOwnNewPost({ kind: 'hashtag', tag: 'cats' }, mine, my)).toBe(true);
    expect(showsOwnNewPost({ kind: 'hashtag', tag: 'dogs' }, mine, my)).toBe(false);
    expect(showsOwnNewPost({ kind: 'user', username: 'me' }, mine, my)).toBe(true);
    expect(showsOwnNewPost({ kind: 'user', username: 'alice' }, mine, my)).toBe(false);
    expect(showsOwnNewPost({ kind: 'user', username: 'me' }, mine, null)).toBe(false);
  });
});

/** A posts store holding `stored`, with `published` created in this session (oldest first). */
function storeWith(stored: Post[], published: Post[] = []) {
  const deletePost = answering<PostIdResponse, PostInput>(({ postId }) => ({ postId }));
  const posts = createActor(postsMachine.provide({ actors: { deletePost: deletePost.logic } }), {
    input: { session: signedIn() },
  }).start();
  posts.send({ type: 'FEED.PAGE', posts: stored });
  for (const mine of published) posts.send({ type: 'STORE_POST', post: mine, created: true });
  return posts;
}

describe('selectFeedIds', () => {
  const mine = post('mine', me, { content: 'Fresh #cats' });
  const older = post('older', me, { content: 'Older, no tag' });

  it("puts my new posts, newest first, on top of the feeds that carry them, not Trending's", () => {
    const posts = storeWith([a1, a2], [older, mine]);
    const snapshot = posts.getSnapshot();
    const read = ['a1', 'a2'];
    expect(selectFeedIds(snapshot, HOME, read)).toEqual(['mine', 'older', 'a1', 'a2']);
    expect(selectFeedIds(snapshot, LATEST, read)).toEqual(['mine', 'older', 'a1', 'a2']);
    expect(selectFeedIds(snapshot, { kind: 'user', username: 'me' }, [])).toEqual([
      'mine',
      'older',
    ]);
    expect(selectFeedIds(snapshot, { kind: 'hashtag', tag: 'cats' }, read)).toEqual([
      'mine',
      'a1',
      'a2',
    ]);
    expect(selectFeedIds(snapshot, TRENDING, read)).toBe(read);
    expect(selectFeedIds(snapshot, { kind: 'user', username: 'alice' }, read)).toBe(read);
  });

  it('a new post the feed has read since is shown once, where the feed has it', () => {
    const snapshot = storeWith([a1], [mine]).getSnapshot();
    expect(selectFeedIds(snapshot, HOME, ['a1', 'mine'])).toEqual(['a1', 'mine']);
  });

  it('a feed not read yet shows my new posts alone; the same empty list when there are none', () => {
    expect(selectFeedIds(storeWith([], [mine]).getSnapshot(), HOME, undefined)).toEqual(['mine']);
    const none = selectFeedIds(storeWith([a1]).getSnapshot(), HOME, undefined);
    expect(none).toEqual([]);
    expect(selectFeedIds(storeWith([a2]).getSnapshot(), LATEST, undefined)).toBe(none);
  });

  it('leaves out a post the store no longer has (deleted), read or published', async () => {
    const posts = storeWith([a1, a2], [mine]);
    posts.send({ type: 'DELETE', postId: 'a1' });
    posts.send({ type: 'DELETE', postId: 'mine' });
    await settle();
    expect(selectPostById(posts.getSnapshot(), 'a1')).toBeUndefined();
    expect(selectFeedIds(posts.getSnapshot(), HOME, ['a1', 'a2'])).toEqual(['a2']);
  });

  it('shows firstPostId first, once, when the store has it; otherwise ignores it', () => {
    const snapshot = storeWith([a1, a2, a3]).getSnapshot();
    expect(selectFeedIds(snapshot, TRENDING, ['a1', 'a2', 'a3'], 'a3')).toEqual(['a3', 'a1', 'a2']);
    // A search result the feed never read, but the store holds (search stored it).
    expect(selectFeedIds(snapshot, TRENDING, ['a1'], 'a2')).toEqual(['a2', 'a1']);
    const read = ['a1', 'a2'];
    expect(selectFeedIds(snapshot, TRENDING, read, 'gone')).toBe(read);
    expect(selectFeedIds(snapshot, TRENDING, read, 'a1')).toBe(read);
    expect(selectFeedIds(snapshot, TRENDING, read, null)).toBe(read);
  });

  // A post of mine published in this session and chosen as firstPostId (found by search) before
  // the feed read it: once, first (two cards with one key would confuse React).
  it('firstPostId that is also one of my new posts is listed once', () => {
    const snapshot = storeWith([a1], [mine]).getSnapshot();
    expect(selectFeedIds(snapshot, HOME, ['a1'], 'mine')).toEqual(['mine', 'a1']);
  });
});

describe('feedStatusOf', () => {
  it('an unopened feed is loading', () => {
    expect(feedStatusOf(undefined)).toEqual({ status: 'loading', more: 'idle', error: null });
  });

  it('a refreshing feed shows as ready, its more as where paging stood', async () => {
    const f = opened();
    await f.loadFeedPage.resolve(page([a1], 'c2'));
    f.send({ type: 'REFRESH' });
    expect(f.snapshot().value).toBe('refreshing');
    expect(feedStatusOf(f.snapshot())).toEqual({ status: 'ready', more: 'idle', error: null });

    const g = opened(LATEST);
    await g.loadFeedPage.resolve(page([a1], null));
    g.send({ type: 'REFRESH' });
    expect(g.snapshot().value).toBe('refreshing');
    expect(feedStatusOf(g.snapshot())).toEqual({ status: 'ready', more: 'end', error: null });
  });
});

describe('mergeSome', () => {
  const c1 = makeComment('c1', summary(bob));
  const held: PostsById = {
    a1,
    a2: { ...a2, comments: [c1] },
    a3,
  };

  it('returns the held object itself when nothing changed', () => {
    expect(mergeSome(held, structuredClone([a1, a3]))).toBe(held);
    expect(mergeSome(held, [])).toBe(held);
  });

  it('changes the records that changed; every other record keeps its object', () => {
    const changedA2 = { ...structuredClone(held.a2 as Post), content: 'Edited' };
    const merged = mergeSome(held, [structuredClone(a1), changedA2, a4]);
    expect(merged).not.toBe(held);
    expect(merged.a1).toBe(held.a1);
    expect(merged.a3).toBe(held.a3);
    expect(merged.a2).toEqual(changedA2);
    expect(merged.a2?.comments).toBe(held.a2?.comments); // equal parts are shared
    expect(merged.a4).toEqual(a4);
    expect(Object.keys(merged).sort()).toEqual(['a1', 'a2', 'a3', 'a4']);
    // The held records are not touched.
    expect(held.a2?.content).toBe('Post a2');
    expect(held.a4).toBeUndefined();
  });

  it('a post given twice: the later one wins', () => {
    const later = { ...a1, content: 'Later' };
    expect(mergeSome(held, [a1, later]).a1).toEqual(later);
  });

  it('never removes a record (pages and one-post answers are not the whole list)', () => {
    expect(idsOf(Object.values(mergeSome(held, [a5])))).toEqual(['a1', 'a2', 'a3', 'a5']);
  });

  describe('a post shaped for a card (its newest comment and the count) onto a held thread', () => {
    const c2 = makeComment('c2', summary(alice));
    const c3 = makeComment('c3', summary(bob));
    const thread: PostsById = { a2: { ...a2, comments: [c1, c2, c3] } };
    const card = (comments: Post['comments'], count: number): Post => ({
      ...a2,
      comments,
      commentCount: count,
    });

    it('keeps the thread when the card tells of the same conversation', () => {
      expect(mergeSome(thread, [card([c3], 3)])).toBe(thread);
      const liked = { ...card([c3], 3), likes: { ...a2.likes, likeCount: 7 } };
      const merged = mergeSome(thread, [liked]).a2;
      expect(merged?.likes.likeCount).toBe(7);
      expect(merged?.comments).toBe(thread.a2?.comments);
      expect(merged).not.toHaveProperty('commentCount');
    });

    it('takes the newest comment as the card has it (its votes may have changed)', () => {
      const voted = { ...c3, votes: { upvotedBy: [summary(alice)], downvotedBy: [] } };
      const merged = mergeSome(thread, [card([voted], 3)]).a2;
      expect(merged?.comments).toEqual([c1, c2, voted]);
      expect(merged?.comments[0]).toBe(c1);
    });

    it('takes the card when the conversation changed since (a comment more, or one gone)', () => {
      const c4 = makeComment('c4', summary(alice));
      expect(mergeSome(thread, [card([c4], 4)]).a2).toEqual(card([c4], 4));
      expect(mergeSome(thread, [card([c3], 2)]).a2).toEqual(card([c3], 2));
    });

    it('a whole thread arriving replaces a card', () => {
      const held: PostsById = { a2: card([c3], 3) };
      const whole = { ...a2, comments: [c1, c2, c3] };
      expect(mergeSome(held, [whole]).a2).toEqual(whole);
    });
  });
});
