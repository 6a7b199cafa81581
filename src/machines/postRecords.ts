/**
 * What the posts machine does to its records, as pure functions: the action an event asks for,
 * which control it comes from, its optimistic change on the one record it touches, and the
 * server's answers merged into the held records with structural sharing.
 */
import { checkCommentText } from '../api/rules';
import type { Post, PostResponse, UserSummary } from '../api/types';
import type { PostReadStatus, PostsEvent, PostsSnapshot } from './posts';
import * as optimistic from './optimisticQueue';
import { hasWholeThread } from './cardComments';
import { NOTICES } from './notifications';
import { isLikedByMe, myCommentVote } from './views';

export type PostAction =
  | { kind: 'like'; postId: string }
  | { kind: 'dislike'; postId: string }
  | { kind: 'bookmark'; postId: string }
  | { kind: 'unbookmark'; postId: string }
  | { kind: 'delete'; postId: string }
  | { kind: 'addComment'; postId: string; commentData: string; parentId?: string }
  | { kind: 'editComment'; postId: string; commentId: string; commentData: string }
  | { kind: 'deleteComment'; postId: string; commentId: string }
  | { kind: 'upvoteComment'; postId: string; commentId: string }
  | { kind: 'downvoteComment'; postId: string; commentId: string }
  | { kind: 'unvoteComment'; postId: string; commentId: string };

export type PostActionKind = PostAction['kind'];

/** Post records by id. */
export type PostsById = Readonly<Record<string, Post>>;

/** The posts machine's optimistic queue: one action per key at a time, applied to its record. */
export const POST_QUEUE: optimistic.QueueRules<PostAction, PostsById> = {
  keyOf: actionKey,
  apply: applyOptimistic,
};

/** A comment can be sent when the comment rule finds nothing wrong with it (after trimming). */
/** The actor (named in setup) that runs each kind of action. */
export const ACTOR_OF = {
  like: 'likePost',
  dislike: 'dislikePost',
  bookmark: 'bookmarkPost',
  unbookmark: 'unbookmarkPost',
  delete: 'deletePost',
  addComment: 'addComment',
  editComment: 'editComment',
  deleteComment: 'deleteComment',
  upvoteComment: 'upvoteComment',
  downvoteComment: 'downvoteComment',
  unvoteComment: 'unvoteComment',
} as const satisfies Record<PostActionKind, string>;

/** What a person is told when an action of this kind succeeded; most say nothing. */
export const DONE_NOTICE: Partial<Record<PostActionKind, string>> = {
  delete: NOTICES.postDeleted,
  deleteComment: NOTICES.commentDeleted,
};

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
    case 'TOGGLE_BOOKMARK': {
      const post = posts[event.postId];
      if (post === undefined) return null;
      return { kind: post.bookmarkedByMe === true ? 'unbookmark' : 'bookmark', postId: post._id };
    }
    case 'DELETE':
      return { kind: 'delete', postId: event.postId };
    case 'COMMENT.ADD': {
      if (!canSubmitComment(event.text)) return null;
      const { postId, parentId } = event;
      const commentData = event.text.trim();
      return parentId === undefined
        ? { kind: 'addComment', postId, commentData }
        : { kind: 'addComment', postId, commentData, parentId };
    }
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
    case 'bookmark':
    case 'unbookmark':
      return `bookmark:${action.postId}`;
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
  const post = posts[action.postId];
  if (post === undefined) return posts;
  if (action.kind === 'bookmark' || action.kind === 'unbookmark') {
    return { ...posts, [post._id]: { ...post, bookmarkedByMe: action.kind === 'bookmark' } };
  }
  if (action.kind !== 'like' && action.kind !== 'dislike') return posts;
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
// Merging the server's answers
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
 * Whether `held` is a later version of the post than `arriving`: the server changes a post's
 * `updatedAt` with every change to it, its likes included. A feed page asked for before one's
 * like was answered can arrive after the like's answer; its older copy must not undo the like.
 */
function isNewer(held: Post | undefined, arriving: Post): boolean {
  return held !== undefined && Date.parse(held.updatedAt) > Date.parse(arriving.updatedAt);
}

/**
 * A post arriving shaped for a card (its newest comment and the count) onto a held one with its
 * whole thread (read for its page): the thread stays when the card tells of the same
 * conversation (as many comments, the same newest one, which takes the arriving version), so a
 * like or a page of a feed does not cut the thread on the post's page down to one comment. A
 * conversation that has changed since takes the card's shape; the post's page reads it again.
 */
