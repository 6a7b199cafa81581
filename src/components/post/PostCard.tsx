import { useId, useRef, useState } from 'react';
import { Bookmark, Heart, MessageCircle, Pencil, Trash2 } from 'lucide-react';
import styled from 'styled-components';
import type { Comment, Post } from '../../api/types';
import { Avatar, ConfirmDialog, IconButton, Menu, RelativeTime, Spinner } from '../ui';
import { CommentComposer } from './CommentComposer';
import { CountedAction } from './CountedAction';
import type { CommentVote } from './CommentItem';
import { CommentList } from './CommentList';

/**
 * What the current user sees on one post: computed by the machines' selectors (F1, F3) and
 * passed in. The card applies no rules of its own.
 */
export interface PostCardViewState {
  /** The current user is in likedBy (F1). */
  likedByMe: boolean;
  /** The post is in the current user's bookmarks. */
  bookmarked: boolean;
  /** The current user wrote the post: the 'Post options' menu (Edit, Delete) shows. */
  canEdit: boolean;
  /** A like / unlike is in flight: the button keeps its optimistic state but ignores clicks. */
  likePending?: boolean;
  /** A bookmark change is in flight. */
  bookmarkPending?: boolean;
  /** The post is being deleted: the card is marked busy, a spinner replaces its menu. */
  deleting?: boolean;
  /** F3: the current user wrote the comment. */
  canEditComment: (comment: Comment) => boolean;
  /** F3: the current user wrote the comment or the post. */
  canDeleteComment: (comment: Comment) => boolean;
  /** The current user's vote on a comment. */
  commentVoteOf: (comment: Comment) => CommentVote;
}

/** What a person can do on a post: the same callbacks for every card of a feed. */
export interface PostCardActions {
  onLike: (postId: string) => void;
  onUnlike: (postId: string) => void;
  onBookmark: (postId: string) => void;
  onRemoveBookmark: (postId: string) => void;
  /** 'Edit' in the post menu: the page opens the post dialog in edit mode. */
  onEdit: (post: Post) => void;
  /** Called only after the person confirmed the deletion (A8). */
  onDelete: (postId: string) => void;
  onAddComment: (postId: string, text: string) => void;
  onEditComment: (postId: string, commentId: string, text: string) => void;
  onDeleteComment: (postId: string, commentId: string) => void;
  onUpvoteComment: (postId: string, commentId: string) => void;
  onDownvoteComment: (postId: string, commentId: string) => void;
}

export interface PostCardProps extends PostCardViewState, PostCardActions {
  post: Post;
  /** Show the comments from the start (otherwise the Comment action opens them). */
  defaultCommentsOpen?: boolean;
  /** A comment that starts in its inline editor (stories). */
  editingCommentId?: string;
}

/**
 * A post as an `<article>` named by its author (A7): avatar, name, @username, relative time
 * (A5), the text with its line breaks, the optional image (A2), Like / Comment / Bookmark,
 * the comments with their input, and the 'Post options' menu on the current user's posts.
 */
