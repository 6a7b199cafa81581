/**
 * Every endpoint of the API in one table: its method, its path under the API's base, the status
 * of a success, whether it needs a signed-in person, and which service function answers. The
 * product's 24, the comment unvote (A13), search and the demo's reset. Hosts (MSW, the Node
 * server) take the table from `createApi` (./api.ts) and never list endpoints themselves.
 */
import { auth, comments, demo, posts, search, users } from '..';
import type { Actor } from '../auth';
import type { ServiceContext } from '../context';

export type Method = 'GET' | 'POST' | 'DELETE';

export interface RouteRequest {
  /** The parsed JSON body; undefined when the request had none. */
  body: unknown;
  /** A path parameter of the endpoint's path, e.g. `param('postId')`. */
  param: (name: string) => string;
  /** A query parameter of the URL, e.g. `query('q')`; null when it is not there. */
  query: (name: string) => string | null;
  /** The `_id` of the signed-in person; '' on an endpoint open to anyone. */
  actorId: string;
  /** The signed-in person and their session; null on an endpoint open to anyone. */
  actor: Actor | null;
}

export interface EndpointDefinition {
  method: Method;
  /** Under the API's base, with `:name` parameters, e.g. `/posts/:postId`. */
  path: string;
  /** The status of a success. */
  status: number;
  /** Whether the call needs a valid token in the `authorization` header. */
  authed: boolean;
  answer: (ctx: ServiceContext, request: RouteRequest) => Promise<object>;
}

const endpoint =
  (authed: boolean) =>
  (
    method: Method,
    path: string,
    status: number,
    answer: EndpointDefinition['answer'],
  ): EndpointDefinition => ({ method, path, status, authed, answer });

/** The actor of an endpoint that needs a token (the wrapper has checked it). */
function signedIn(actor: Actor | null): Actor {
  if (actor === null) throw new Error('An authed endpoint was answered without its actor');
  return actor;
}

/** A call anyone may make (reads, sign-up, login). */
const open = endpoint(false);
/** A call that needs a valid token. */
const authed = endpoint(true);

export const ENDPOINT_DEFINITIONS: readonly EndpointDefinition[] = [
  open('POST', '/auth/signup', 201, (ctx, { body }) => auth.signup(ctx, body)),
  open('POST', '/auth/login', 200, (ctx, { body }) => auth.login(ctx, body)),
  authed('POST', '/auth/logout', 200, (ctx, { actor }) => auth.logout(ctx, signedIn(actor))),
  authed('POST', '/auth/password', 200, (ctx, { actor, body }) =>
    auth.changePassword(ctx, signedIn(actor), body),
  ),

  open('GET', '/posts', 200, (ctx) => posts.listPosts(ctx)),
  open('GET', '/posts/user/:username', 200, (ctx, { param }) =>
    posts.listUserPosts(ctx, param('username')),
  ),
  open('GET', '/posts/:postId', 200, (ctx, { param }) => posts.getPost(ctx, param('postId'))),
  authed('POST', '/posts', 201, (ctx, { actorId, body }) => posts.createPost(ctx, actorId, body)),
  authed('POST', '/posts/edit/:postId', 201, (ctx, { actorId, param, body }) =>
    posts.editPost(ctx, actorId, param('postId'), body),
  ),
  authed('DELETE', '/posts/:postId', 201, (ctx, { actorId, param }) =>
    posts.deletePost(ctx, actorId, param('postId')),
  ),
  authed('POST', '/posts/like/:postId', 201, (ctx, { actorId, param }) =>
    posts.likePost(ctx, actorId, param('postId')),
  ),
  authed('POST', '/posts/dislike/:postId', 201, (ctx, { actorId, param }) =>
    posts.dislikePost(ctx, actorId, param('postId')),
  ),

  open('GET', '/comments/:postId', 200, (ctx, { param }) =>
    comments.listComments(ctx, param('postId')),
  ),
  authed('POST', '/comments/add/:postId', 201, (ctx, { actorId, param, body }) =>
    comments.addComment(ctx, actorId, param('postId'), body),
  ),
  authed('POST', '/comments/edit/:postId/:commentId', 201, (ctx, { actorId, param, body }) =>
    comments.editComment(ctx, actorId, param('postId'), param('commentId'), body),
  ),
  authed('POST', '/comments/delete/:postId/:commentId', 201, (ctx, { actorId, param }) =>
    comments.deleteComment(ctx, actorId, param('postId'), param('commentId')),
  ),
  authed('POST', '/comments/upvote/:postId/:commentId', 201, (ctx, { actorId, param }) =>
    comments.upvoteComment(ctx, actorId, param('postId'), param('commentId')),
  ),
  authed('POST', '/comments/downvote/:postId/:commentId', 201, (ctx, { actorId, param }) =>
    comments.downvoteComment(ctx, actorId, param('postId'), param('commentId')),
  ),
  // A13: an addition to the contract, so a vote can be withdrawn.
  authed('POST', '/comments/unvote/:postId/:commentId', 201, (ctx, { actorId, param }) =>
    comments.unvoteComment(ctx, actorId, param('postId'), param('commentId')),
  ),

  open('GET', '/users', 200, (ctx) => users.listUsers(ctx)),
  // Before `/users/:userId`, which would otherwise take "bookmark" for an id.
  authed('GET', '/users/bookmark', 200, (ctx, { actorId }) => users.getBookmarks(ctx, actorId)),
  open('GET', '/users/:userId', 200, (ctx, { param }) => users.getUser(ctx, param('userId'))),
  authed('POST', '/users/edit', 201, (ctx, { actorId, body }) =>
    users.editUser(ctx, actorId, body),
  ),
  authed('POST', '/users/bookmark/:postId', 200, (ctx, { actorId, param }) =>
    users.bookmarkPost(ctx, actorId, param('postId')),
  ),
  authed('POST', '/users/remove-bookmark/:postId', 200, (ctx, { actorId, param }) =>
    users.removeBookmark(ctx, actorId, param('postId')),
  ),
  authed('POST', '/users/follow/:followUserId', 200, (ctx, { actorId, param }) =>
    users.followUser(ctx, actorId, param('followUserId')),
  ),
  authed('POST', '/users/unfollow/:followUserId', 200, (ctx, { actorId, param }) =>
    users.unfollowUser(ctx, actorId, param('followUserId')),
  ),

  // An addition to the contract: open to anyone like the other reads.
  open('GET', '/search', 200, (ctx, { query }) => search.search(ctx, query('q'))),

  open('GET', '/demo', 200, (ctx) => auth.demoInfo(ctx)),
  authed('POST', '/demo/reset', 200, (ctx, { actorId }) => demo.resetDemoData(ctx, actorId)),
];
