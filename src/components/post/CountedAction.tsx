import { useId } from 'react';
import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { IconButton } from '../ui';
import type { IconButtonProps } from '../ui';

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
