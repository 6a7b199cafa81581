import { http } from 'msw';
import * as posts from '../service/posts';
import type { HandlerDeps } from './deps';

export const postHandlers = ({ base, ctx, route }: HandlerDeps) => [
  http.get(
    `${base}/posts`,
    route.open(200, () => posts.listPosts(ctx)),
  ),
  http.get(
    `${base}/posts/user/:username`,
    route.open(200, ({ param }) => posts.listUserPosts(ctx, param('username'))),
  ),
  http.get(
    `${base}/posts/:postId`,
    route.open(200, ({ param }) => posts.getPost(ctx, param('postId'))),
  ),
  http.post(
    `${base}/posts`,
    route.authed(201, ({ actorId, body }) => posts.createPost(ctx, actorId, body)),
  ),
  http.post(
    `${base}/posts/edit/:postId`,
    route.authed(201, ({ actorId, param, body }) =>
      posts.editPost(ctx, actorId, param('postId'), body),
    ),
  ),
  http.delete(
    `${base}/posts/:postId`,
    route.authed(201, ({ actorId, param }) => posts.deletePost(ctx, actorId, param('postId'))),
  ),
  http.post(
    `${base}/posts/like/:postId`,
    route.authed(201, ({ actorId, param }) => posts.likePost(ctx, actorId, param('postId'))),
  ),
  http.post(
    `${base}/posts/dislike/:postId`,
    route.authed(201, ({ actorId, param }) => posts.dislikePost(ctx, actorId, param('postId'))),
  ),
];
