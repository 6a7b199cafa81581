/**
 * Posts: every post stored once, by id, and every action on a post except create / edit (those
 * live in the post dialog, which sends `REPLACE` with the server's list).
 *
 * The store: `confirmed` holds the server's records by id and `order` the ids of the whole list
 * in the server's order; `posts` is what screens show, the confirmed records with the optimistic
 * change of each queued action on the one record it touches. A feed, a profile's posts and the
 * bookmarks are lists of ids (selectors below); a card reads its own record by id.
 *
 * The API answers most actions with the whole list (`{ posts }`). That list is merged into the
 * store (`mergeList`): a record equal to the one held keeps the held object, so an answer to a
 * like changes one record, and only that post's card draws again.
 *
 * Two parallel regions:
 * - `list`: `idle → loading → success | failed`; `RETRY` from `failed` goes back through
 *   `loading`; `CHANGED_ELSEWHERE` refreshes it quietly (loadRegion.ts). `REPLACE` (from the
 *   dialog) lands in `success` from anywhere.
 * - `queue`: the optimistic queue (optimisticQueue.ts). Each successful answer is merged (the
 *   whole list, or, for the endpoints that answer only `comments`, that post's comments). Likes
 *   and dislikes show at once; a refused one rolls back its record and notifies with the
 *   server's message, a 401 emits `sessionExpired`.
 *
 * The session arrives as a `SESSION` event; one that ends the held session drops the queue and
 * forgets the list, so the next session loads the server's current list.
 */
import { assign, enqueueActions, setup, stopChild, type SnapshotFrom } from 'xstate';
import { checkCommentText } from '../api/rules';
import type {
  CommentsAndPostsResponse,
  CommentsResponse,
  Post,
  PostsResponse,
  UserSummary,
} from '../api/types';
import { placeholderActors, type LoadStatus } from './effects';
import { errorMessage, NOTICES, notification, type NotifyEvent } from './notifications';
import { loadRegion, loadStatusOf, type ChangedElsewhereEvent, type LoadEvent } from './loadRegion';
import * as optimistic from './optimisticQueue';
import { failureEvent, NO_SESSION } from './session';
import type { Session, SessionEvent, SessionExpiredEvent } from './session';
import { isLikedByMe, myCommentVote } from './views';

export type PostAction =
  | { kind: 'like'; postId: string }
  | { kind: 'dislike'; postId: string }
  | { kind: 'delete'; postId: string }
  | { kind: 'addComment'; postId: string; commentData: string }
  | { kind: 'editComment'; postId: string; commentId: string; commentData: string }
  | { kind: 'deleteComment'; postId: string; commentId: string }
  | { kind: 'upvoteComment'; postId: string; commentId: string }
  | { kind: 'downvoteComment'; postId: string; commentId: string }
  | { kind: 'unvoteComment'; postId: string; commentId: string };

export type PostActionKind = PostAction['kind'];

export interface PostsInput {
  session?: Session;
}

/** Post records by id. */
export type PostsById = Readonly<Record<string, Post>>;

export interface PostsContext {
  session: Session;
  /** The server's latest records, by id. */
  confirmed: PostsById;
  /** The ids of the server's whole list, in its order (oldest first). */
  order: readonly string[];
  /** What screens show, by id: `confirmed` with the queued actions' changes on their records. */
  posts: PostsById;
  /** Actions not answered yet; `queue[0]` is in flight. */
  queue: PostAction[];
  /** Why the last load failed. */
  error: string | null;
}

export type PostsEvent =
  | { type: 'LOAD' }
  | { type: 'RETRY' }
  | { type: 'RELOAD' }
  | ChangedElsewhereEvent
  | { type: 'REPLACE'; posts: Post[] }
  | SessionEvent
  /** Raised when a new session ends the held one: drop pending actions, forget the list. */
  | { type: 'SIGNED_OUT' }
  | { type: 'LIKE'; postId: string }
  | { type: 'DISLIKE'; postId: string }
  /** Like, or unlike (dislike) when the current user already likes the post. */
  | { type: 'TOGGLE_LIKE'; postId: string }
  | { type: 'DELETE'; postId: string }
  | { type: 'COMMENT.ADD'; postId: string; text: string }
  | { type: 'COMMENT.EDIT'; postId: string; commentId: string; text: string }
  | { type: 'COMMENT.DELETE'; postId: string; commentId: string }
  | { type: 'COMMENT.UPVOTE'; postId: string; commentId: string }
  | { type: 'COMMENT.DOWNVOTE'; postId: string; commentId: string }
  | optimistic.QueueCallEvent
  | LoadEvent<'loadPosts', PostsResponse>;

