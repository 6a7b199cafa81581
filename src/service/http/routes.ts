/**
 * What answers each endpoint of the table (src/api/endpoints.ts): one service function each,
 * typed by the table, so an answer that is not the endpoint's is a type error. Hosts (MSW, the
 * Node server) take these from `createApi` (./api.ts) and never list endpoints themselves.
 */
import type { AnsweredName, AnswerOf } from '../../api/endpoints';
import { auth, comments, demo, feeds, inbox, media, posts, search, users } from '..';
import type { Actor } from '../auth';
import type { ServiceContext } from '../context';
import type { PageRequest } from '../paging';

export interface RouteRequest {
  /**
   * The parsed JSON body; undefined when the request had none. An upload's form fields, by name
   * (a file as a Blob).
   */
  body: unknown;
  /** A path parameter of the endpoint's path, e.g. `param('postId')`. */
  param: (name: string) => string;
  /** A query parameter of the URL, e.g. `query('q')`; null when it is not there. */
  query: (name: string) => string | null;
  /** The signed-in person and their session: on an endpoint that needs a token. */
  actor: Actor;
  /** `actor.userId`. */
  actorId: string;
}

/** Whose own reactions a page shows: the caller's, or no one's when they sent no token. */
const viewerOf = ({ actorId }: RouteRequest): string | null => (actorId === '' ? null : actorId);

/** The page a paged call asks for, as sent. */
const pageOf = ({ query }: RouteRequest): PageRequest => ({
  cursor: query('cursor'),
  limit: query('limit'),
});

export type Route<N extends AnsweredName> = (
  ctx: ServiceContext,
  request: RouteRequest,
) => Promise<AnswerOf<N>>;

