import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import type { Comment } from '../../api/types';
import type { TextVerdict } from '../../api/rules';
import { useFocusReturn } from '../ui';
import { CommentComposer } from './CommentComposer';
import { CommentItem } from './CommentItem';
import { List } from './CommentList';
import type { CommentView } from './PostCard';
import { useFocusAfterRemoval } from './useFocusAfterRemoval';

/** A comment of the post and the replies to it, oldest first: a thread nests one level. */
export interface CommentThreadEntry {
  comment: Comment;
  replies: readonly Comment[];
}

export interface CommentThreadProps {
  /** The post's comments as threads (the machines group them). */
  threads: readonly CommentThreadEntry[];
  /** What the current user may do with each comment, keyed by its _id. */
  views: Readonly<Record<string, CommentView>>;
  /** The comment rule, for the reply input and the inline editor. */
  checkComment: (text: string) => TextVerdict;
  /** A reply was posted under this comment's thread (trimmed, passing the rule). */
  onReply: (parentId: string, text: string) => void;
  /** A comment's new text was saved in its inline editor. */
  onEditComment: (commentId: string, text: string) => void;
  /** A comment's deletion was confirmed. */
  onDeleteComment: (commentId: string) => void;
  /** A comment's 'Upvote' was pressed. */
  onUpvoteComment: (commentId: string) => void;
  /** A comment's 'Downvote' was pressed. */
  onDownvoteComment: (commentId: string) => void;
  /** Accessible name of the list, e.g. "Comments on Maya Okafor's post". */
  label: string;
  /** A comment whose reply input starts open (stories). */
  defaultReplyingTo?: string;
}

const NO_RIGHTS: CommentView = { canEdit: false, canDelete: false, myVote: null };

/**
 * A post's whole conversation on its page: each comment with its replies nested under it, and a
 * Reply on every comment that opens a reply input under its thread (a reply to a reply joins the
 * same thread, as the server keeps it). The reply input closes once its reply is sent, or with
 * Escape, and hands focus back to the Reply that opened it. Focus moves on when a focused comment
 * is deleted.
 */
export function CommentThread({
  threads,
  views,
  checkComment,
  onReply,
  onEditComment,
  onDeleteComment,
  onUpvoteComment,
  onDownvoteComment,
  label,
  defaultReplyingTo,
}: CommentThreadProps) {
  const [replyingTo, setReplyingTo] = useState<string | null>(defaultReplyingTo ?? null);
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusAfterRemoval(
    listRef,
    threads.map((thread) => thread.comment._id),
    headingRef,
  );
  const { listeners, returnFocus } = useFocusReturn();

  // Closing the reply input (sent, or Escape) takes away the focused field: focus goes back to the
  // comment's Reply, as the inline editor hands it back to its menu button, never to the page's
  // top. It moves before the input goes, with a ring when the closing press was a key.
  const replyButtons = useRef(new Map<string, HTMLButtonElement>());
  const closeReply = (comment: Comment) => {
    returnFocus(replyButtons.current.get(comment._id));
    setReplyingTo(null);
  };

  const item = (comment: Comment, threadId: string, children?: ReactNode) => (
    <CommentItem
      key={comment._id}
      comment={comment}
      view={views[comment._id] ?? NO_RIGHTS}
      checkComment={checkComment}
      onEdit={onEditComment}
      onDelete={onDeleteComment}
      onUpvote={onUpvoteComment}
      onDownvote={onDownvoteComment}
      replying={replyingTo === comment._id}
      replyRef={(button) => {
        if (button === null) return;
        replyButtons.current.set(comment._id, button);
        return () => {
          replyButtons.current.delete(comment._id);
        };
      }}
      onReply={(commentId) => setReplyingTo(replyingTo === commentId ? null : commentId)}
    >
      {children}
      {replyingTo === comment._id && (
        <ReplyBox
          {...listeners}
          onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => {
            // Escape that ends an input method's composition is not a close.
            if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
            event.preventDefault();
            event.stopPropagation();
            closeReply(comment);
          }}
        >
          <CommentComposer
            label={`Reply to ${comment.firstName} ${comment.lastName}`}
            autoFocus
            check={checkComment}
            onSubmit={(text) => {
              onReply(threadId, text);
              closeReply(comment);
            }}
          />
        </ReplyBox>
      )}
    </CommentItem>
  );

  const heading = (
    <Heading ref={headingRef} tabIndex={-1}>
      Comments
    </Heading>
  );
  if (threads.length === 0) {
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
        {threads.map(({ comment, replies }) =>
          item(
            comment,
            comment._id,
            replies.length > 0 && (
              <Replies aria-label={`Replies to ${comment.firstName} ${comment.lastName}`}>
                {replies.map((reply) => item(reply, comment._id))}
              </Replies>
            ),
          ),
        )}
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
`;

const Replies = styled(List)`
  margin-top: ${({ theme }) => theme.space.sm};

  /* A reply sits a comment's avatar and gap (2.5rem) in. A phone's column is too narrow for that
     and a name, handle and time: there replies start 1rem in, still under their comment. */
  ${({ theme }) => theme.media.phone} {
    margin-left: -${({ theme }) => theme.space.lg};
  }
`;

const ReplyBox = styled.div`
  margin-top: ${({ theme }) => theme.space.xs};
`;

const Empty = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
