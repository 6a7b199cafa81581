import styled from 'styled-components';
import type { Comment } from '../../api/types';
import type { TextVerdict } from '../../api/rules';
import { CommentItem } from './CommentItem';
import type { CommentView } from './PostCard';

export interface CommentListProps {
  /** The post's comments, oldest first. */
  comments: readonly Comment[];
  /** What the current user may do with each comment, keyed by its _id (the machines decide). */
  views: Readonly<Record<string, CommentView>>;
  /** The comment rule, for the inline editor. */
  checkComment: (text: string) => TextVerdict;
  /** A comment's new text was saved in its inline editor (trimmed, passing the rule). */
  onEditComment: (commentId: string, text: string) => void;
  /** A comment's deletion was confirmed. */
  onDeleteComment: (commentId: string) => void;
  /** A comment's 'Upvote' was pressed. */
  onUpvoteComment: (commentId: string) => void;
  /** A comment's 'Downvote' was pressed. */
  onDownvoteComment: (commentId: string) => void;
  /** The comment that starts in its inline editor (stories). */
  editingCommentId?: string;
  /** Accessible name of the list, e.g. "Comments on Maya Okafor's post". */
  label?: string;
}

/** A comment missing from the views: no menu, no vote of the current user. */
const NO_RIGHTS: CommentView = { canEdit: false, canDelete: false, myVote: null };

/** The comments of a post, oldest first, as the server returns them. */
export function CommentList({
  comments,
  views,
  checkComment,
  onEditComment,
  onDeleteComment,
  onUpvoteComment,
  onDownvoteComment,
  editingCommentId,
  label = 'Comments',
}: CommentListProps) {
  if (comments.length === 0) return <Empty>No comments yet. Be the first to reply.</Empty>;
  return (
    <List aria-label={label}>
      {comments.map((comment) => (
        <CommentItem
          key={comment._id}
          comment={comment}
          view={views[comment._id] ?? NO_RIGHTS}
          checkComment={checkComment}
          onEdit={onEditComment}
          onDelete={onDeleteComment}
          onUpvote={onUpvoteComment}
          onDownvote={onDownvoteComment}
          defaultEditing={comment._id === editingCommentId}
        />
      ))}
    </List>
  );
}

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Empty = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
