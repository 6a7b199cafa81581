/**
 * One random step's call straight to the service functions: what service.property.test.ts and
 * tabs.property.test.ts both issue; `state` is what its targets are picked from. `actorId` acts; `body` may swap in an odd body for the
 * step's own (by default the step's own is sent).
 */
import { auth, comments, posts, users } from '../../../src/service';
import type { ServiceContext } from '../../../src/service/context';
import type { DatabaseState } from '../../../src/service/records';
import { signupBody, targetsOf, type Step } from '../../contract/invariants';

export function callService(
  ctx: ServiceContext,
  /** The records the step picks its targets from (the state the call runs on). */
  state: DatabaseState,
  actorId: string,
  s: Step,
  body: (normal: unknown) => unknown = (normal) => normal,
): Promise<unknown> {
  const { postId, commentId, userId, username } = targetsOf(state, s);
  switch (s.action) {
    case 'signup':
      return auth.signup(ctx, body(signupBody(s)));
    case 'getUserPosts':
      return posts.listUserPosts(ctx, username);
    case 'like':
      return posts.likePost(ctx, actorId, postId);
    case 'dislike':
      return posts.dislikePost(ctx, actorId, postId);
    case 'bookmark':
      return users.bookmarkPost(ctx, actorId, postId);
    case 'removeBookmark':
      return users.removeBookmark(ctx, actorId, postId);
    case 'follow':
      return users.followUser(ctx, actorId, userId);
    case 'unfollow':
      return users.unfollowUser(ctx, actorId, userId);
    case 'createPost':
      return posts.createPost(ctx, actorId, body({ postData: { content: s.text } }));
    case 'editPost':
      return posts.editPost(ctx, actorId, postId, body({ postData: { content: s.text } }));
    case 'deletePost':
      return posts.deletePost(ctx, actorId, postId);
    case 'addComment':
      return comments.addComment(ctx, actorId, postId, body({ commentData: s.text }));
    case 'editComment':
      return comments.editComment(ctx, actorId, postId, commentId, body({ commentData: s.text }));
    case 'deleteComment':
      return comments.deleteComment(ctx, actorId, postId, commentId);
    case 'upvote':
      return comments.upvoteComment(ctx, actorId, postId, commentId);
    case 'downvote':
      return comments.downvoteComment(ctx, actorId, postId, commentId);
    case 'unvote':
      return comments.unvoteComment(ctx, actorId, postId, commentId);
    case 'editUser':
      return users.editUser(ctx, actorId, body({ userData: { bio: s.text, link: s.link } }));
    case 'getBookmarks':
      return users.getBookmarks(ctx, actorId);
  }
}
