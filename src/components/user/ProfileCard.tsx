import { Link2, LogOut, PenLine } from 'lucide-react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { ReactNode } from 'react';
import type { TextToken } from '../../api/richText';
import type { User } from '../../api/types';
import { Avatar } from '../ui/Avatar';
import { Button, IconButton } from '../ui/Button';
import { cardSurface, centredRow, oneLine, shrinkableColumn } from '../ui/mixins';
import type { ProfileSectionKey } from '../../paths';
import { RichText } from '../ui/RichText';
import { FollowButton } from './FollowButton';

/** The three parts of a profile page, each with its count on the card. */
export type ProfileSection = ProfileSectionKey;

export interface ProfileCardProps {
  /** Whose profile: avatar (default picture when empty), names, bio and website are shown. */
  user: Pick<User, 'firstName' | 'lastName' | 'username' | 'profile' | 'bio'>;
  /** The user's website as a safe http(s) URL, or null when there is none to show. */
  website: URL | null;
  /** How many people the user follows. */
  followingCount: number;
  /**
   * How many posts the user has written: a number, or what has been read of them (`read`, with
   * `more` when the rest is still to be read: "20+"); undefined while it is not known yet ("…",
   * named "not counted yet" to a screen reader), never a 0 that is not true.
   */
  postsCount: number | { read: number; more: boolean } | undefined;
  /** How many people follow the user. */
  followersCount: number;
  /** 'Edit Profile' (one's own card): the page opens the edit-profile dialog. */
  onEditProfile?: () => void;
  /** The "Log out" icon button (one's own card). */
  onLogout?: () => void;
  /** While logging out waits for the server: the "Log out" button is busy and ignores presses. */
  loggingOut?: boolean;
  /** Someone else's card: their Follow / Unfollow button. */
  follow?: { following: boolean; pending: boolean; onToggle: () => void };
  /** The bio with its links (`richTextOf`); without it the bio shows as plain text. */
  bioText?: readonly TextToken[];
  /**
   * Where each count leads (the page's posts, its following and followers lists): the counts
   * become links, the current one marked. Omitted, the counts are plain text.
   */
  sections?: { paths: Record<ProfileSection, string>; current: ProfileSection };
  /** The level of the name heading, to fit the page outline. Default 1 (it titles the page). */
  headingLevel?: 1 | 2;
}

/** The posts' count as shown: a number, "20+" while more are to be read, "…" while unknown. */
function postsCountOf(count: ProfileCardProps['postsCount']): {
  value: ReactNode;
  exactlyOne: boolean;
} {
  if (count === undefined) {
    return {
      value: (
        <>
          <span aria-hidden="true">…</span>
          <span className="visually-hidden">not counted yet</span>
        </>
      ),
      exactlyOne: false,
    };
  }
  const { read, more } = typeof count === 'number' ? { read: count, more: false } : count;
  return { value: more ? `${read}+` : read, exactlyOne: read === 1 && !more };
}

/** The website as people read it: no scheme, no trailing slash. */
function displayWebsite(url: URL): string {
  return `${url.host}${url.pathname === '/' ? '' : url.pathname}${url.search}`;
}

/**
 * The profile card: avatar, full name, username, bio (with its links), website (opens in a new
 * tab, http(s) only) and the Following / Posts / Followers counts. One's own card has 'Edit
 * Profile' and a "Log out" icon button; someone else's a Follow / Unfollow button. With
 * `sections` the counts are the page's tabs: links to its posts, following and followers, the
 * current one marked `aria-current`. The name and username stay on one line, cut with an
 * ellipsis (the full text in their tooltip); the name's and the bio's direction follow their
 * text.
 */
