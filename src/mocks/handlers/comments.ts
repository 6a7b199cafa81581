import { http } from 'msw';
import * as comments from '../service/comments';
import type { HandlerDeps } from './deps';

export const commentHandlers = ({ base, ctx, route }: HandlerDeps) => [
  http.get(
    `${base}/comments/:postId`,
    route.open(200, ({ param }) => comments.listComments(ctx, param('postId'))),
  ),
  http.post(
    `${base}/comments/add/:postId`,
    route.authed(201, ({ actorId, param, body }) =>
      comments.addComment(ctx, actorId, param('postId'), body),
    ),
  ),
  http.post(
    `${base}/comments/edit/:postId/:commentId`,
    route.authed(201, ({ actorId, param, body }) =>
      comments.editComment(ctx, actorId, param('postId'), param('commentId'), body),
    ),
  ),
  http.post(
    `${base}/comments/delete/:postId/:commentId`,
    route.authed(201, ({ actorId, param }) =>
      comments.deleteComment(ctx, actorId, param('postId'), param('commentId')),
    ),
  ),
  http.post(
    `${base}/comments/upvote/:postId/:commentId`,
    route.authed(201, ({ actorId, param }) =>
      comments.upvoteComment(ctx, actorId, param('postId'), param('commentId')),
    ),
  ),
  http.post(
    `${base}/comments/downvote/:postId/:commentId`,
    route.authed(201, ({ actorId, param }) =>
      comments.downvoteComment(ctx, actorId, param('postId'), param('commentId')),
    ),
  ),
  // A13: an addition to the contract, so a vote can be withdrawn.
  http.post(
    `${base}/comments/unvote/:postId/:commentId`,
    route.authed(201, ({ actorId, param }) =>
      comments.unvoteComment(ctx, actorId, param('postId'), param('commentId')),
    ),
  ),
];