/** Every endpoint that answers once; the stream is the hub's (./api.ts, ../stream.ts). */
export const ROUTES: { [N in AnsweredName]: Route<N> } = {
  signup: (ctx, { body }) => auth.signup(ctx, body),
  login: (ctx, { body }) => auth.login(ctx, body),
  logout: (ctx, { actor }) => auth.logout(ctx, actor),
  changePassword: (ctx, { actor, body }) => auth.changePassword(ctx, actor, body),

  getPosts: (ctx) => posts.listPosts(ctx),
  getPost: (ctx, { param }) => posts.getPost(ctx, param('postId')),
  getUserPosts: (ctx, { param }) => posts.listUserPosts(ctx, param('username')),
  createPost: (ctx, { actorId, body }) => posts.createPost(ctx, actorId, body),
  editPost: (ctx, { actorId, param, body }) => posts.editPost(ctx, actorId, param('postId'), body),
  deletePost: (ctx, { actorId, param }) => posts.deletePost(ctx, actorId, param('postId')),
  likePost: (ctx, { actorId, param }) => posts.likePost(ctx, actorId, param('postId')),
  dislikePost: (ctx, { actorId, param }) => posts.dislikePost(ctx, actorId, param('postId')),

  getComments: (ctx, { param }) => comments.listComments(ctx, param('postId')),
  addComment: (ctx, { actorId, param, body }) =>
    comments.addComment(ctx, actorId, param('postId'), body),
  editComment: (ctx, { actorId, param, body }) =>
    comments.editComment(ctx, actorId, param('postId'), param('commentId'), body),
  deleteComment: (ctx, { actorId, param }) =>
    comments.deleteComment(ctx, actorId, param('postId'), param('commentId')),
  upvoteComment: (ctx, { actorId, param }) =>
    comments.upvoteComment(ctx, actorId, param('postId'), param('commentId')),
  downvoteComment: (ctx, { actorId, param }) =>
    comments.downvoteComment(ctx, actorId, param('postId'), param('commentId')),
  unvoteComment: (ctx, { actorId, param }) =>
    comments.unvoteComment(ctx, actorId, param('postId'), param('commentId')),

  getUsers: (ctx) => users.listUsers(ctx),
  getBookmarks: (ctx, { actorId }) => users.getBookmarks(ctx, actorId),
  getUser: (ctx, { param }) => users.getUser(ctx, param('userId')),
  editUser: (ctx, { actorId, body }) => users.editUser(ctx, actorId, body),
  bookmarkPost: (ctx, { actorId, param }) => users.bookmarkPost(ctx, actorId, param('postId')),
  removeBookmark: (ctx, { actorId, param }) => users.removeBookmark(ctx, actorId, param('postId')),
  followUser: (ctx, { actorId, param }) => users.followUser(ctx, actorId, param('followUserId')),
  unfollowUser: (ctx, { actorId, param }) =>
    users.unfollowUser(ctx, actorId, param('followUserId')),

  search: (ctx, { query }) => search.search(ctx, query('q')),

  homeFeed: (ctx, request) => feeds.homeFeed(ctx, request.actorId, pageOf(request)),
  latestFeed: (ctx, request) => feeds.latestFeed(ctx, viewerOf(request), pageOf(request)),
  trendingFeed: (ctx, request) => feeds.trendingFeed(ctx, viewerOf(request), pageOf(request)),
  userFeed: (ctx, request) =>
    feeds.userFeed(ctx, viewerOf(request), request.param('username'), pageOf(request)),
  bookmarkFeed: (ctx, request) => feeds.bookmarkFeed(ctx, request.actorId, pageOf(request)),
  hashtagFeed: (ctx, request) =>
    feeds.hashtagFeed(ctx, viewerOf(request), request.param('tag'), pageOf(request)),
  searchFeed: (ctx, request) =>
    search.searchFeed(ctx, viewerOf(request), request.query('q'), pageOf(request)),
  followersPage: (ctx, request) =>
    feeds.followersPage(ctx, viewerOf(request), request.param('userId'), pageOf(request)),
  followingPage: (ctx, request) =>
    feeds.followingPage(ctx, viewerOf(request), request.param('userId'), pageOf(request)),

  notifications: (ctx, request) => inbox.notificationPage(ctx, request.actorId, pageOf(request)),
  unreadNotifications: (ctx, { actorId }) => inbox.unreadCount(ctx, actorId),
  markNotificationsRead: (ctx, { actorId, body }) => inbox.markRead(ctx, actorId, body),

  publishPost: (ctx, { actorId, body }) => posts.publishPost(ctx, actorId, body),
  updatePost: (ctx, { actorId, param, body }) =>
    posts.updatePost(ctx, actorId, param('postId'), body),
  removePost: (ctx, { actorId, param }) => posts.removePost(ctx, actorId, param('postId')),
  postPage: (ctx, request) => posts.postPage(ctx, viewerOf(request), request.param('postId')),
  updateComment: (ctx, { actorId, param, body }) =>
    comments.updateComment(ctx, actorId, param('postId'), param('commentId'), body),
  removeComment: (ctx, { actorId, param }) =>
    comments.removeComment(ctx, actorId, param('postId'), param('commentId')),
  upvoteOne: (ctx, { actorId, param }) =>
    comments.upvoteOne(ctx, actorId, param('postId'), param('commentId')),
  downvoteOne: (ctx, { actorId, param }) =>
    comments.downvoteOne(ctx, actorId, param('postId'), param('commentId')),
  unvoteOne: (ctx, { actorId, param }) =>
    comments.unvoteOne(ctx, actorId, param('postId'), param('commentId')),
  person: (ctx, request) => users.getPerson(ctx, viewerOf(request), request.param('username')),
  suggestedPeople: (ctx, request) => users.suggestedPeople(ctx, request.actorId, pageOf(request)),
  followOne: (ctx, { actorId, param }) => users.followOne(ctx, actorId, param('userId')),
  unfollowOne: (ctx, { actorId, param }) => users.unfollowOne(ctx, actorId, param('userId')),
  likeOne: (ctx, { actorId, param }) => posts.likeOne(ctx, actorId, param('postId')),
  dislikeOne: (ctx, { actorId, param }) => posts.dislikeOne(ctx, actorId, param('postId')),
  bookmarkOne: (ctx, { actorId, param }) => users.bookmarkOne(ctx, actorId, param('postId')),
  unbookmarkOne: (ctx, { actorId, param }) => users.unbookmarkOne(ctx, actorId, param('postId')),
  commentOn: (ctx, { actorId, param, body }) =>
    comments.commentOn(ctx, actorId, param('postId'), body),

  uploadMedia: (ctx, { actorId, body }) => media.upload(ctx, actorId, body),
  mediaFile: (ctx, { param }) => media.file(ctx, param('name')),

  getDemoInfo: (ctx) => demo.demoInfo(ctx),
  resetDemoData: (ctx, { actorId }) => demo.resetDemoData(ctx, actorId),

  // Loaded when asked for: the mock's bundle need not carry the schema converter.
  getOpenApi: async () => (await import('../../api/openapi')).openApiDocument(),
};
