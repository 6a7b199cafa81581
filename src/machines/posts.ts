import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { checkCommentText } from '../api/rules';
import {
  type Comment,
  type CommentsAndPostsResponse,
  type CommentsResponse,
  type Post,
  type PostsResponse,
  type User,
  type UserSummary,
} from '../api/types';
import {
  notProvided,
  type AddCommentInput,
  type CommentInput,
  type EditCommentInput,
  type PostInput,
  type LoadStatus,
} from './effects';
import { errorMessage, type NotifyEvent } from './notifications';
import {
  failureEvent,
  NO_SESSION,
  summaryOf,
  type GetSession,
  type SessionExpiredEvent,
} from './session';
import { sortPosts } from './sorting';
import { isBookmarked, selectFollowing } from './users';

/**
 * Posts: the post list and every action on a post except create / edit (those live in the post
 * dialog, which sends `REPLACE` with the server's list).
 *
 * Two parallel regions:
 * - `list`: `idle → loading → success | failed`; `RETRY` from `failed` goes back through
 *   `loading` (F4). `REPLACE` (from the dialog) lands in `success` from anywhere.
 * - `queue`: post actions run ONE AT A TIME, in the order they were asked for. Each successful
 *   answer replaces the whole list with the server's (`posts`), or, for the endpoints that answer
 *   only `comments`, that post's comments. Serial calls mean the last answer is always the
 *   newest list: concurrent answers could arrive out of order and bring back a stale list.
 *
 * Optimistic like / dislike (A4): `posts` (what screens show) is always `confirmed` (the server's
 * latest list) with the like / dislike of every queued action applied on top. A refused call is
 * dropped from the queue, so its change disappears: that is the rollback. Failures notify with
 * the server's message (F5); a 401 instead emits `sessionExpired`.
 *
 * Double clicks: an action from a control (`actionKey`: the like toggle, delete, a comment's
 * edit, delete or vote buttons) that already has an action queued or in flight is ignored, so it
 * never sends a second call. New comments have no key: each one is sent.
 */

export type PostAction =
  | { kind: 'like'; postId: string }
  | { kind: 'dislike'; postId: string }
  | { kind: 'delete'; postId: string }
  | { kind: 'addComment'; postId: string; text: string }
  | { kind: 'editComment'; postId: string; commentId: string; text: string }
  | { kind: 'deleteComment'; postId: string; commentId: string }
  | { kind: 'upvoteComment'; postId: string; commentId: string }
  | { kind: 'downvoteComment'; postId: string; commentId: string };

export type PostActionKind = PostAction['kind'];

export interface PostsInput {
  getSession?: GetSession;
}

export interface PostsContext {
  getSession: GetSession;
  /** The server's latest list. */
  confirmed: Post[];
  /** What screens show: `confirmed` plus the optimistic like / dislike of queued actions. */
  posts: Post[];
  /** Actions not answered yet; `queue[0]` is in flight. */
  queue: PostAction[];
  /** Why the last load failed. */
  error: string | null;
}

export type PostsEvent =
  | { type: 'LOAD' }
  | { type: 'RETRY' }
  | { type: 'RELOAD' }
  | { type: 'REPLACE'; posts: Post[] }
  /** The session ended (forwarded from auth's `signedOut`): drop pending actions, stop the call. */
  | { type: 'SIGNED_OUT' }
  | { type: 'LIKE'; postId: string }
  | { type: 'DISLIKE'; postId: string }
  /** Like, or unlike (dislike) when the current user already likes it (F1). */
  | { type: 'TOGGLE_LIKE'; postId: string }
  | { type: 'DELETE'; postId: string }
  | { type: 'COMMENT.ADD'; postId: string; text: string }
  | { type: 'COMMENT.EDIT'; postId: string; commentId: string; text: string }
  | { type: 'COMMENT.DELETE'; postId: string; commentId: string }
  | { type: 'COMMENT.UPVOTE'; postId: string; commentId: string }
  | { type: 'COMMENT.DOWNVOTE'; postId: string; commentId: string };

export type PostsEmitted = NotifyEvent | SessionExpiredEvent;

// ---------------------------------------------------------------------------------------------
// Pure rules
// ---------------------------------------------------------------------------------------------

/** F1: liked means the current user is in likedBy. */
export function isLikedByMe(post: Post, me: UserSummary | null): boolean {
  return me !== null && post.likes.likedBy.some((u) => u.username === me.username);
}

