/**
 * Posts: every post stored once, by id, and every action on a post except create / edit (those
 * live in the post dialog, whose saved post arrives here as `STORE_POST`).
 *
 * The store: `confirmed` holds the server's records by id; `posts` is what screens show, the
 * confirmed records with the optimistic change of each queued action on the one record it
 * touches. A card reads its own record by id (`selectPostById`).
 *
 * Posts arrive a page at a time. Each feed on screen (Home, Explore's Latest or Trending, a
 * hashtag, a person's posts, the bookmarks) is a child actor (feed.ts), started by `FEED.OPEN`
 * and kept while signed in; it holds only ids and hands each page's posts here as `FEED.PAGE`.
 * Only the app's reads fill the store (their posts carry what a card shows: one's own like, the
 * server's `mentions`); the spec's whole lists never do. Whatever arrives is merged
 * (`mergeSome`): a record equal to the one held keeps the held object, so an answer to a like
 * changes one record, and only that post's card draws again. `CHANGED_ELSEWHERE` (another tab)
 * reads every open feed's first page again; `RELOAD` (a follow, a profile edit) all each had read,
 * from the top; an unfollowed author's posts leave Home, however deep.
 * `published` lists the posts the current user created in this session, for the feeds to show.
 *
 * The machine's one state, `queue`, is the optimistic queue (optimisticQueue.ts). Each
 * successful answer is merged (the one post, or the deleted post gone). Likes and dislikes show
 * at once; a refused one rolls back its record and notifies with the server's message, a 401
 * emits `sessionExpired`.
 *
 * The session arrives as a `SESSION` event; one that ends the held session drops the queue, the
 * feeds and the records, so the next session reads the server's current posts.
 */
import {
  assign,
  emit,
  enqueueActions,
  setup,
  stopChild,
  type AnyActorRef,
  type SnapshotFrom,
} from 'xstate';
import {
  feedId,
  feedMachine,
  type FeedKey,
  type FeedPageEvent,
  type FeedSessionExpiredEvent,
} from './feed';
import { postReadId, postReadMachine, type PostReadEvent, type PostReadInput } from './postRead';
import type { Post } from '../api/types';
import { liveChange, type PostNews } from './liveRecords';
import { placeholderActors } from './effects';
import { notification, type NotifyEvent } from './notifications';
import * as optimistic from './optimisticQueue';
import { failureEvent, NO_SESSION } from './session';
import type { Session, SessionEvent, SessionExpiredEvent } from './session';
import {
  ACTOR_OF,
  DONE_NOTICE,
  mergeAnswer,
  mergeSome,
  postsBy,
  POST_QUEUE,
  requestedAction,
  shownRecords,
  type PostAction,
  type PostCallOutput,
  type PostsById,
} from './postRecords';

export * from './postRecords';

const BOOKMARKS_FEED_ID = feedId({ kind: 'bookmarks' });

export interface PostsInput {
  session?: Session;
}

export interface PostsContext {
  session: Session;
  /** The server's latest records, by id. */
  confirmed: PostsById;
  /** What screens show, by id: `confirmed` with the queued actions' changes on their records. */
  posts: PostsById;
  /** Actions not answered yet; `queue[0]` is in flight. */
  queue: PostAction[];
  /**
   * The posts the current user published in this session, newest first: each feed that shows
   * them (feed.ts, `showsOwnNewPost`) puts them at its top before its next read brings them.
   */
  published: readonly string[];
  /**
   * The posts being read whole for their page (`POST.OPEN`), or whose read found nothing
   * ('missing': no such post, or it was deleted) or failed; a post read is no longer here.
   */
  reads: Readonly<Record<string, PostReadStatus>>;
}

/** Where the read of one post for its page stands; absent once it is in the store. */
export type PostReadStatus = 'loading' | 'missing' | 'failed';

