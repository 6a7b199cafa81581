import styled, { css } from 'styled-components';
import { RelativeTime } from '../ui';

export type AuthorLineSize = 'post' | 'comment';

export interface AuthorLineProps {
  /** Who wrote it: the name, then @username. */
  author: { firstName: string; lastName: string; username: string };
  /** When it was written (ISO 8601): shown as a relative time. */
  createdAt: string;
  /** The id of the name, for the post's or comment's aria-labelledby. */
  nameId?: string;
  /** A post's line: the name bold at body size. A comment's: everything small. */
  size?: AuthorLineSize;
}

/** Who wrote a post or a comment and when: "Maya Okafor @maya · 5m". */
export function AuthorLine({ author, createdAt, nameId, size = 'post' }: AuthorLineProps) {
  // In a comment the time sits inline in a span, so its line box (and baseline) is the text's.
  const time = <RelativeTime dateTime={createdAt} />;
  return (
    <Line $size={size}>
      <Name id={nameId} $size={size}>
        {`${author.firstName} ${author.lastName}`}
      </Name>
      <Muted>@{author.username}</Muted>
      <Muted aria-hidden="true">·</Muted>
      {size === 'post' ? time : <span>{time}</span>}
    </Line>
  );
}

const Line = styled.p<{ $size: AuthorLineSize }>`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  column-gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
  ${({ $size, theme }) =>
    $size === 'post'
      ? css`
          padding-top: ${theme.space.xxs};
          line-height: ${theme.font.lineHeight.tight};
        `
      : css`
          font-size: ${theme.font.size.sm};
          line-height: ${theme.font.lineHeight.normal};
        `}
`;

const Name = styled.span<{ $size: AuthorLineSize }>`
  font-weight: ${({ $size, theme }) =>
    $size === 'post' ? theme.font.weight.bold : theme.font.weight.medium};
  overflow-wrap: anywhere;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow-wrap: anywhere;
`;