export function keepThread(held: Post | undefined, arriving: Post): Post {
  if (arriving.commentCount === undefined || held === undefined || !hasWholeThread(held)) {
    return arriving;
  }
  const newest = arriving.comments.at(-1);
  const sameConversation =
    held.comments.length === arriving.commentCount && held.comments.at(-1)?._id === newest?._id;
  if (!sameConversation) return arriving;
  const { commentCount: _count, ...whole } = arriving;
  return {
    ...whole,
    comments: newest === undefined ? held.comments : [...held.comments.slice(0, -1), newest],
  };
}

/**
 * Some posts from the server (a page of a feed, one post) merged into the held records: each
 * keeps its held object where it did not change, or where the held one is the later version,
 * and its thread where it arrives shaped for a card (`keepThread`); every other record stays as
 * it is. The posts named in `bookmarkSeen` (their bookmark was learnt of while the page was read)
 * keep the bookmark as held. Returns `held` itself when nothing changed.
 */
export function mergeSome(
  held: PostsById,
  list: readonly Post[],
  bookmarkSeen: readonly string[] = [],
): PostsById {
  let merged: Record<string, Post> | null = null;
  for (const answered of list) {
    const kept = held[answered._id];
    const arriving =
      kept !== undefined && bookmarkSeen.includes(answered._id)
        ? { ...answered, bookmarkedByMe: kept.bookmarkedByMe }
        : answered;
    if (isNewer(kept, arriving)) continue;
    const post = keepThread(kept, arriving);
    const next = shareEqual(held[post._id], post);
    if (next === held[post._id]) continue;
    merged ??= { ...held };
    merged[post._id] = next;
  }
  return merged ?? held;
}

/** What a post's write answers: the one post it changed, or the id of the post it deleted. */
export type PostCallOutput = PostResponse | { postId: string };

/** The ids of the held posts `username` wrote. */
export const postsBy = (posts: PostsById, username: string): string[] =>
  Object.values(posts).flatMap((post) => (post.username === username ? [post._id] : []));

/** The server's answer merged: the one post it changed, or the post it deleted gone. */
export function mergeAnswer(held: PostsById, output: PostCallOutput): PostsById {
  if ('post' in output) return mergeSome(held, [output.post]);
  const { [output.postId]: _gone, ...rest } = held;
  return rest;
}

/**
 * What screens show for these confirmed records and this queue: each queued action's change on
 * its record. A record the queue changes as it did before keeps the object screens hold (`shown`).
 */
export function shownRecords(
  confirmed: PostsById,
  queue: readonly PostAction[],
  me: UserSummary | null,
  shown: PostsById,
): PostsById {
  const pending = optimistic.withPending(POST_QUEUE, confirmed, queue, me);
  if (pending === confirmed) return confirmed;
  const records: Record<string, Post> = { ...pending };
  for (const action of queue) {
    const record = records[action.postId];
    if (record !== undefined && record !== confirmed[action.postId]) {
      records[action.postId] = shareEqual(shown[action.postId], record);
    }
  }
  return records;
}

// What screens read of the posts machine: a post by id, where its read stands, what waits.

/** The post with this id as screens show it, or undefined. */
export const selectPostById = (snapshot: PostsSnapshot, postId: string): Post | undefined =>
  snapshot.context.posts[postId];

/** Where the read of this post for its page stands; undefined once it is in the store. */
export const selectPostRead = (
  snapshot: PostsSnapshot,
  postId: string,
): PostReadStatus | undefined => snapshot.context.reads[postId];

/** True while a like / unlike of this post waits for the server (the like button is busy). */
export const isLikePending = (snapshot: PostsSnapshot, postId: string): boolean =>
  optimistic.isKeyPending(POST_QUEUE, snapshot.context.queue, `like:${postId}`);
/** True while a bookmark, or its removal, of this post waits for the server. */
export const isBookmarkPending = (snapshot: PostsSnapshot, postId: string): boolean =>
  optimistic.isKeyPending(POST_QUEUE, snapshot.context.queue, `bookmark:${postId}`);
/** True while the deletion of this post waits for the server. */
export const isDeletePending = (snapshot: PostsSnapshot, postId: string): boolean =>
  optimistic.isKeyPending(POST_QUEUE, snapshot.context.queue, `delete:${postId}`);
/** How many actions wait for the server (0: everything shown is confirmed). */
export const selectPendingCount = (snapshot: PostsSnapshot): number =>
  snapshot.context.queue.length;