/** A post of the current user's is gone for good (its deletion was confirmed by the server). */
export interface PostDeletedEvent {
  type: 'postDeleted';
  postId: string;
}

export type PostsEmitted = NotifyEvent | SessionExpiredEvent | PostDeletedEvent;

// ---------------------------------------------------------------------------------------------
// Pure rules
// ---------------------------------------------------------------------------------------------

/** A comment can be sent when the comment rule finds nothing wrong with it (after trimming). */
export function canSubmitComment(text: string): boolean {
  return checkCommentText(text).problem === null;
}

/** The action an event asks for, or null when it asks for nothing that can be sent. */
export function requestedAction(
  event: PostsEvent,
  posts: PostsById,
  me: UserSummary | null,
): PostAction | null {
  switch (event.type) {
    case 'LIKE':
      return { kind: 'like', postId: event.postId };
    case 'DISLIKE':
      return { kind: 'dislike', postId: event.postId };
    case 'TOGGLE_LIKE': {
      const post = posts[event.postId];
      if (post === undefined) return null;
      return { kind: isLikedByMe(post, me) ? 'dislike' : 'like', postId: event.postId };
    }
    case 'DELETE':
      return { kind: 'delete', postId: event.postId };
    case 'COMMENT.ADD':
      return canSubmitComment(event.text)
        ? { kind: 'addComment', postId: event.postId, commentData: event.text.trim() }
        : null;
    case 'COMMENT.EDIT': {
      const { postId, commentId, text } = event;
      return canSubmitComment(text)
        ? { kind: 'editComment', postId, commentId, commentData: text.trim() }
        : null;
    }
    case 'COMMENT.DELETE':
      return { kind: 'deleteComment', postId: event.postId, commentId: event.commentId };
    case 'COMMENT.UPVOTE':
    case 'COMMENT.DOWNVOTE': {
      // Votes are toggles: pressing the vote one already cast withdraws it.
      const { postId, commentId } = event;
      const direction = event.type === 'COMMENT.UPVOTE' ? 'up' : 'down';
      const comment = posts[postId]?.comments.find((candidate) => candidate._id === commentId);
      if (comment !== undefined && myCommentVote(comment, me) === direction) {
        return { kind: 'unvoteComment', postId, commentId };
      }
      return { kind: direction === 'up' ? 'upvoteComment' : 'downvoteComment', postId, commentId };
    }
    default:
      return null;
  }
}

/**
 * The control an action comes from: while an action of a control is queued or in flight, another
 * one from the same control is ignored (a double click sends one call). Null: never ignored.
 */
export function actionKey(action: PostAction): string | null {
  switch (action.kind) {
    case 'like':
    case 'dislike':
      return `like:${action.postId}`;
    case 'delete':
      return `delete:${action.postId}`;
    case 'addComment':
      return null; // every new comment is its own text: each one is sent
    case 'editComment':
      return `editComment:${action.commentId}`;
    case 'deleteComment':
      return `deleteComment:${action.commentId}`;
    case 'upvoteComment':
    case 'downvoteComment':
    case 'unvoteComment':
      return `vote:${action.commentId}`;
  }
}

/**
 * The optimistic change of an action on its one record, mirroring the server: a like moves the
 * user between lists. Every other record is left as it is.
 */
export function applyOptimistic(posts: PostsById, action: PostAction, me: UserSummary): PostsById {
  if (action.kind !== 'like' && action.kind !== 'dislike') return posts;
  const post = posts[action.postId];
  if (post === undefined) return posts;
  const like = action.kind === 'like';
  const { likeCount, likedBy, dislikedBy } = post.likes;
  // As the server counts: a dislike takes back only one's own like.
  const liked = likedBy.some((person) => person.username === me.username);
  const changed: Post = {
    ...post,
    likes: {
      likeCount: likeCount + (like ? (liked ? 0 : 1) : liked ? -1 : 0),
      likedBy: optimistic.movedIn(likedBy, me, like),
      dislikedBy: optimistic.movedIn(dislikedBy, me, !like),
    },
  };
  return { ...posts, [post._id]: changed };
}

// ---------------------------------------------------------------------------------------------
// The store: merging the server's answers
// ---------------------------------------------------------------------------------------------

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * `next`, but wherever a part of it equals the same part of `held` (deeply), the held object
 * instead: structural sharing, for any JSON shape, so no list of keys can fall behind the types.
 * Returns `held` itself when the two are equal.
 */