export function ProfileCard({
  user,
  website,
  followingCount,
  postsCount,
  followersCount,
  onEditProfile,
  onLogout,
  loggingOut = false,
  follow,
  bioText,
  sections,
  headingLevel = 1,
}: ProfileCardProps) {
  const fullName = `${user.firstName} ${user.lastName}`;
  // "1 Post", "2 Posts": each count's word agrees with its number ("Following" has no plural).
  const posts = postsCountOf(postsCount);
  const counts: { section: ProfileSection; label: string; value: ReactNode }[] = [
    { section: 'following', label: 'Following', value: followingCount },
    { section: 'posts', label: posts.exactlyOne ? 'Post' : 'Posts', value: posts.value },
    {
      section: 'followers',
      label: followersCount === 1 ? 'Follower' : 'Followers',
      value: followersCount,
    },
  ];
  return (
    <Card>
      <Banner aria-hidden="true" />
      <Top>
        <AvatarRing>
          <Avatar src={user.profile} alt={`${fullName}'s profile picture`} size="xl" />
        </AvatarRing>
        <Actions>
          {onEditProfile && (
            <Button
              variant="secondary"
              icon={<PenLine aria-hidden="true" />}
              onClick={onEditProfile}
            >
              Edit Profile
            </Button>
          )}
          {onLogout && (
            <IconButton
              label="Log out"
              variant="secondary"
              icon={<LogOut aria-hidden="true" />}
              busy={loggingOut}
              onClick={onLogout}
            />
          )}
          {follow && (
            <FollowButton
              name={fullName}
              size="md"
              following={follow.following}
              pending={follow.pending}
              onToggle={follow.onToggle}
            />
          )}
        </Actions>
      </Top>
      <Body>
        <Name as={headingLevel === 1 ? 'h1' : 'h2'} dir="auto" title={fullName}>
          {fullName}
        </Name>
        <Handle title={`@${user.username}`}>@{user.username}</Handle>
        {user.bio.trim() !== '' ? (
          <Bio dir="auto">
            <RichText tokens={bioText ?? [{ kind: 'text', text: user.bio }]} />
          </Bio>
        ) : null}
        {website ? (
          <Website href={website.href} target="_blank" rel="noopener noreferrer">
            <Link2 aria-hidden="true" />
            <span>{displayWebsite(website)}</span>
            <span className="visually-hidden"> (opens in a new tab)</span>
          </Website>
        ) : null}
        <Counts aria-label={sections ? 'Profile sections' : undefined}>
          {counts.map(({ section, label, value }) => (
            <Count key={section}>
              {sections ? (
                <CountLink
                  to={sections.paths[section]}
                  aria-current={sections.current === section ? 'page' : undefined}
                  replace
                >
                  <CountValue>{value}</CountValue>
                  <CountLabel>{label}</CountLabel>
                </CountLink>
              ) : (
                <>
                  <CountValue>{value}</CountValue>
                  <CountLabel>{label}</CountLabel>
                </>
              )}
            </Count>
          ))}
        </Counts>
      </Body>
    </Card>
  );
}

const Card = styled.section`
  ${cardSurface}
  overflow: hidden;
`;

const Banner = styled.div`
  height: 6rem;
  background: linear-gradient(
    120deg,
    ${({ theme }) => theme.colors.primarySoft},
    ${({ theme }) => theme.colors.surfaceSunken}
  );
`;

const Top = styled.div`
  display: flex;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: -3rem;
  padding: 0 ${({ theme }) => theme.space.lg};
`;

const AvatarRing = styled.div`
  flex: none;
  padding: ${({ theme }) => theme.space.xxs};
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.colors.surface};
`;

const Actions = styled.div`
  ${centredRow}
  gap: ${({ theme }) => theme.space.xs};
`;

const Body = styled.div`
  ${shrinkableColumn}
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg}
    ${({ theme }) => theme.space.lg};
`;

const Name = styled.h1`
  ${oneLine}
  max-width: 100%;
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;

const Handle = styled.p`
  ${oneLine}
  max-width: 100%;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Bio = styled.p`
  /* The whole width, so that a right-to-left bio lines up on the right. */
  align-self: stretch;
  max-width: 100%;
  margin-top: ${({ theme }) => theme.space.sm};
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Website = styled.a`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
  max-width: 100%;
  margin-top: ${({ theme }) => theme.space.xs};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  border-radius: ${({ theme }) => theme.radii.sm};
  text-decoration: none;

  span {
    overflow-wrap: anywhere;
  }

  &:hover span:first-of-type {
    text-decoration: underline;
  }

  svg {
    flex: none;
    width: 1.1em;
    height: 1.1em;
  }
`;

const Counts = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
  margin: ${({ theme }) => theme.space.md} 0 0;
  padding: 0;
`;

const Count = styled.li`
  display: flex;
  align-items: baseline;
  gap: ${({ theme }) => theme.space.xxs};
`;

/** A count as a tab of the page: underlined in the primary colour while it is the current one. */
const CountLink = styled(Link)`
  display: inline-flex;
  align-items: baseline;
  gap: ${({ theme }) => theme.space.xxs};
  padding: ${({ theme }) => theme.space.xxs} 0;
  border-bottom: 2px solid transparent;
  border-radius: ${({ theme }) => theme.radii.sm} ${({ theme }) => theme.radii.sm} 0 0;
  color: inherit;
  text-decoration: none;

  &:hover span:last-child {
    text-decoration: underline;
  }

  &[aria-current='page'] {
    border-bottom-color: ${({ theme }) => theme.colors.primary};

    span:last-child {
      color: ${({ theme }) => theme.colors.text};
    }
  }
`;

const CountValue = styled.span`
  font-weight: ${({ theme }) => theme.font.weight.bold};
  font-variant-numeric: tabular-nums;
`;

const CountLabel = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;
