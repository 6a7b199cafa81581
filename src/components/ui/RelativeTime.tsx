import styled from 'styled-components';
import { formatFullDate, formatRelativeTime } from './formatRelativeTime';

export interface RelativeTimeProps {
  /** ISO 8601 timestamp, e.g. a post's `createdAt`. */
  dateTime: string;
  /** For placing it in a layout (a styled-components `styled(…)` wrapper passes it). */
  className?: string;
}

/**
 * `<time>` with short relative text ("now", "5m", "3h", "2d", "Mar 4", "Mar 4, 2025") and the
 * full date as its title. Computed from `Date.now()` at render (Storybook pins the clock).
 */
export function RelativeTime({ dateTime, className }: RelativeTimeProps) {
  const full = formatFullDate(dateTime);
  return (
    <Time dateTime={dateTime} title={full} className={className}>
      {formatRelativeTime(dateTime)}
    </Time>
  );
}

const Time = styled.time`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  white-space: nowrap;
`;
