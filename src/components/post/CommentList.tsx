import styled from 'styled-components';
import type { Comment } from '../../api/types';
import { CommentItem } from './CommentItem';
import type { CommentVote } from './CommentItem';

export interface CommentListProps {
  comments: Comment[];
  /** Permission predicates from the machines' selectors (F3); the list only asks them. */
  canEditComment: (comment: Comment) => boolean;
  canDeleteComment: (comment: Comment) => boolean;
  /** The current user's vote on a comment. */
  voteOf: (comment: Comment) => CommentVote;
  onEditComment: (commentId: string, text: string) => void;
  onDeleteComment: (commentId: string) => void;
  onUpvoteComment: (commentId: string) => void;
  onDownvoteComment: (commentId: string) => void;
  /** The comment that starts in its inline editor (stories). */
  editingCommentId?: string;
  /** Accessible name of the list, e.g. "Comments on Maya Okafor's post". */
  label?: string;
}

/** The comments of a post, oldest first, as the server returns them. */
export function CommentList({
  comments,
  canEditComment,
  canDeleteComment,
  voteOf,
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
          canEdit={canEditComment(comment)}
          canDelete={canDeleteComment(comment)}
          myVote={voteOf(comment)}
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