export type PostsEvent =
  /** A follow or profile edit (feeds read again); `unfollowed`: whose posts leave Home, all. */
  | { type: 'RELOAD'; unfollowed?: string }
  /** The server's data changed in another tab (or elsewhere): every feed reads again, quietly. */
  | { type: 'CHANGED_ELSEWHERE' }
  /** A feed's page is wanted on screen: its feed actor starts, once per feed while signed in. */
  | { type: 'FEED.OPEN'; feed: FeedKey }
  /** Posts the app read, shaped as its feeds answer them (its tests seed the store with it). */
  | FeedPageEvent
  | FeedSessionExpiredEvent
  /** The post dialog's answer: the post created or edited. */
  | { type: 'STORE_POST'; post: Post; created: boolean }
  | SessionEvent
  /** Raised when a new session ends the held one: drop pending actions, feeds and records. */
  | { type: 'SIGNED_OUT' }
  | { type: 'LIKE'; postId: string }
  | { type: 'DISLIKE'; postId: string }
  /** Like, or unlike (dislike) when the current user already likes the post. */
  | { type: 'TOGGLE_LIKE'; postId: string }
  /** Bookmark, or take the bookmark back when the post is bookmarked. */
  | { type: 'TOGGLE_BOOKMARK'; postId: string }
  | { type: 'DELETE'; postId: string }
  /** A comment, or with `parentId` a reply to one of the post's comments. */
  | { type: 'COMMENT.ADD'; postId: string; text: string; parentId?: string }
  /** A post's page opened: read the post with its whole thread (again, if it is held). */
  | { type: 'POST.OPEN'; postId: string }
  | PostReadEvent
  | { type: 'COMMENT.EDIT'; postId: string; commentId: string; text: string }
  | { type: 'COMMENT.DELETE'; postId: string; commentId: string }
  | { type: 'COMMENT.UPVOTE'; postId: string; commentId: string }
  | { type: 'COMMENT.DOWNVOTE'; postId: string; commentId: string }
  /** The live stream: a post published, edited or deleted anywhere, and a post's counts. */
  | { type: 'LIVE'; event: PostNews }
  | optimistic.QueueCallEvent;

/** A post of the current user's is gone for good (its deletion was confirmed by the server). */
export interface PostDeletedEvent {
  type: 'postDeleted';
  postId: string;
}

export type PostsEmitted = NotifyEvent | SessionExpiredEvent | PostDeletedEvent;

/** A post read for its page with the reader's token: their own like and votes come with it. */
const readInput = (context: PostsContext, postId: string): PostReadInput => ({
  postId,
  token: context.session.token,
});

/** The open feeds' actors (children `feed:…`): each reads and pages one feed (feed.ts). */
function feedActors(self: AnyActorRef): AnyActorRef[] {
  const children = self.getSnapshot() as { children: Record<string, AnyActorRef | undefined> };
  return Object.values(children.children).flatMap((child) =>
    child?.id.startsWith('feed:') === true ? [child] : [],
  );
}

/** What screens show for these confirmed records and this queue (`shownRecords`). */
const shown = (context: PostsContext, confirmed: PostsById, queue: readonly PostAction[]) =>
  shownRecords(confirmed, queue, context.session.user, context.posts);

/** The store after some posts from the server (a feed's page, one post): the rest stay. */
function storedSome(
  context: PostsContext,
  list: readonly Post[],
  bookmarkSeen?: readonly string[],
) {
  const confirmed = mergeSome(context.confirmed, list, bookmarkSeen);
  return confirmed === context.confirmed
    ? {}
    : { confirmed, posts: shown(context, confirmed, context.queue) };
}

// ---------------------------------------------------------------------------------------------
// Machine
// ---------------------------------------------------------------------------------------------

