import { useSelector } from '@xstate/react';
import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { checkCommentText } from '../../api/rules';
import { PostCard, type PostCardActions, type RenderPost } from '../../components/post';
import {
  isBookmarkPending,
  isDeletePending,
  isLikePending,
  postViewOf,
  selectPostById,
  selectUser,
} from '../../machines';
import { postPathOf } from '../../paths';
import { useActors } from '../AppContext';
import { showNotification } from '../notify';

/** The post's address as anyone can open it, to the clipboard; a toast says how it went. */
function copyPostLink(postId: string): void {
  // Under the build's base (a sub-path such as /murmur/), as the router's links are.
  const url = new URL(
    `${import.meta.env.BASE_URL}${postPathOf(postId).slice(1)}`,
    window.location.origin,
  ).href;
  navigator.clipboard.writeText(url).then(
    () => showNotification({ type: 'notify', kind: 'success', message: 'Link copied' }),
    () => showNotification({ type: 'notify', kind: 'error', message: "Couldn't copy the link" }),
  );
}

/** The callbacks of a card: each sends its machine an event about the post, by id. */
export function usePostCardActions(): PostCardActions {
  const actors = useActors();
  // Through a ref, so the actions stay one object for the feed's life (navigating draws no card).
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useLayoutEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  return useMemo<PostCardActions>(() => {
    const { posts, postDialog } = actors;
    return {
      onToggleLike: (postId) => posts.send({ type: 'TOGGLE_LIKE', postId }),
      onToggleBookmark: (postId) => posts.send({ type: 'TOGGLE_BOOKMARK', postId }),
      onEdit: (postId) => {
        const post = selectPostById(posts.getSnapshot(), postId);
        if (post) postDialog.send({ type: 'OPEN_EDIT', post });
      },
      onDelete: (postId) => posts.send({ type: 'DELETE', postId }),
      onAddComment: (postId, text, parentId) =>
        posts.send(
          parentId === undefined
            ? { type: 'COMMENT.ADD', postId, text }
            : { type: 'COMMENT.ADD', postId, text, parentId },
        ),
      onOpenPost: (postId) => void navigateRef.current(postPathOf(postId)),
      onCopyLink: copyPostLink,
      onEditComment: (postId, commentId, text) =>
        posts.send({ type: 'COMMENT.EDIT', postId, commentId, text }),
      onDeleteComment: (postId, commentId) =>
        posts.send({ type: 'COMMENT.DELETE', postId, commentId }),
      onUpvoteComment: (postId, commentId) =>
        posts.send({ type: 'COMMENT.UPVOTE', postId, commentId }),
      onDownvoteComment: (postId, commentId) =>
        posts.send({ type: 'COMMENT.DOWNVOTE', postId, commentId }),
    };
  }, [actors]);
}

export interface PostCardContainerProps {
  postId: string;
  /** The level of the card's 'Comments' heading (the feed's). */
  commentsHeadingLevel: 2 | 3;
}

/**
 * One post's card, following that post alone: its record in the posts store and the flags of
 * its view (bookmarked, a like or a deletion or a bookmark waiting for the server). Each is a
 * selector of its own whose value is the record or a boolean, so a change to another post never
 * draws this card again.
 */
export const PostCardContainer = memo(function PostCardContainer({
  postId,
  commentsHeadingLevel,
}: PostCardContainerProps) {
  const { post, view, actions } = usePostCard(postId);
  if (post === undefined || view === null) return null;
  return (
    <PostCard
      post={post}
      view={view}
      actions={actions}
      checkComment={checkCommentText}
      commentsHeadingLevel={commentsHeadingLevel}
    />
  );
});

/**
 * One post's record, its view for the current user and the card's actions, as <PostCard> takes
 * them: what a feed's card and a post's page both draw. Each part is a selector of its own whose
 * value is the record or a boolean, so a change to another post draws nothing again.
 */
export function usePostCard(postId: string) {
  const { session, posts } = useActors();
  const post = useSelector(posts, (snapshot) => selectPostById(snapshot, postId));
  const me = useSelector(session, selectUser);
  const likePending = useSelector(posts, (snapshot) => isLikePending(snapshot, postId));
  const deleting = useSelector(posts, (snapshot) => isDeletePending(snapshot, postId));
  const bookmarkPending = useSelector(posts, (snapshot) => isBookmarkPending(snapshot, postId));
  const actions = usePostCardActions();
  const view = useMemo(
    () =>
      post === undefined
        ? null
        : postViewOf(post, {
            me,
            bookmarked: post.bookmarkedByMe === true,
            likePending,
            bookmarkPending,
            deleting,
          }),
    [post, me, likePending, bookmarkPending, deleting],
  );
  return { post, view, actions };
}

/** What every feed of the app passes to <PostFeed> to draw a card: the container above. */
export const renderPost: RenderPost = (postId, headingLevel) => (
  <PostCardContainer postId={postId} commentsHeadingLevel={headingLevel} />
);
