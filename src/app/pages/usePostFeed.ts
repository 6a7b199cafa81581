import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { Post } from '../../api/types';
import type { PostCardActions, PostCardViewState } from '../../components/post';
import type { PostFeedStatus } from '../../components/post/PostFeed';
import {
  canDeleteComment,
  canEditComment,
  canEditPost,
  isBookmarked,
  isBookmarkPending,
  isLikedByMe,
  isPostPending,
  myCommentVote,
  selectBookmarks,
  selectPostsError,
  selectPostsStatus,
  selectUser,
  type LoadStatus,
} from '../../machines';
import { useActors } from '../AppContext';

export function feedStatus(status: LoadStatus): PostFeedStatus {
  if (status === 'failed') return 'failed';
  if (status === 'success') return 'ready';
  return 'loading';
}

/**
 * What every feed (Home, Explore, Bookmarks, Profile) hands to <PostFeed>: for each post the
 * view state the machines' selectors decide (F1 liked-by-me, bookmarked, F3 permissions, pending
 * calls), and the callbacks that send the machines their events. No rule is decided here.
 */
export function usePostFeed() {
  const { auth, posts, users, postDialog } = useActors();
  const me = useSelector(auth, selectUser);
  const status = useSelector(posts, selectPostsStatus);
  const error = useSelector(posts, selectPostsError);
  const bookmarks = useSelector(users, selectBookmarks);
  const postsSnapshot = useSelector(posts, (snapshot) => snapshot);
  const usersSnapshot = useSelector(users, (snapshot) => snapshot);

  const viewOf = (post: Post): PostCardViewState => ({
    likedByMe: isLikedByMe(post, me),
    bookmarked: isBookmarked(bookmarks, post._id),
    canEdit: canEditPost(post, me),
    likePending: isPostPending(postsSnapshot, post._id),
    bookmarkPending: isBookmarkPending(usersSnapshot, post._id),
    canEditComment: (comment) => canEditComment(comment, me),
    canDeleteComment: (comment) => canDeleteComment(post, comment, me),
    commentVoteOf: (comment) => myCommentVote(comment, me),
  });

  const actions = useMemo<PostCardActions>(
    () => ({
      onLike: (postId) => posts.send({ type: 'LIKE', postId }),
      onUnlike: (postId) => posts.send({ type: 'DISLIKE', postId }),
      onBookmark: (postId) => {
        const post = posts.getSnapshot().context.posts.find((p) => p._id === postId);
        if (post) users.send({ type: 'BOOKMARK', post });
      },
      onRemoveBookmark: (postId) => users.send({ type: 'REMOVE_BOOKMARK', postId }),
      onEdit: (post) => postDialog.send({ type: 'OPEN_EDIT', post }),
      onDelete: (postId) => posts.send({ type: 'DELETE', postId }),
      onAddComment: (postId, text) => posts.send({ type: 'COMMENT.ADD', postId, text }),
      onEditComment: (postId, commentId, text) =>
        posts.send({ type: 'COMMENT.EDIT', postId, commentId, text }),
      onDeleteComment: (postId, commentId) =>
        posts.send({ type: 'COMMENT.DELETE', postId, commentId }),
      onUpvoteComment: (postId, commentId) =>
        posts.send({ type: 'COMMENT.UPVOTE', postId, commentId }),
      onDownvoteComment: (postId, commentId) =>
        posts.send({ type: 'COMMENT.DOWNVOTE', postId, commentId }),
    }),
    [posts, users, postDialog],
  );

  return {
    me,
    status: feedStatus(status),
    errorMessage: error ?? undefined,
    onRetry: () => posts.send({ type: 'RETRY' }),
    viewOf,
    actions,
  };
}
