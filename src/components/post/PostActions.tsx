/**
 * A post's row of actions (Like, Comment, Bookmark), and the counted toggle that they and a
 * comment's votes are made of.
 */
import { Bookmark, Heart, MessageCircle } from 'lucide-react';
import { useId } from 'react';
import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { IconButton } from '../ui';
import type { IconButtonProps } from '../ui';

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

export type CountedActionTone = 'like' | 'primary';

export interface CountedActionProps extends Omit<
  IconButtonProps,
  'aria-describedby' | 'variant' | 'size'
> {
  /** The number shown beside the icon, and read out with the noun. */
  count: number;
  /** What is counted, singular and plural, for screen readers ("like" / "likes"). */
  noun: [singular: string, plural: string];
  /** Colour of the pressed (and hovered) state. */
  tone?: CountedActionTone;
  /** In flight: keeps its state, marked busy, ignores clicks. */
  pending?: boolean;
  children?: ReactNode;
}

/**
 * An icon toggle (Like, Comment, Upvote...) with its count beside it. The button's name stays
 * the bare action ("Like"); the count describes it ("2 likes") through aria-describedby.
 */
export function CountedAction({
  count,
  noun,
  tone = 'primary',
  pending = false,
  onClick,
  className,
  ...rest
}: CountedActionProps) {
  const countId = useId();
  return (
    <Group className={className} $tone={tone}>
      <IconButton
        size="sm"
        variant="ghost"
        aria-describedby={countId}
        aria-busy={pending || undefined}
        aria-disabled={pending || undefined}
        onClick={(event) => {
          if (!pending) onClick?.(event);
        }}
        {...rest}
      />
      <Count id={countId}>
        {count}
        <span className="visually-hidden"> {count === 1 ? noun[0] : noun[1]}</span>
      </Count>
    </Group>
  );
}

const Group = styled.span<{ $tone: CountedActionTone }>`
  display: inline-flex;
  align-items: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-variant-numeric: tabular-nums;

  > button {
    color: inherit;
  }

  ${({ $tone, theme }) => {
    const tone = $tone === 'like' ? theme.colors.accentLike : theme.colors.primary;
    return css`
      > button:hover:not([aria-disabled='true']) {
        color: ${tone};
      }
      &:has(> button[aria-pressed='true']) {
        color: ${tone};
      }
      > button[aria-pressed='true'] svg {
        fill: currentColor;
      }
      > button[aria-busy='true'] {
        cursor: progress;
      }
    `;
  }}
`;

const Count = styled.span`
  min-width: 1.25rem;
  padding-right: ${({ theme }) => theme.space.xs};
`;