/** A comment can be sent when it is not blank and within the limit (after trimming). */
export function canSubmitComment(text: string): boolean {
  return checkCommentText(text).problem === null;
}

/** The action an event asks for, or null when it asks for nothing that can be sent. */
export function requestedAction(
  event: PostsEvent,
  posts: Post[],
  me: UserSummary | null,
): PostAction | null {
  switch (event.type) {
    case 'LIKE':
      return { kind: 'like', postId: event.postId };
    case 'DISLIKE':
      return { kind: 'dislike', postId: event.postId };
    case 'TOGGLE_LIKE': {
      const post = posts.find((p) => p._id === event.postId);
      if (post === undefined) return null;
      return { kind: isLikedByMe(post, me) ? 'dislike' : 'like', postId: event.postId };
    }
    case 'DELETE':
      return { kind: 'delete', postId: event.postId };
    case 'COMMENT.ADD':
      return canSubmitComment(event.text)
        ? { kind: 'addComment', postId: event.postId, text: event.text.trim() }
        : null;
    case 'COMMENT.EDIT':
      return canSubmitComment(event.text)
        ? { ...event, kind: 'editComment', text: event.text.trim() }
        : null;
    case 'COMMENT.DELETE':
      return { kind: 'deleteComment', postId: event.postId, commentId: event.commentId };
    case 'COMMENT.UPVOTE':
      return { kind: 'upvoteComment', postId: event.postId, commentId: event.commentId };
    case 'COMMENT.DOWNVOTE':
      return { kind: 'downvoteComment', postId: event.postId, commentId: event.commentId };
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
      return `vote:${action.commentId}`;
  }
}

/** The optimistic change of an action, mirroring the server's rules (spec §4, A4). */
export function applyOptimistic(posts: Post[], action: PostAction, me: UserSummary): Post[] {
  if (action.kind !== 'like' && action.kind !== 'dislike') return posts;
  return posts.map((post) => {
    if (post._id !== action.postId) return post;
    const others = (list: UserSummary[]) => list.filter((u) => u.username !== me.username);
    const { likes } = post;
    return {
      ...post,
      likes:
        action.kind === 'like'
          ? {
              likeCount: likes.likeCount + 1,
              likedBy: [...others(likes.likedBy), me],
              dislikedBy: others(likes.dislikedBy),
            }
          : {
              likeCount: likes.likeCount - 1,
              likedBy: others(likes.likedBy),
              dislikedBy: [...others(likes.dislikedBy), me],
            },
    };
  });
}

function withPending(confirmed: Post[], queue: PostAction[], me: User | null): Post[] {
  if (me === null) return confirmed;
  const summary = summaryOf(me);
  return queue.reduce((posts, action) => applyOptimistic(posts, action, summary), confirmed);
}

function withComments(posts: Post[], postId: string, comments: Comment[]): Post[] {
  return posts.map((post) => (post._id === postId ? { ...post, comments } : post));
}

/** The action in flight, narrowed to the kind of the state running it. */
function inFlight<K extends PostActionKind>(
  context: PostsContext,
  kind: K,
): Extract<PostAction, { kind: K }> {
  const action = context.queue[0];
  if (action?.kind !== kind) throw new Error(`Expected a queued "${kind}" action.`);
  return action as Extract<PostAction, { kind: K }>;
}