export function PostCard({
  post,
  likedByMe,
  bookmarked,
  canEdit,
  likePending = false,
  bookmarkPending = false,
  deleting = false,
  canEditComment,
  canDeleteComment,
  commentVoteOf,
  onLike,
  onUnlike,
  onBookmark,
  onRemoveBookmark,
  onEdit,
  onDelete,
  onAddComment,
  onEditComment,
  onDeleteComment,
  onUpvoteComment,
  onDownvoteComment,
  defaultCommentsOpen = false,
  editingCommentId,
}: PostCardProps) {
  const id = useId();
  const nameId = `${id}-name`;
  const commentsId = `${id}-comments`;
  const [commentsOpen, setCommentsOpen] = useState(defaultCommentsOpen);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const commentInputRef = useRef<HTMLInputElement>(null);

  const name = `${post.firstName} ${post.lastName}`;
  const likeCount = post.likes.likeCount;
  const commentCount = post.comments.length;

  const toggleLike = () => {
    if (likePending) return;
    if (likedByMe) onUnlike(post._id);
    else onLike(post._id);
  };

  const toggleBookmark = () => {
    if (bookmarkPending) return;
    if (bookmarked) onRemoveBookmark(post._id);
    else onBookmark(post._id);
  };

  const toggleComments = () => {
    const next = !commentsOpen;
    setCommentsOpen(next);
    if (next) commentInputRef.current?.focus();
  };

  return (
    <Card aria-labelledby={nameId} aria-busy={deleting || undefined}>
      <Avatar src={post.profile} alt="" size="md" />
      <Main>
        <Header>
          <Who>
            <Name id={nameId}>{name}</Name>
            <Handle>@{post.username}</Handle>
            <Dot aria-hidden="true">·</Dot>
            <RelativeTime dateTime={post.createdAt} />
          </Who>
          {canEdit && deleting && <Spinner size="sm" label="Deleting post" />}
          {canEdit && !deleting && (
            <OptionsMenu
              label="Post options"
              triggerSize="sm"
              items={[
                {
                  label: 'Edit',
                  icon: <Pencil aria-hidden="true" />,
                  onSelect: () => onEdit(post),
                },
                {
                  label: 'Delete',
                  icon: <Trash2 aria-hidden="true" />,
                  danger: true,
                  onSelect: () => setConfirmingDelete(true),
                },
              ]}
            />
          )}
        </Header>

        <Content>{post.content}</Content>

        {post.imgContent && <Picture src={post.imgContent} alt={`Image attached by ${name}`} />}

        <Actions>
          <CountedAction
            label="Like"
            icon={<Heart aria-hidden="true" />}
            aria-pressed={likedByMe}
            count={likeCount}
            noun={['like', 'likes']}
            tone="like"
            pending={likePending}
            onClick={toggleLike}
          />
          <CountedAction
            label="Comment"
            icon={<MessageCircle aria-hidden="true" />}
            aria-expanded={commentsOpen}
            aria-controls={commentsId}
            count={commentCount}
            noun={['comment', 'comments']}
            onClick={toggleComments}
          />
          <BookmarkButton
            size="sm"
            label="Bookmark"
            icon={<Bookmark aria-hidden="true" />}
            aria-pressed={bookmarked}
            aria-busy={bookmarkPending || undefined}
            aria-disabled={bookmarkPending || undefined}
            onClick={toggleBookmark}
          />
        </Actions>

        <Comments id={commentsId} hidden={!commentsOpen}>
          <CommentList
            comments={post.comments}
            label={`Comments on ${name}'s post`}
            canEditComment={canEditComment}
            canDeleteComment={canDeleteComment}
            voteOf={commentVoteOf}
            onEditComment={(commentId, text) => onEditComment(post._id, commentId, text)}
            onDeleteComment={(commentId) => onDeleteComment(post._id, commentId)}
            onUpvoteComment={(commentId) => onUpvoteComment(post._id, commentId)}
            onDownvoteComment={(commentId) => onDownvoteComment(post._id, commentId)}
            editingCommentId={editingCommentId}
          />
        </Comments>

        <CommentComposer
          inputRef={commentInputRef}
          onSubmit={(text) => {
            setCommentsOpen(true);
            onAddComment(post._id, text);
          }}
        />
      </Main>

      <ConfirmDialog
        open={confirmingDelete}
        title="Delete post?"
        message="This post and its comments will be removed for good."
        confirmLabel="Delete"
        danger
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => {
          setConfirmingDelete(false);
          onDelete(post._id);
        }}
      />
    </Card>
  );
}

const Card = styled.article`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const Main = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  flex: 1 1 auto;
  min-width: 0;
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};
  min-height: 2rem;
`;

const Who = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  column-gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
  padding-top: ${({ theme }) => theme.space.xxs};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;

const Name = styled.span`
  font-weight: ${({ theme }) => theme.font.weight.bold};
  overflow-wrap: anywhere;
`;

const Handle = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow-wrap: anywhere;
`;

const Dot = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const OptionsMenu = styled(Menu)`
  margin: -0.25rem -0.5rem 0 0;
`;

const Content = styled.p`
  margin-top: -${({ theme }) => theme.space.xxs};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Picture = styled.img`
  width: 100%;
  max-height: 28rem;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceSunken};
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0 -${({ theme }) => theme.space.xs};
`;

const BookmarkButton = styled(IconButton)`
  margin-left: auto;
  color: ${({ theme }) => theme.colors.textMuted};

  &:hover:not([aria-disabled='true']) {
    color: ${({ theme }) => theme.colors.primary};
  }
  &[aria-pressed='true'] {
    color: ${({ theme }) => theme.colors.primary};

    svg {
      fill: currentColor;
    }
  }
`;

const Comments = styled.div`
  padding-top: ${({ theme }) => theme.space.sm};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  &[hidden] {
    display: none;
  }
`;
