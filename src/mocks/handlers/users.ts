import { http } from 'msw';
import * as users from '../service/users';
import type { HandlerDeps } from './deps';

export const userHandlers = ({ base, ctx, route }: HandlerDeps) => [
  http.get(
    `${base}/users`,
    route.open(200, () => users.listUsers(ctx)),
  ),
  // Before `/users/:userId`, which would otherwise take "bookmark" for an id.
  http.get(
    `${base}/users/bookmark`,
    route.authed(200, ({ actorId }) => users.getBookmarks(ctx, actorId)),
  ),
  http.get(
    `${base}/users/:userId`,
    route.open(200, ({ param }) => users.getUser(ctx, param('userId'))),
  ),
  http.post(
    `${base}/users/edit`,
    route.authed(201, ({ actorId, body }) => users.editUser(ctx, actorId, body)),
  ),
  http.post(
    `${base}/users/bookmark/:postId`,
    route.authed(200, ({ actorId, param }) => users.bookmarkPost(ctx, actorId, param('postId'))),
  ),
  http.post(
    `${base}/users/remove-bookmark/:postId`,
    route.authed(200, ({ actorId, param }) => users.removeBookmark(ctx, actorId, param('postId'))),
  ),
  http.post(
    `${base}/users/follow/:followUserId`,
    route.authed(200, ({ actorId, param }) =>
      users.followUser(ctx, actorId, param('followUserId')),
    ),
  ),
  http.post(
    `${base}/users/unfollow/:followUserId`,
    route.authed(200, ({ actorId, param }) =>
      users.unfollowUser(ctx, actorId, param('followUserId')),
    ),
  ),
];
