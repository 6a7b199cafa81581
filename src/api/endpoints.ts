/**
 * Every endpoint of the API, once: its method, its path under the API's base (`:name` for a path
 * parameter), the status of a success, whether it needs a signed-in person's token, the schema
 * of its body (src/api/bodies.ts) and of its answer (src/api/answers.ts), and a line saying what
 * it does. From this table come the typed client (client.ts), the routes that MSW and the Node
 * server host (src/service/http), the story helpers that make one endpoint fail or hang
 * (src/mocks/overrides.ts), the OpenAPI document (openapi.ts) and the Mock API docs page.
 *
 * Adding an endpoint is one entry here and one service function in src/service/http/routes.ts;
 * the types then demand the rest.
 */
import * as v from 'valibot';
import * as A from './answers';
import {
  changePasswordBody,
  commentBody,
  loginBody,
  postBody,
  signupBody,
  userDataBody,
} from './bodies';
import { APP_ENDPOINTS } from './appEndpoints';
import { SEARCH_QUERY, spec, type QueryParam } from './endpointSpec';

export {
  isPaged,
  type Auth,
  type EndpointSpec,
  type Method,
  type QueryParam,
} from './endpointSpec';

/** An OpenAPI 3.1 document: checked by a real validator in the tests, not by a schema here. */
const OpenApiDocument = v.looseObject({ openapi: v.string() });

export const ENDPOINTS = {
  signup: spec({
    method: 'POST',
    path: '/auth/signup',
    status: 201,
    auth: false,
    summary: 'Creates an account and signs it in',
    body: signupBody,
    answer: A.SignupResponse,
  }),
  login: spec({
    method: 'POST',
    path: '/auth/login',
    status: 200,
    auth: false,
    summary: 'Signs in: a new session and its token',
    body: loginBody,
    answer: A.LoginResponse,
  }),
  logout: spec({
    method: 'POST',
    path: '/auth/logout',
    status: 200,
    auth: true,
    summary: "Ends the token's session: the token is refused from then on",
    answer: A.MessageResponse,
  }),
  changePassword: spec({
    method: 'POST',
    path: '/auth/password',
    status: 200,
    auth: true,
    summary: 'Changes the password (the current one required) and ends every other session',
    body: changePasswordBody,
    answer: A.MessageResponse,
  }),

  getPosts: spec({
    method: 'GET',
    path: '/posts',
    status: 200,
    auth: false,
    summary: 'Every post, oldest first',
    answer: A.PostsResponse,
  }),
  getPost: spec({
    method: 'GET',
    path: '/posts/:postId',
    status: 200,
    auth: false,
    summary: 'One post',
    answer: A.PostResponse,
  }),
  getUserPosts: spec({
    method: 'GET',
    path: '/posts/user/:username',
    status: 200,
    auth: false,
    summary: "A person's posts, oldest first",
    answer: A.PostsResponse,
  }),
  createPost: spec({
    method: 'POST',
    path: '/posts',
    status: 201,
    auth: true,
    summary: 'Publishes a post; answers every post',
    body: postBody,
    answer: A.PostsResponse,
  }),
  editPost: spec({
    method: 'POST',
    path: '/posts/edit/:postId',
    status: 201,
    auth: true,
    summary: "Edits one's own post; answers every post",
    body: postBody,
    answer: A.PostsResponse,
  }),
  deletePost: spec({
    method: 'DELETE',
    path: '/posts/:postId',
    status: 201,
    auth: true,
    summary: "Deletes one's own post; answers every post",
    answer: A.PostsResponse,
  }),
  likePost: spec({
    method: 'POST',
    path: '/posts/like/:postId',
    status: 201,
    auth: true,
    summary: 'Likes a post; answers every post',
    answer: A.PostsResponse,
  }),
  dislikePost: spec({
    method: 'POST',
    path: '/posts/dislike/:postId',
    status: 201,
    auth: true,
    summary: "Takes back one's like (or records a dislike); answers every post",
    answer: A.PostsResponse,
  }),

  getComments: spec({
    method: 'GET',
    path: '/comments/:postId',
    status: 200,
    auth: false,
    summary: "A post's comments, oldest first",
    answer: A.CommentsResponse,
  }),
  addComment: spec({
    method: 'POST',
    path: '/comments/add/:postId',
    status: 201,
    auth: true,
    summary: 'Comments on a post',
    body: commentBody,
    answer: A.CommentsAndPostsResponse,
  }),
  editComment: spec({
    method: 'POST',
    path: '/comments/edit/:postId/:commentId',
    status: 201,
    auth: true,
    summary: "Edits one's own comment",
    body: commentBody,
    answer: A.CommentsResponse,
  }),
  deleteComment: spec({
    method: 'POST',
    path: '/comments/delete/:postId/:commentId',
    status: 201,
    auth: true,
    summary: "Deletes one's own comment, or one under one's own post",
    answer: A.CommentsAndPostsResponse,
  }),
  upvoteComment: spec({
    method: 'POST',
    path: '/comments/upvote/:postId/:commentId',
    status: 201,
    auth: true,
    summary: 'Votes a comment up',
    answer: A.CommentsResponse,
  }),
  downvoteComment: spec({
    method: 'POST',
    path: '/comments/downvote/:postId/:commentId',
    status: 201,
    auth: true,
    summary: 'Votes a comment down',
    answer: A.CommentsResponse,
  }),
  unvoteComment: spec({
    method: 'POST',
    path: '/comments/unvote/:postId/:commentId',
    status: 201,
    auth: true,
    summary: "Withdraws one's vote on a comment",
    answer: A.CommentsResponse,
  }),

  getUsers: spec({
    method: 'GET',
    path: '/users',
    status: 200,
    auth: false,
    summary: 'Every person',
    answer: A.UsersResponse,
  }),
  // Before `/users/:userId`, which would otherwise take "bookmark" for an id.
  getBookmarks: spec({
    method: 'GET',
    path: '/users/bookmark',
    status: 200,
    auth: true,
    summary: "The signed-in person's bookmarks",
    answer: A.BookmarksResponse,
  }),
  getUser: spec({
    method: 'GET',
    path: '/users/:userId',
    status: 200,
    auth: false,
    summary: 'One person',
    answer: A.UserResponse,
  }),
  editUser: spec({
    method: 'POST',
    path: '/users/edit',
    status: 201,
    auth: true,
    summary: "Edits one's own profile",
    body: userDataBody,
    answer: A.UserResponse,
  }),
  bookmarkPost: spec({
    method: 'POST',
    path: '/users/bookmark/:postId',
    status: 200,
    auth: true,
    summary: 'Bookmarks a post',
    answer: A.BookmarksResponse,
  }),
  removeBookmark: spec({
    method: 'POST',
    path: '/users/remove-bookmark/:postId',
    status: 200,
    auth: true,
    summary: 'Removes a bookmark',
    answer: A.BookmarksResponse,
  }),
  followUser: spec({
    method: 'POST',
    path: '/users/follow/:followUserId',
    status: 200,
    auth: true,
    summary: 'Follows a person',
    answer: A.FollowResponse,
  }),
  unfollowUser: spec({
    method: 'POST',
    path: '/users/unfollow/:followUserId',
    status: 200,
    auth: true,
    summary: 'Unfollows a person',
    answer: A.FollowResponse,
  }),

  search: spec({
    method: 'GET',
    path: '/search',
    status: 200,
    auth: false,
    summary: 'People and posts matching `q`, ranked and capped',
    query: { q: SEARCH_QUERY },
    answer: A.SearchResponse,
  }),

  ...APP_ENDPOINTS,

  getDemoInfo: spec({
    method: 'GET',
    path: '/demo',
    status: 200,
    auth: false,
    summary: 'Whether the guest account exists and the demo reset is on',
    answer: A.DemoInfoResponse,
  }),
  resetDemoData: spec({
    method: 'POST',
    path: '/demo/reset',
    status: 200,
    auth: true,
    summary: 'Puts the demo data back for everyone (where the server allows it)',
    answer: A.DemoResetResponse,
  }),

  getOpenApi: spec({
    method: 'GET',
    path: '/openapi.json',
    status: 200,
    auth: false,
    summary: 'This API as an OpenAPI 3.1 document',
    answer: OpenApiDocument,
  }),
} as const;

