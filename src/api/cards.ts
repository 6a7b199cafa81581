/**
 * The spec's whole-list post (`Post`) as the app's card sees it (`CardPost`), for the answers the
 * app still reads whole (a person's posts, bookmarks, search): one record shape in the client's
 * store whichever endpoint a post came from. Pure: the viewer is given.
 */
import type { CardPost, Post } from './types';

/** Whether `post` is already as a card sees it (an answer of the app's own endpoints). */
export const isCardPost = (post: Post | CardPost): post is CardPost => 'commentCount' in post;

/**
 * `post` as `viewer` (a username; null: no one signed in) sees it on a card: the like count and
 * their own flags instead of the lists. A whole-list answer carries every comment: they stay.
 */
export function cardOf(post: Post | CardPost, viewer: string | null): CardPost {
  if (isCardPost(post)) return post;
  const { likes, comments, ...rest } = post;
  const mine = (list: readonly { username: string }[]) =>
    viewer !== null && list.some((person) => person.username === viewer);
  return {
    ...rest,
    likes: {
      likeCount: likes.likeCount,
      likedByMe: mine(likes.likedBy),
      dislikedByMe: mine(likes.dislikedBy),
    },
    commentCount: comments.length,
    comments,
  };
}
