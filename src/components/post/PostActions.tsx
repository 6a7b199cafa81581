import { Bookmark, Heart, MessageCircle } from 'lucide-react';
import styled from 'styled-components';
import { IconButton } from '../ui';
import { CountedAction } from './CountedAction';

export interface PostActionsProps {
  /** The current user likes the post: Like is pressed. */
  likedByMe: boolean;
  /** How many people like the post. */
  likeCount: number;
  /** A like change is in flight: Like keeps its state but ignores presses. */
  likePending: boolean;
  /** How many comments the post has. */
  commentCount: number;
  /** The comments are shown: Comment is expanded. */
  commentsOpen: boolean;
  /** The id of the comments region that Comment opens. */
  commentsId: string;
  /** The current user bookmarked the post: Bookmark is pressed. */
  bookmarked: boolean;
  /** A bookmark change is in flight: Bookmark keeps its state but ignores presses. */
  bookmarkPending: boolean;
  /** Like pressed: like, or take the like back. */
  onToggleLike: () => void;
  /** Comment pressed: show or hide the comments. */
  onToggleComments: () => void;
  /** Bookmark pressed: bookmark, or remove the bookmark. */
  onToggleBookmark: () => void;
}

/**
 * Like and Comment with their counts, and Bookmark at the end of the row. Each button is marked
 * with `data-post-action`: the feed's l, c and b keys press the focused card's own buttons.
 */
export function PostActions(props: PostActionsProps) {
  const { bookmarked, bookmarkPending, onToggleBookmark } = props;
  return (
    <Actions>
      <CountedAction
        label="Like"
        icon={<Heart aria-hidden="true" />}
        aria-pressed={props.likedByMe}
        count={props.likeCount}
        noun={['like', 'likes']}
        tone="like"
        pending={props.likePending}
        onClick={props.onToggleLike}
        data-post-action="like"
      />
      <CountedAction
        label="Comment"
        icon={<MessageCircle aria-hidden="true" />}
        aria-expanded={props.commentsOpen}
        aria-controls={props.commentsId}
        count={props.commentCount}
        noun={['comment', 'comments']}
        onClick={props.onToggleComments}
        data-post-action="comment"
      />
      <BookmarkButton
        size="sm"
        label="Bookmark"
        icon={<Bookmark aria-hidden="true" />}
        aria-pressed={bookmarked}
        aria-busy={bookmarkPending || undefined}
        aria-disabled={bookmarkPending || undefined}
        onClick={() => {
          if (!bookmarkPending) onToggleBookmark();
        }}
        data-post-action="bookmark"
      />
    </Actions>
  );
}

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
