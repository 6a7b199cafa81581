import { useRef } from 'react';
import styled from 'styled-components';
import type { Comment } from '../../api/types';
import type { TextVerdict } from '../../api/rules';
import { CommentItem } from './CommentItem';
import type { CommentView } from './PostCard';
import { useFocusAfterRemoval } from './useFocusAfterRemoval';

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
  /** Level of the 'Comments' heading, to fit the page outline. Default 2. */
  headingLevel?: 2 | 3 | 4;
}

/** A comment missing from the views: no menu, no vote of the current user. */
const NO_RIGHTS: CommentView = { canEdit: false, canDelete: false, myVote: null };

/**
 * The comments of a post under a 'Comments' heading, oldest first, as the server returns them.
 * When a comment that held focus goes (deleted), focus moves to the next comment, or to the
 * heading when it was the last (useFocusAfterRemoval).
 */
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
  headingLevel = 2,
}: CommentListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusAfterRemoval(
    listRef,
    comments.map((comment) => comment._id),
    headingRef,
  );
  const heading = (
    <Heading ref={headingRef} as={`h${headingLevel}`} tabIndex={-1}>
      Comments
    </Heading>
  );
  if (comments.length === 0) {
    return (
      <>
        {heading}
        <Empty>No comments yet. Be the first to reply.</Empty>
      </>
    );
  }
  return (
    <>
      {heading}
      <List ref={listRef} aria-label={label}>
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
    </>
  );
}

const Heading = styled.h2`
  width: fit-content;
  margin-bottom: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  line-height: ${({ theme }) => theme.font.lineHeight.normal};
`;

/** A list of comments: one column, spaced, unmarked. CommentThread's lists are these too. */
export const List = styled.ul`
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