export const postsMachine = setup({
  types: {
    context: {} as PostsContext,
    events: {} as PostsEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- carries the type
    input: {} as PostsInput,
    emitted: {} as PostsEmitted,
  },
  actors: {
    /** One per feed on screen (FEED.OPEN), holding that feed's ids and paging. */
    feed: feedMachine,
    /** One per post being read for its page (POST.OPEN). */
    postRead: postReadMachine,
    ...placeholderActors(
      'likePost',
      'dislikePost',
      'bookmarkPost',
      'unbookmarkPost',
      'deletePost',
      'addComment',
      'editComment',
      'deleteComment',
      'upvoteComment',
      'downvoteComment',
      'unvoteComment',
    ),
  },
  guards: {
    canQueue: optimistic.canQueueGuard(POST_QUEUE, (event: PostsEvent, context: PostsContext, me) =>
      requestedAction(event, context.posts, me),
    ),
    hasQueued: optimistic.hasQueued,
  },
  actions: {
    storeSession: enqueueActions((args) => optimistic.storeSession(args)),
    enqueue: assign(({ context, event }) => {
      const action = requestedAction(event, context.posts, context.session.user);
      if (action === null) return {};
      const queue = [...context.queue, action];
      return { queue, posts: shown(context, context.confirmed, queue) };
    }),
    runNext: enqueueActions(({ context, enqueue }) => {
      const action = context.queue[0];
      if (action === undefined) return;
      // The kind picks the actor; the action's fields and the token are its client arguments.
      const { kind, ...args } = action;
      const input = { ...args, token: optimistic.tokenOf(context.session) };
      enqueue.spawnChild(ACTOR_OF[kind] as 'likePost', { id: optimistic.QUEUE_CALL_ID, input });
    }),
    stopCall: stopChild(optimistic.QUEUE_CALL_ID),
    /**
     * The call in flight succeeded: merge the server's answer, drop the action from the queue. A
     * deletion says so: the thing is gone from the screen, the toast confirms why.
     */
    settle: enqueueActions(({ context, event, enqueue, self }) => {
      const [action, ...queue] = context.queue;
      if (action === undefined || !('output' in event)) return;
      const confirmed = mergeAnswer(context.confirmed, event.output as PostCallOutput);
      enqueue.assign({ confirmed, queue, posts: shown(context, confirmed, queue) });
      if (action.kind === 'bookmark' || action.kind === 'unbookmark') {
        // A page being read may tell of the bookmark as it was (feed.ts).
        for (const feed of feedActors(self)) {
          const bookmarked = action.kind === 'bookmark';
          enqueue.sendTo(feed, { type: 'BOOKMARK_SEEN', postId: action.postId, bookmarked });
        }
      }
      // Its page, if open, now says the post is gone.
      if (action.kind === 'delete') {
        enqueue.assign({ reads: { ...context.reads, [action.postId]: 'missing' } });
      }
      const done = DONE_NOTICE[action.kind];
      if (done !== undefined) enqueue.emit(notification('success', done));
      if (action.kind === 'delete') enqueue.emit({ type: 'postDeleted', postId: action.postId });
    }),
    /** The call in flight was refused: drop it (rolling back its optimistic change) and say so. */
    reject: enqueueActions(({ context, event, enqueue }) => {
      const queue = context.queue.slice(1);
      enqueue.assign({ queue, posts: shown(context, context.confirmed, queue) });
      if ('error' in event) enqueue.emit(failureEvent(event.error));
    }),
    forgetAll: enqueueActions(({ enqueue, self }) => {
      // The feeds were the session's: the next one reads its own.
      for (const feed of feedActors(self)) enqueue.stopChild(feed);
      enqueue.assign({ confirmed: {}, posts: {}, queue: [], published: [], reads: {} });
    }),
    openFeed: enqueueActions(({ context, event, enqueue, self }) => {
      if (event.type !== 'FEED.OPEN') return;
      const id = feedId(event.feed);
      const held = self.getSnapshot().children[id];
      if (held !== undefined) {
        // The bookmarks are in the order one made them: those made on other pages since belong
        // on top when the page is opened again.
        if (event.feed.kind === 'bookmarks') enqueue.sendTo(held, { type: 'SHOW_NEW' });
        return;
      }
      const token = context.session.token;
      enqueue.spawnChild('feed', { id, input: { feed: event.feed, token } });
    }),
    /** Every open feed reads again: its first page quietly, or (`REREAD`) all it had read. */
    refreshFeeds: enqueueActions(({ enqueue, self }, params: { type: 'REFRESH' | 'REREAD' }) => {
      for (const feed of feedActors(self)) {
        // The bookmarks are the reader's own doing: one made in another tab shows at once.
        const quiet = params.type === 'REFRESH' && feed.id === BOOKMARKS_FEED_ID;
        enqueue.sendTo(feed, quiet ? { type: 'SHOW_NEW' } : params);
      }
    }),
    dropUnfollowed: enqueueActions(({ context, event, enqueue, self }) => {
      const home = self.getSnapshot().children[feedId({ kind: 'home' })];
      if (event.type !== 'RELOAD' || event.unfollowed === undefined || home === undefined) return;
      enqueue.sendTo(home, { type: 'DROP', postIds: postsBy(context.posts, event.unfollowed) });
    }),
    /** Read the post whole, unless a read of it is already under way. */
    openPost: enqueueActions(({ context, event, enqueue, self }) => {
      if (event.type !== 'POST.OPEN') return;
      const id = postReadId(event.postId);
      if (self.getSnapshot().children[id] !== undefined) return;
      enqueue.assign({ reads: { ...context.reads, [event.postId]: 'loading' } });
      enqueue.spawnChild('postRead', { id, input: readInput(context, event.postId) });
    }),
    // A read that answered is done: its child goes, so opening the post again reads it again.
    postRead: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'POST.READ') return;
      const { [event.post._id]: _done, ...reads } = context.reads;
      enqueue.assign({ ...storedSome(context, [event.post]), reads });
      enqueue.stopChild(postReadId(event.post._id));
    }),
    postReadFailed: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'POST.READ_FAILED') return;
      const status: PostReadStatus = event.missing ? 'missing' : 'failed';
      enqueue.assign({ reads: { ...context.reads, [event.postId]: status } });
      enqueue.stopChild(postReadId(event.postId));
    }),
    /** The live stream's news of a post (liveRecords.ts says what it changes). */
    live: enqueueActions(({ context, event, enqueue, self }) => {
      if (event.type !== 'LIVE') return;
      const change = liveChange(context, event.event);
      if (change.confirmed !== context.confirmed) {
        const { confirmed } = change;
        enqueue.assign({ confirmed, posts: shown(context, confirmed, context.queue) });
      }
      if (change.reads !== context.reads) enqueue.assign({ reads: change.reads });
      const news = event.event;
      if (news.type === 'bookmark') {
        const { postId, bookmarked } = news;
        for (const feed of feedActors(self))
          enqueue.sendTo(feed, { type: 'BOOKMARK_SEEN', postId, bookmarked });
      }
      const children = self.getSnapshot().children;
      // Read again quietly (no loading shown), unless a read of it is under way.
      for (const postId of change.reread) {
        const id = postReadId(postId);
        if (children[id] === undefined) {
          enqueue.spawnChild('postRead', { id, input: readInput(context, postId) });
        }
      }
      for (const feed of change.waitIn) {
        const child = children[feedId(feed)];
        if (child !== undefined)
          enqueue.sendTo(child, { type: 'NEW_POST', postId: event.event.postId });
      }
      for (const feed of change.onTop) {
        const child = children[feedId(feed)];
        if (child !== undefined) enqueue.sendTo(child, { type: 'SHOW_NEW' });
      }
    }),
    storeSome: assign(
      ({ context }, params: { posts: readonly Post[]; bookmarkSeen?: readonly string[] }) =>
        storedSome(context, params.posts, params.bookmarkSeen),
    ),
    storePost: assign(({ context, event }) => {
      if (event.type !== 'STORE_POST') return {};
      const published = event.created ? [event.post._id, ...context.published] : context.published;
      return { ...storedSome(context, [event.post]), published };
    }),
  },
}).createMachine({
  id: 'posts',
  initial: 'queue',
  // `{ ...input }`: an actor created without input gets the defaults too.
  context: ({ input }) => ({
    session: { ...input }.session ?? NO_SESSION,
    confirmed: {},
    posts: {},
    queue: [],
    published: [],
    reads: {},
  }),
  on: {
    SESSION: { actions: 'storeSession' },
    'FEED.OPEN': { actions: 'openFeed' },
    'FEED.PAGE': {
      actions: { type: 'storeSome', params: ({ event }) => event },
    },
    // A feed's read was refused its token: the session is over (the system signs out).
    'FEED.SESSION_EXPIRED': { actions: emit({ type: 'sessionExpired' } as const) },
    STORE_POST: { actions: 'storePost' },
    'POST.OPEN': { actions: 'openPost' },
    'POST.READ': { actions: 'postRead' },
    'POST.READ_FAILED': { actions: 'postReadFailed' },
    LIVE: { actions: 'live' },
    CHANGED_ELSEWHERE: { actions: { type: 'refreshFeeds', params: { type: 'REFRESH' } } },
    // A follow (Home's authors changed) or a profile edit (every post of its author carries the
    // old name): the feeds read again, and what they bring shows.
    RELOAD: { actions: [{ type: 'refreshFeeds', params: { type: 'REREAD' } }, 'dropUnfollowed'] },
    LIKE: optimistic.QUEUEABLE,
    DISLIKE: optimistic.QUEUEABLE,
    TOGGLE_LIKE: optimistic.QUEUEABLE,
    TOGGLE_BOOKMARK: optimistic.QUEUEABLE,
    DELETE: optimistic.QUEUEABLE,
    'COMMENT.ADD': optimistic.QUEUEABLE,
    'COMMENT.EDIT': optimistic.QUEUEABLE,
    'COMMENT.DELETE': optimistic.QUEUEABLE,
    'COMMENT.UPVOTE': optimistic.QUEUEABLE,
    'COMMENT.DOWNVOTE': optimistic.QUEUEABLE,
    // A new session reads the server's current posts, not the last session's (the data may
    // have changed meanwhile, e.g. 'Reset demo data'): its feeds start afresh on FEED.OPEN.
    SIGNED_OUT: { target: '.queue.ready', actions: 'forgetAll' },
  },
  states: {
    queue: optimistic.queueStates,
  },
});

export type PostsSnapshot = SnapshotFrom<typeof postsMachine>;
