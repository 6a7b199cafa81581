import { CircleAlert, RotateCcw } from 'lucide-react';
import styled from 'styled-components';
import { Button } from './Button';

export interface InlineFailureProps {
  /** Why it failed, in words a person can act on. */
  message: string;
  /** 'Retry'; without it, no button (nothing can be retried). */
  onRetry?: () => void;
  /** For placing it in a layout (a styled-components `styled(…)` wrapper passes it). */
  className?: string;
}

/**
 * A load that failed, inside a small region (a search's results, Who to follow): a warning icon,
 * the reason and 'Retry', on one line when there is room, Retry under the reason when not. Whole
 * screens use EmptyState instead.
 */
export function InlineFailure({ message, onRetry, className }: InlineFailureProps) {
  return (
    <Line className={className}>
      <CircleAlert aria-hidden="true" />
      <span>{message}</span>
      {onRetry && (
        <Button
          variant="secondary"
          size="sm"
          icon={<RotateCcw aria-hidden="true" />}
          onClick={onRetry}
        >
          Retry
        </Button>
      )}
    </Line>
  );
}

const Line = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow-wrap: anywhere;

  > svg {
    flex: none;
    width: 1.125rem;
    height: 1.125rem;
    color: ${({ theme }) => theme.colors.danger};
  }

  /* The reason beside its icon; Retry under them when the line is full. */
  > span {
    flex: 1 1 0;
    min-width: 10rem;
  }
`;
