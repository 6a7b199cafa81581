import {
  ArrowBigDown,
  ArrowBigUp,
  AtSign,
  Bell,
  CircleAlert,
  Heart,
  MessageCircle,
  Reply,
  RotateCcw,
  ThumbsDown,
  UserPlus,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { NotificationKind } from '../../api/types';
import type { ThemeColors } from '../ui/theme';
import { Avatar, Button, EmptyState, RelativeTime, Spinner } from '../ui';
import { cardSurface, screenColumn, screenTitle } from '../ui/mixins';

/** One notification as the screen draws it (the app builds it with `notificationViewOf`). */
export interface NotificationView {
  /** The group's id: the row's key. */
  id: string;
  /** What happened: picks the icon. */
  kind: NotificationKind;
  /** The sentence: "Maya Okafor and 3 others liked your post" (the actors' names drawn bold). */
  text: string;
  /** The newest who did it, newest first, at most three: their avatars, overlapping. */
  actors: readonly { username: string; name: string; avatar: string; avatarSrcSet?: string }[];
  /** Where the row leads: the post, or for a follow the follower's page. */
  href: string;
  /** The beginning of the post or comment it is about, in muted text (two lines at most). */
  excerpt?: string;
  /** When the newest of them did it (ISO 8601): shown relative, "5m". */
  createdAt: string;
  /** Not seen yet: a dot, a tinted row and "Unread" for screen readers. */
  unread: boolean;
}

export interface NotificationsScreenProps {
  /** The notifications read so far, newest first. */
  notifications: readonly NotificationView[];
  /** The first page: 'loading' shows a spinner, 'failed' a message with 'Retry', 'ready' the list. */
  status: 'loading' | 'ready' | 'failed';
  /**
   * Later pages: 'idle' offers 'Show more', 'loading' shows it busy, 'failed' says so with
   * 'Retry', 'end' says "You're all caught up".
   */
  more: 'idle' | 'loading' | 'failed' | 'end';
  /** 'Retry' when the first page failed. */
  onRetry: () => void;
  /** 'Show more' (and the failed next page's 'Retry'): read the next page. */
  onLoadMore: () => void;
}

const KIND_ICONS: Record<NotificationKind, { icon: LucideIcon; color: keyof ThemeColors }> = {
  like: { icon: Heart, color: 'accentLike' },
  dislike: { icon: ThumbsDown, color: 'textMuted' },
  comment: { icon: MessageCircle, color: 'primary' },
  reply: { icon: Reply, color: 'primary' },
  upvote: { icon: ArrowBigUp, color: 'success' },
  downvote: { icon: ArrowBigDown, color: 'danger' },
  follow: { icon: UserPlus, color: 'primary' },
  mention: { icon: AtSign, color: 'primary' },
};

/**
 * Notifications: who liked, disliked, commented on, replied to, voted on, followed or mentioned
 * the person, grouped ("Maya Okafor and 3 others liked your post"), newest first. Each row is one
 * link to the post (or the follower's page) with the kind's icon, up to three avatars, the
 * sentence, the excerpt and the time; unread rows are tinted and marked. Under the list: 'Show
 * more', its progress, a failure with 'Retry', or "You're all caught up". When 'Show more' brings
 * a page, focus moves to its first row.
 */
export function NotificationsScreen({
  notifications,
  status,
  more,
  onRetry,
  onLoadMore,
}: NotificationsScreenProps) {
  const headingId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  // The row that takes focus when the page asked for by 'Show more' arrives.
  const focusFrom = useRef<number | null>(null);
  const count = notifications.length;
  useEffect(() => {
    const from = focusFrom.current;
    if (more === 'failed' || more === 'end') focusFrom.current = null;
    if (from === null || count <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLAnchorElement>(':scope > li > a')[from]?.focus();
  }, [count, more]);

  return (
    <Screen>
      <Title id={headingId}>Notifications</Title>
      {status === 'loading' ? (
        <Centered>
          <Spinner size="lg" label="Loading notifications" showLabel />
        </Centered>
      ) : status === 'failed' ? (
        <EmptyState
          icon={<CircleAlert />}
          title="Notifications could not be loaded"
          message="Check your connection and try again."
          action={
            <Button variant="secondary" icon={<RotateCcw aria-hidden="true" />} onClick={onRetry}>
              Retry
            </Button>
          }
        />
      ) : count === 0 ? (
        <EmptyState
          icon={<Bell />}
          title="No notifications yet"
          message="When someone likes, comments on or follows, you'll see it here."
        />
      ) : (
        <>
          <List ref={listRef} aria-labelledby={headingId}>
            {notifications.map((notification) => (
              <li key={notification.id}>
                <NotificationRow notification={notification} />
              </li>
            ))}
          </List>
          <More
            status={more}
            onLoadMore={() => {
              focusFrom.current = count;
              onLoadMore();
            }}
          />
        </>
      )}
    </Screen>
  );
}

/** One notification: a single link, named by its sentence, excerpt, time and unread mark. */
function NotificationRow({ notification }: { notification: NotificationView }) {
  const { kind, text, actors, href, excerpt, createdAt, unread } = notification;
  const { icon: Icon, color } = KIND_ICONS[kind];
  return (
    <Row to={href} $unread={unread} data-unread={unread || undefined}>
      <KindIcon $color={color} aria-hidden="true">
        <Icon />
      </KindIcon>
      <Avatars>
        {actors.slice(0, 3).map((actor) => (
          <Avatar
            key={actor.username}
            src={actor.avatar}
            srcSet={actor.avatarSrcSet}
            alt=""
            size="sm"
          />
        ))}
      </Avatars>
      <Sentence>
        {unread && <span className="visually-hidden">Unread: </span>}
        {emphasiseNames(
          text,
          actors.slice(0, 2).map((actor) => actor.name),
        )}
      </Sentence>
      {excerpt !== undefined && excerpt !== '' && <Excerpt dir="auto">{excerpt}</Excerpt>}
      <Meta>
        <RelativeTime dateTime={createdAt} />
        {unread && <Dot aria-hidden="true" />}
      </Meta>
    </Row>
  );
}

/** The sentence with the actors' names in bold (each name once, where it first appears). */
function emphasiseNames(text: string, names: readonly string[]): ReactNode[] {
  const parts: ReactNode[] = [];
  let rest = text;
  const left = names.filter((name) => name !== '');
  for (;;) {
    let found: { at: number; name: string } | null = null;
    for (const name of left) {
      const at = rest.indexOf(name);
      if (at >= 0 && (found === null || at < found.at)) found = { at, name };
    }
    if (found === null) break;
    if (found.at > 0) parts.push(rest.slice(0, found.at));
    parts.push(
      <strong key={parts.length} dir="auto">
        {found.name}
      </strong>,
    );
    rest = rest.slice(found.at + found.name.length);
    left.splice(left.indexOf(found.name), 1);
  }
  if (rest !== '') parts.push(rest);
  return parts;
}

/** After the list: 'Show more' (busy while it reads), a failure with 'Retry', or the end. */
function More({
  status,
  onLoadMore,
}: {
  status: NotificationsScreenProps['more'];
  onLoadMore: () => void;
}) {
  return (
    <End data-more={status}>
      <span role="status" className="visually-hidden">
        {status === 'loading' ? 'Loading more notifications' : ''}
      </span>
      {status === 'failed' && (
        <FailedLine role="alert">More notifications could not be loaded.</FailedLine>
      )}
      {status === 'end' ? (
        <EndLine>You're all caught up</EndLine>
      ) : (
        <Button
          variant="secondary"
          busy={status === 'loading'}
          icon={status === 'failed' ? <RotateCcw aria-hidden="true" /> : undefined}
          onClick={onLoadMore}
        >
          {status === 'failed' ? 'Retry' : 'Show more'}
        </Button>
      )}
    </End>
  );
}

const Screen = styled.div`
  ${screenColumn}
`;

const Title = styled.h1`
  ${screenTitle}
`;

const Centered = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => `${theme.space.xxl} ${theme.space.md}`};
`;

const List = styled.ol`
  ${cardSurface}
  margin: 0;
  padding: 0;
  list-style: none;
  overflow: hidden;

  > li + li {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

/**
 * The row's grid: the icon beside everything; the avatars with the time and dot on their right;
 * the sentence and the excerpt under them. The time comes last in the markup, so the link's name
 * reads sentence, excerpt, time.
 */
const Row = styled(Link)<{ $unread: boolean }>`
  --row-background: ${({ theme, $unread }) =>
    $unread ? theme.colors.primarySoft : theme.colors.surface};
  display: grid;
  grid-template-columns: 1.75rem minmax(0, 1fr) auto;
  grid-template-areas:
    'icon avatars meta'
    'icon sentence sentence'
    'icon excerpt excerpt';
  column-gap: ${({ theme }) => theme.space.sm};
  row-gap: ${({ theme }) => theme.space.xxs};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  background: var(--row-background);
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  transition: background ${({ theme }) => theme.transition};

  &:hover {
    --row-background: ${({ theme, $unread }) =>
      $unread ? theme.colors.primarySoft : theme.colors.surfaceSunken};
  }

  &:hover > p:first-of-type {
    text-decoration: underline;
  }

  /* Inside the card, which clips: the ring is drawn inside the row. */
  &:focus-visible {
    outline-offset: -3px;
    border-radius: ${({ theme }) => theme.radii.lg};
  }

  ${({ theme }) => theme.media.phone} {
    column-gap: ${({ theme }) => theme.space.xs};
    padding: ${({ theme }) => `${theme.space.sm} ${theme.space.sm}`};
  }
`;

const KindIcon = styled.span<{ $color: keyof ThemeColors }>`
  grid-area: icon;
  display: flex;
  justify-content: center;
  padding-top: 0.25rem;
  color: ${({ theme, $color }) => theme.colors[$color]};

  svg {
    width: 1.5rem;
    height: 1.5rem;
  }
`;

const Avatars = styled.span`
  grid-area: avatars;
  display: flex;
  align-items: center;

  > * + * {
    margin-left: -0.5rem;
  }

  > * {
    box-shadow: 0 0 0 2px var(--row-background);
  }
`;

const Sentence = styled.p`
  grid-area: sentence;
  min-width: 0;
  overflow-wrap: anywhere;

  strong {
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

const Excerpt = styled.p`
  grid-area: excerpt;
  min-width: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow-wrap: anywhere;
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 2;
  line-clamp: 2;
  overflow: hidden;
`;

const Meta = styled.span`
  grid-area: meta;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

const Dot = styled.span`
  width: 0.625rem;
  height: 0.625rem;
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.colors.primary};
`;

const End = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
  min-height: ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md} ${theme.space.lg}`};
`;

const FailedLine = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const EndLine = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;