export type EndpointName = keyof typeof ENDPOINTS;

/** The endpoints that answer a stream of events (`stream: true`), not one JSON answer. */
export type StreamName = {
  [N in EndpointName]: (typeof ENDPOINTS)[N] extends { stream: true } ? N : never;
}[EndpointName];

/** The endpoints that answer once. */
export type AnsweredName = Exclude<EndpointName, StreamName>;

export const isStreamName = (name: EndpointName): name is StreamName => 'stream' in ENDPOINTS[name];

/** The answer of an endpoint, as its schema says. */
export type AnswerOf<N extends EndpointName> = v.InferOutput<(typeof ENDPOINTS)[N]['answer']>;

/** The names of a path's `:parameters`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** An endpoint's path parameters, by name. */
export type ParamsOf<N extends EndpointName> = Record<
  ParamNames<(typeof ENDPOINTS)[N]['path']>,
  string
>;

/** An endpoint's body as the client sends it; `never` for an endpoint without one. */
export type BodyOf<N extends EndpointName> = (typeof ENDPOINTS)[N] extends {
  body: infer S extends v.GenericSchema;
}
  ? v.InferInput<S>
  : never;

type QueryValue<P> = P extends { type: 'integer' } ? number : string;

/** An endpoint's query parameters, the required ones required; `never` when it takes none. */
export type QueryOf<N extends EndpointName> = (typeof ENDPOINTS)[N] extends {
  query: infer Q extends Readonly<Record<string, QueryParam>>;
}
  ? { [K in keyof Q as Q[K] extends { required: true } ? K : never]: QueryValue<Q[K]> } & {
      [K in keyof Q as Q[K] extends { required: true } ? never : K]?: QueryValue<Q[K]>;
    }
  : never;

/** `METHOD /path`, e.g. `POST /posts/like/:postId`: how stories and docs name an endpoint. */
export type EndpointKey = {
  [N in EndpointName]: `${(typeof ENDPOINTS)[N]['method']} ${(typeof ENDPOINTS)[N]['path']}`;
}[EndpointName];

export const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[];

export const endpointKey = (name: EndpointName): EndpointKey =>
  `${ENDPOINTS[name].method} ${ENDPOINTS[name].path}` as EndpointKey;