const tokenOf = (context: PostsContext) => context.getSession().token ?? '';

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
    loadPosts: notProvided<PostsResponse>('loadPosts'),
    likePost: notProvided<PostsResponse, PostInput>('likePost'),
    dislikePost: notProvided<PostsResponse, PostInput>('dislikePost'),
    deletePost: notProvided<PostsResponse, PostInput>('deletePost'),
    addComment: notProvided<CommentsAndPostsResponse, AddCommentInput>('addComment'),
    editComment: notProvided<CommentsResponse, EditCommentInput>('editComment'),
    deleteComment: notProvided<CommentsAndPostsResponse, CommentInput>('deleteComment'),
    upvoteComment: notProvided<CommentsResponse, CommentInput>('upvoteComment'),
    downvoteComment: notProvided<CommentsResponse, CommentInput>('downvoteComment'),
  },
  guards: {
    /** Who may queue an action: a signed-in user, asking for something sendable, not twice. */
    canQueue: ({ context, event }) => {
      const { user, token } = context.getSession();
      if (user === null || token === null) return false;
      const action = requestedAction(event, context.posts, user);
      if (action === null) return false;
      const key = actionKey(action);
      return key === null || !context.queue.some((queued) => actionKey(queued) === key);
    },
    nextIs: ({ context }, params: { kind: PostActionKind }) =>
      context.queue[0]?.kind === params.kind,
  },
  actions: {
    enqueue: assign(({ context, event }) => {
      const me = context.getSession().user;
      const action = requestedAction(event, context.posts, me);
      if (action === null) return {};
      const queue = [...context.queue, action];
      return { queue, posts: withPending(context.confirmed, queue, me) };
    }),
    replaceAll: assign(({ context }, params: { posts: Post[] }) => ({
      confirmed: params.posts,
      posts: withPending(params.posts, context.queue, context.getSession().user),
      error: null,
    })),
    /** The call in flight succeeded: take the server's list, drop the action from the queue. */
    settle: assign(({ context }, params: { posts: Post[] }) => {
      const queue = context.queue.slice(1);
      return {
        confirmed: params.posts,
        queue,
        posts: withPending(params.posts, queue, context.getSession().user),
      };
    }),
    /** Same, for the endpoints that answer only the comments of the post in flight. */
    settleComments: assign(({ context }, params: { comments: Comment[] }) => {
      const postId = context.queue[0]?.postId ?? '';
      const confirmed = withComments(context.confirmed, postId, params.comments);
      const queue = context.queue.slice(1);
      return { confirmed, queue, posts: withPending(confirmed, queue, context.getSession().user) };
    }),
    /** The call in flight was refused: drop it (rolling back its optimistic change) and say so. */
    reject: enqueueActions(({ context, enqueue }, params: { error: unknown }) => {
      const queue = context.queue.slice(1);
      enqueue.assign({
        queue,
        posts: withPending(context.confirmed, queue, context.getSession().user),
      });
      enqueue.emit(failureEvent(params.error));
    }),
    dropQueue: assign(({ context }) => ({ queue: [], posts: context.confirmed })),
    forgetPosts: assign({ confirmed: [], posts: [], error: null }),
    setLoadError: assign((_, params: { error: unknown }) => ({
      error: errorMessage(params.error),
    })),
  },
}).createMachine({
  id: 'posts',
  type: 'parallel',
  // `{ ...input }`: an actor created without input gets the defaults too.
  context: ({ input }) => ({
    getSession: { ...input }.getSession ?? NO_SESSION,
    confirmed: [],
    posts: [],
    queue: [],
    error: null,
  }),
  on: {
    REPLACE: {
      target: '.list.success',
      actions: { type: 'replaceAll', params: ({ event }) => ({ posts: event.posts }) },
    },
    LIKE: { guard: 'canQueue', actions: 'enqueue' },
    DISLIKE: { guard: 'canQueue', actions: 'enqueue' },
    TOGGLE_LIKE: { guard: 'canQueue', actions: 'enqueue' },
    DELETE: { guard: 'canQueue', actions: 'enqueue' },
    'COMMENT.ADD': { guard: 'canQueue', actions: 'enqueue' },
    'COMMENT.EDIT': { guard: 'canQueue', actions: 'enqueue' },
    'COMMENT.DELETE': { guard: 'canQueue', actions: 'enqueue' },
    'COMMENT.UPVOTE': { guard: 'canQueue', actions: 'enqueue' },
    'COMMENT.DOWNVOTE': { guard: 'canQueue', actions: 'enqueue' },
  },
  states: {
    list: {
      initial: 'idle',
      // A new session starts from the server's current list, not the last session's (the data
      // may have changed meanwhile, e.g. 'Reset demo data'): back to idle, so it loads again.
      on: { SIGNED_OUT: { target: '.idle', actions: 'forgetPosts' } },
      states: {
        idle: { on: { LOAD: 'loading' } },
        loading: {
          invoke: {
            src: 'loadPosts',
            onDone: {
              target: 'success',
              actions: {
                type: 'replaceAll',
                params: ({ event }) => ({ posts: event.output.posts }),
              },
            },
            onError: {
              target: 'failed',
              actions: { type: 'setLoadError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        // RELOAD: the server's list changed in a way only a fresh read shows (a profile edit).
        success: { on: { RELOAD: 'loading' } },
        failed: { on: { RETRY: 'loading' } },
      },
    },
    queue: {
      initial: 'ready',
      on: { SIGNED_OUT: { target: '.ready', actions: 'dropQueue' } },
      states: {
        ready: {
          always: [
            { guard: { type: 'nextIs', params: { kind: 'like' } }, target: 'like' },
            { guard: { type: 'nextIs', params: { kind: 'dislike' } }, target: 'dislike' },
            { guard: { type: 'nextIs', params: { kind: 'delete' } }, target: 'delete' },
            { guard: { type: 'nextIs', params: { kind: 'addComment' } }, target: 'addComment' },
            { guard: { type: 'nextIs', params: { kind: 'editComment' } }, target: 'editComment' },
            {
              guard: { type: 'nextIs', params: { kind: 'deleteComment' } },
              target: 'deleteComment',
            },
            {
              guard: { type: 'nextIs', params: { kind: 'upvoteComment' } },
              target: 'upvoteComment',
            },
            {
              guard: { type: 'nextIs', params: { kind: 'downvoteComment' } },
              target: 'downvoteComment',
            },
          ],
        },
        like: {
          invoke: {
            src: 'likePost',
            input: ({ context }) => ({
              postId: inFlight(context, 'like').postId,
              token: tokenOf(context),
            }),
            onDone: {
              target: 'ready',
              actions: { type: 'settle', params: ({ event }) => ({ posts: event.output.posts }) },
            },
            onError: {
              target: 'ready',
              actions: { type: 'reject', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        dislike: {
          invoke: {
            src: 'dislikePost',
            input: ({ context }) => ({
              postId: inFlight(context, 'dislike').postId,
              token: tokenOf(context),
            }),
            onDone: {
              target: 'ready',
              actions: { type: 'settle', params: ({ event }) => ({ posts: event.output.posts }) },
            },
            onError: {
              target: 'ready',
              actions: { type: 'reject', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        delete: {
          invoke: {
            src: 'deletePost',
            input: ({ context }) => ({
              postId: inFlight(context, 'delete').postId,
              token: tokenOf(context),
            }),
            onDone: {
              target: 'ready',
              actions: { type: 'settle', params: ({ event }) => ({ posts: event.output.posts }) },
            },
            onError: {
              target: 'ready',
              actions: { type: 'reject', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        addComment: {
          invoke: {
            src: 'addComment',
            input: ({ context }) => {
              const { postId, text } = inFlight(context, 'addComment');
              return { postId, commentData: text, token: tokenOf(context) };
            },
            onDone: {
              target: 'ready',
              actions: { type: 'settle', params: ({ event }) => ({ posts: event.output.posts }) },
            },
            onError: {
              target: 'ready',
              actions: { type: 'reject', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        editComment: {
          invoke: {
            src: 'editComment',
            input: ({ context }) => {
              const { postId, commentId, text } = inFlight(context, 'editComment');
              return { postId, commentId, commentData: text, token: tokenOf(context) };
            },
            onDone: {
              target: 'ready',
              actions: {
                type: 'settleComments',
                params: ({ event }) => ({ comments: event.output.comments }),
              },
            },
            onError: {
              target: 'ready',
              actions: { type: 'reject', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        deleteComment: {
          invoke: {
            src: 'deleteComment',
            input: ({ context }) => {
              const { postId, commentId } = inFlight(context, 'deleteComment');
              return { postId, commentId, token: tokenOf(context) };
            },
            onDone: {
              target: 'ready',
              actions: { type: 'settle', params: ({ event }) => ({ posts: event.output.posts }) },
            },
            onError: {
              target: 'ready',
              actions: { type: 'reject', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        upvoteComment: {
          invoke: {
            src: 'upvoteComment',
            input: ({ context }) => {
              const { postId, commentId } = inFlight(context, 'upvoteComment');
              return { postId, commentId, token: tokenOf(context) };
            },
            onDone: {
              target: 'ready',
              actions: {
                type: 'settleComments',
                params: ({ event }) => ({ comments: event.output.comments }),
              },
            },
            onError: {
              target: 'ready',
              actions: { type: 'reject', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        downvoteComment: {
          invoke: {
            src: 'downvoteComment',
            input: ({ context }) => {
              const { postId, commentId } = inFlight(context, 'downvoteComment');
              return { postId, commentId, token: tokenOf(context) };
            },
            onDone: {
              target: 'ready',
              actions: {
                type: 'settleComments',
                params: ({ event }) => ({ comments: event.output.comments }),
              },
            },
            onError: {
              target: 'ready',
              actions: { type: 'reject', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});

// ---------------------------------------------------------------------------------------------
// Selectors
// ---------------------------------------------------------------------------------------------

export type PostsSnapshot = SnapshotFrom<typeof postsMachine>;

export const selectPosts = (snapshot: PostsSnapshot): Post[] => snapshot.context.posts;
export const selectPostsStatus = (snapshot: PostsSnapshot): LoadStatus => snapshot.value.list;
export const selectPostsError = (snapshot: PostsSnapshot): string | null => snapshot.context.error;
/** True while a like / unlike of this post waits for the server (the like button is busy). */
export const isPostPending = (snapshot: PostsSnapshot, postId: string): boolean =>
  snapshot.context.queue.some((action) => actionKey(action) === `like:${postId}`);
/** True while the deletion of this post waits for the server. */
export const isDeletePending = (snapshot: PostsSnapshot, postId: string): boolean =>
  snapshot.context.queue.some((action) => actionKey(action) === `delete:${postId}`);

/** Edit / delete menu of a post: its author only (spec §6). */
export function canEditPost(post: Post, me: UserSummary | null): boolean {
  return me !== null && post.username === me.username;
}
export const canDeletePost = canEditPost;

/** F3: a comment's edit menu for the one who wrote it. */
export function canEditComment(comment: Comment, me: UserSummary | null): boolean {
  return me !== null && comment.username === me.username;
}

/** F3: delete for the one who wrote the comment, and for the author of the post. */
export function canDeleteComment(post: Post, comment: Comment, me: UserSummary | null): boolean {
  return canEditComment(comment, me) || canEditPost(post, me);
}

export type CommentVote = 'up' | 'down' | null;

/** The current user's vote on a comment (seeded comments may lack votes: no vote). */
export function myCommentVote(comment: Comment, me: UserSummary | null): CommentVote {
  if (me === null || comment.votes === undefined) return null;
  const mine = (list: UserSummary[]) => list.some((u) => u.username === me.username);
  if (mine(comment.votes.upvotedBy)) return 'up';
  if (mine(comment.votes.downvotedBy)) return 'down';
  return null;
}

export interface PostCommentView {
  canEdit: boolean;
  canDelete: boolean;
  myVote: CommentVote;
}

/** Everything a post card shows that depends on who is looking and on pending actions. */
export interface PostView {
  likedByMe: boolean;
  bookmarked: boolean;
  canEdit: boolean;
  likePending: boolean;
  bookmarkPending: boolean;
  deleting: boolean;
  /** Keyed by comment id. */
  comments: Readonly<Record<string, PostCommentView>>;
}

export interface PostViewInput {
  me: UserSummary | null;
  bookmarks: readonly Post[];
  likePending?: boolean;
  bookmarkPending?: boolean;
  deleting?: boolean;
}

/** The view of one post for the current user (structurally a card's `view` prop). */
export function postViewOf(post: Post, input: PostViewInput): PostView {
  const { me } = input;
  const comments: Record<string, PostCommentView> = {};
  for (const comment of post.comments) {
    comments[comment._id] = {
      canEdit: canEditComment(comment, me),
      canDelete: canDeleteComment(post, comment, me),
      myVote: myCommentVote(comment, me),
    };
  }
  return {
    likedByMe: isLikedByMe(post, me),
    bookmarked: isBookmarked(input.bookmarks, post._id),
    canEdit: canEditPost(post, me),
    likePending: input.likePending ?? false,
    bookmarkPending: input.bookmarkPending ?? false,
    deleting: input.deleting ?? false,
    comments,
  };
}

/** Home: the current user's posts and those of everyone they follow, newest first. */
export function selectHomeFeed(
  posts: readonly Post[],
  me: User | null,
  users: readonly User[],
): Post[] {
  if (me === null) return [];
  const authors = new Set([me.username, ...selectFollowing(users, me).map((u) => u.username)]);
  return sortPosts(
    posts.filter((post) => authors.has(post.username)),
    'latest',
  );
}

/** Profile: the current user's own posts, newest first. */
export function selectOwnPosts(posts: readonly Post[], me: UserSummary | null): Post[] {
  if (me === null) return [];
  return sortPosts(
    posts.filter((post) => post.username === me.username),
    'latest',
  );
}