export function shareEqual<T>(held: unknown, next: T): T {
  if (Object.is(held, next)) return held as T;
  if (Array.isArray(held) && Array.isArray(next)) {
    const shared = next.map((item, index) => shareEqual(held[index], item) as unknown);
    const same = held.length === next.length && shared.every((item, index) => item === held[index]);
    return (same ? held : shared) as T;
  }
  if (isPlainObject(held) && isPlainObject(next)) {
    const keys = Object.keys(next);
    const shared: Record<string, unknown> = {};
    for (const key of keys) shared[key] = shareEqual(held[key], next[key]);
    const same =
      Object.keys(held).length === keys.length &&
      keys.every((key) => key in held && shared[key] === held[key]);
    return (same ? held : shared) as T;
  }
  return next;
}

/**
 * The server's whole list merged into the held records: a record that did not change keeps its
 * object, the ids keep their array when the order did not change, and a post the list no longer
 * has is gone.
 */
export function mergeList(
  held: PostsById,
  order: readonly string[],
  list: readonly Post[],
): { confirmed: PostsById; order: readonly string[] } {
  const confirmed: Record<string, Post> = {};
  for (const post of list) confirmed[post._id] = shareEqual(held[post._id], post);
  return {
    confirmed,
    order: shareEqual(
      order,
      list.map((post) => post._id),
    ),
  };
}

const POST_QUEUE: optimistic.QueueRules<PostAction, PostsById> = {
  keyOf: actionKey,
  apply: applyOptimistic,
};

/** The actor (named in setup) that runs each kind of action. */
const ACTOR_OF = {
  like: 'likePost',
  dislike: 'dislikePost',
  delete: 'deletePost',
  addComment: 'addComment',
  editComment: 'editComment',
  deleteComment: 'deleteComment',
  upvoteComment: 'upvoteComment',
  downvoteComment: 'downvoteComment',
  unvoteComment: 'unvoteComment',
} as const satisfies Record<PostActionKind, string>;

/** What a person is told when an action of this kind succeeded; most say nothing. */
const DONE_NOTICE: Partial<Record<PostActionKind, string>> = {
  delete: NOTICES.postDeleted,
  deleteComment: NOTICES.commentDeleted,
};

type PostCallOutput = PostsResponse | CommentsAndPostsResponse | CommentsResponse;

/** The server's answer merged: its whole list, or the new comments of the action's post. */
function mergeAnswer(
  context: PostsContext,
  action: PostAction,
  output: PostCallOutput,
): { confirmed: PostsById; order: readonly string[] } {
  if ('posts' in output) return mergeList(context.confirmed, context.order, output.posts);
  const post = context.confirmed[action.postId];
  if (post === undefined) return { confirmed: context.confirmed, order: context.order };
  const merged = shareEqual(post, { ...post, comments: output.comments });
  return {
    confirmed: merged === post ? context.confirmed : { ...context.confirmed, [post._id]: merged },
    order: context.order,
  };
}

/**
 * What screens show for these confirmed records and this queue. A record the queue changes in
 * the same way as before keeps the object screens already have.
 */
function shown(
  context: PostsContext,
  confirmed: PostsById,
  queue: readonly PostAction[],
): PostsById {
  const pending = optimistic.withPending(POST_QUEUE, confirmed, queue, context.session.user);
  if (pending === confirmed) return confirmed;
  const records: Record<string, Post> = { ...pending };
  for (const action of queue) {
    const record = records[action.postId];
    if (record !== undefined && record !== confirmed[action.postId]) {
      records[action.postId] = shareEqual(context.posts[action.postId], record);
    }
  }
  return records;
}

