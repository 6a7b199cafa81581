import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { formatFullDate, RelativeTime } from '../ui';
import { nameLink, oneLine } from '../ui/mixins';

export type AuthorLineSize = 'post' | 'comment';

/**
 * The container an AuthorLine may sit in (CSS `container: murmur-author-line / inline-size`):
 * narrower than 20rem, the line leaves out the @username, which the profile link still leads to.
 */
export const AUTHOR_LINE_CONTAINER = 'murmur-author-line';

export interface AuthorLineProps {
  /** Who wrote it: the name, then @username. */
  author: { firstName: string; lastName: string; username: string };
  /** When it was written (ISO 8601): shown as a relative time. */
  createdAt: string;
  /** When it was last edited (ISO 8601): 'edited' shows beside the time, the date in its tooltip. */
  editedAt?: string;
  /** The id of the name, for the post's or comment's aria-labelledby. */
  nameId?: string;
  /** The author's profile (`profilePathOf`): the name links there. Omitted, it is text. */
  href?: string;
  /** A post's line: the name bold at body size. A comment's: everything small. */
  size?: AuthorLineSize;
  /** The post's own page (`postPathOf`): the time links there. Omitted, it is text. */
  timeHref?: string;
}

/**
 * Who wrote a post or a comment and when, on one line: name, username and time ("5m", or
 * "5m · edited"); the name links to the author's profile when given its `href`. A name or
 * username too long for it is cut with an ellipsis (the full text in its tooltip), the username
 * first, and the time always shows. In a narrow `AUTHOR_LINE_CONTAINER` (a comment on a phone)
 * the username is left out. The name's direction follows its own text.
 */
export function AuthorLine({
  author,
  createdAt,
  editedAt,
  nameId,
  href,
  size = 'post',
  timeHref,
}: AuthorLineProps) {
  // In a comment the time sits inline in a span, so its line box (and baseline) is the text's.
  const relative = <RelativeTime dateTime={createdAt} />;
  // The time is how the keyboard reaches the post's page: a link around the <time>.
  const time = timeHref === undefined ? relative : <TimeLink to={timeHref}>{relative}</TimeLink>;
  const name = `${author.firstName} ${author.lastName}`;
  const handle = `@${author.username}`;
  return (
    <Line $size={size}>
      {href === undefined ? (
        <Name id={nameId} $size={size} dir="auto" title={name}>
          {name}
        </Name>
      ) : (
        <Name as={Link} to={href} id={nameId} $size={size} dir="auto" title={name}>
          {name}
        </Name>
      )}
      <Handle title={handle}>{handle}</Handle>
      <Muted aria-hidden="true">·</Muted>
      {size === 'post' ? time : <span>{time}</span>}
      {editedAt !== undefined && (
        <>
          <Muted aria-hidden="true">·</Muted>
          <Muted>
            <time dateTime={editedAt} title={`Edited ${formatFullDate(editedAt)}`}>
              edited
            </time>
          </Muted>
        </>
      )}
    </Line>
  );
}

const Line = styled.p<{ $size: AuthorLineSize }>`
  display: flex;
  align-items: baseline;
  column-gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
  white-space: nowrap;
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

const TimeLink = styled(Link)`
  color: inherit;
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radii.sm};

  &:hover {
    text-decoration: underline;
  }
`;

/**
 * Short of room, the @username gives way first (it shrinks a hundred times faster), then the
 * name; the dots, the time and 'edited' never do. So a comment's narrow header on a phone keeps
 * the name readable instead of cutting both to a few letters.
 */
const Name = styled.span<{ $size: AuthorLineSize }>`
  ${oneLine}
  flex: 0 1 auto;
  min-width: 0;
  font-weight: ${({ $size, theme }) =>
    $size === 'post' ? theme.font.weight.bold : theme.font.weight.medium};
  ${nameLink}
`;

const Handle = styled.span`
  ${oneLine}
  flex: 0 100 auto;
  min-width: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};

  /* Cut to "@ma…" it would tell nothing and cost the name its room: it goes, the name stays. */
  @container ${AUTHOR_LINE_CONTAINER} (max-width: 20rem) {
    display: none;
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