/** The store after a whole list from the server (a load, or the dialog's answer). */
function storedList(context: PostsContext, list: readonly Post[]) {
  const { confirmed, order } = mergeList(context.confirmed, context.order, list);
  return { confirmed, order, posts: shown(context, confirmed, context.queue), error: null };
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
  actors: placeholderActors(
    'loadPosts',
    'likePost',
    'dislikePost',
    'deletePost',
    'addComment',
    'editComment',
    'deleteComment',
    'upvoteComment',
    'downvoteComment',
    'unvoteComment',
  ),
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
    replaceAll: assign(({ context }, params: { posts: Post[] }) =>
      storedList(context, params.posts),
    ),
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
    settle: enqueueActions(({ context, event, enqueue }) => {
      const [action, ...queue] = context.queue;
      if (action === undefined || !('output' in event)) return;
      const { confirmed, order } = mergeAnswer(context, action, event.output as PostCallOutput);
      enqueue.assign({ confirmed, order, queue, posts: shown(context, confirmed, queue) });
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
    forgetAll: assign({ confirmed: {}, order: [], posts: {}, queue: [], error: null }),
    takeLoaded: assign(({ context, event }) =>
      event.type === 'xstate.done.actor.loadPosts' ? storedList(context, event.output.posts) : {},
    ),
    keepLoadError: assign(({ event }) =>
      event.type === 'xstate.error.actor.loadPosts' ? { error: errorMessage(event.error) } : {},
    ),
  },
}).createMachine({
  id: 'posts',
  type: 'parallel',
  // `{ ...input }`: an actor created without input gets the defaults too.
  context: ({ input }) => ({
    session: { ...input }.session ?? NO_SESSION,
    confirmed: {},
    order: [],
    posts: {},
    queue: [],
    error: null,
  }),
  on: {
    SESSION: { actions: 'storeSession' },
    REPLACE: {
      target: '.list.success',
      actions: { type: 'replaceAll', params: ({ event }) => ({ posts: event.posts }) },
    },
    LIKE: optimistic.QUEUEABLE,
    DISLIKE: optimistic.QUEUEABLE,
    TOGGLE_LIKE: optimistic.QUEUEABLE,
    DELETE: optimistic.QUEUEABLE,
    'COMMENT.ADD': optimistic.QUEUEABLE,
    'COMMENT.EDIT': optimistic.QUEUEABLE,
    'COMMENT.DELETE': optimistic.QUEUEABLE,
    'COMMENT.UPVOTE': optimistic.QUEUEABLE,
    'COMMENT.DOWNVOTE': optimistic.QUEUEABLE,
    // A new session starts from the server's current list, not the last session's (the data
    // may have changed meanwhile, e.g. 'Reset demo data'): back to idle, so it loads again.
    SIGNED_OUT: { target: ['.list.idle', '.queue.ready'], actions: 'forgetAll' },
  },
  states: {
    // RELOAD: the server's list changed in a way only a fresh read shows (a profile edit).
    // CHANGED_ELSEWHERE: another tab changed it; read it again quietly.
    list: loadRegion('loadPosts', { done: 'takeLoaded', failed: 'keepLoadError' }),
    queue: optimistic.queueStates,
  },
});

// ---------------------------------------------------------------------------------------------
// Selectors
// ---------------------------------------------------------------------------------------------

export type PostsSnapshot = SnapshotFrom<typeof postsMachine>;

/** The ids of every post, in the server's order (oldest first). */
export const selectPostIds = (snapshot: PostsSnapshot): readonly string[] => snapshot.context.order;
/** The post with this id as screens show it, or undefined. */
export const selectPostById = (snapshot: PostsSnapshot, postId: string): Post | undefined =>
  snapshot.context.posts[postId];

/** The last list built by `selectPosts`, for the records and order it was built from. */
let lastList: { posts: PostsById; order: readonly string[]; list: Post[] } | null = null;

/**
 * Every post as screens show it, in the server's order: the input of the feed selectors
 * (views.ts). The same array while the store is unchanged.
 */
export function selectPosts(snapshot: PostsSnapshot): Post[] {
  const { posts, order } = snapshot.context;
  if (lastList?.posts !== posts || lastList.order !== order) {
    const list = order.flatMap((id) => {
      const post = posts[id];
      return post === undefined ? [] : [post];
    });
    lastList = { posts, order, list };
  }
  return lastList.list;
}

export const selectPostsStatus = (snapshot: PostsSnapshot): LoadStatus =>
  loadStatusOf(snapshot.value.list);
export const selectPostsError = (snapshot: PostsSnapshot): string | null => snapshot.context.error;
/** True while a like / unlike of this post waits for the server (the like button is busy). */
export const isLikePending = (snapshot: PostsSnapshot, postId: string): boolean =>
  optimistic.isKeyPending(POST_QUEUE, snapshot.context.queue, `like:${postId}`);
/** True while the deletion of this post waits for the server. */
export const isDeletePending = (snapshot: PostsSnapshot, postId: string): boolean =>
  optimistic.isKeyPending(POST_QUEUE, snapshot.context.queue, `delete:${postId}`);
/** How many actions wait for the server (0: everything shown is confirmed). */
export const selectPendingCount = (snapshot: PostsSnapshot): number =>
  snapshot.context.queue.length;

/** Two lists of ids with the same ids in the same order: a feed's `useSelector` comparison. */
export const sameIds = (a: readonly string[], b: readonly string[]): boolean =>
  a === b || (a.length === b.length && a.every((id, index) => id === b[index]));

/** The ids of posts, in the order given. */
export const idsOf = (posts: readonly Post[]): string[] => posts.map((post) => post._id);
