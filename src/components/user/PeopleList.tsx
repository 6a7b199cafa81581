import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { UserSummary } from '../../api/types';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { InlineFailure } from '../ui/InlineFailure';
import { AvatarLink } from '../ui/AvatarLink';
import { nameLink, oneLine } from '../ui/mixins';
import { FollowButton } from './FollowButton';

/** One person in a list, with the current user's relation to them (the machines decide). */
export interface PersonEntry {
  /** Who: avatar, name and @username. */
  user: UserSummary;
  /** Their profile (`profilePathOf`): name and avatar link there. Omitted, they are plain text. */
  path?: string;
  /** Their avatar in its sizes (`srcset`); omitted, the avatar's link alone. */
  avatar?: string | undefined;
  /** The current user follows them: the button reads Unfollow. */
  following: boolean;
  /** A follow or unfollow of them is on its way: the button is busy. */
  pending: boolean;
  /** It is the current user: 'You' instead of a Follow button. */
  self?: boolean;
}

/**
 * The list's next page: 'idle' while there are more people to read ('Show more'), 'loading' while
 * they are read (the button busy, keeping focus), 'failed' with 'Retry', 'end' after the last.
 */
export interface PeopleListMore {
  status: 'idle' | 'loading' | 'failed' | 'end';
  onLoadMore: () => void;
}

export interface PeopleListProps {
  /** The people, in the order to show them. */
  people: readonly PersonEntry[];
  /** The list's accessible name ("Maya Okafor's followers"). */
  label: string;
  /** Follow or Unfollow pressed on someone's row. */
  onToggleFollow: (userId: string) => void;
  /** The next page, when the list is read a page at a time; omitted, the list is whole. */
  more?: PeopleListMore;
}

/**
 * A list of people: each with avatar, name and username (linking to their profile) and
 * their own Follow / Unfollow button; the current user, when listed, is marked 'You'. Names
 * and @usernames stay on one line, cut with an ellipsis, the full text in their tooltip. It
 * draws rows only: the caller puts it in a card or panel.
 */
export function PeopleList({ people, label, onToggleFollow, more }: PeopleListProps) {
  return (
    <>
      <PeopleRows people={people} label={label} onToggleFollow={onToggleFollow} />
      {more !== undefined && more.status !== 'end' && (
        <More>
          {more.status === 'failed' ? (
            <InlineFailure message="More people could not be loaded." onRetry={more.onLoadMore} />
          ) : (
            <Button
              variant="ghost"
              size="sm"
              busy={more.status === 'loading'}
              onClick={more.onLoadMore}
            >
              Show more
            </Button>
          )}
        </More>
      )}
    </>
  );
}

function PeopleRows({ people, label, onToggleFollow }: Omit<PeopleListProps, 'more'>) {
  return (
    <List aria-label={label}>
      {people.map(({ user, path, avatar: sources, following, pending, self = false }) => {
        const name = `${user.firstName} ${user.lastName}`;
        const handle = `@${user.username}`;
        const avatar = <Avatar src={user.profile} srcSet={sources} alt="" size="md" />;
        return (
          <Row key={user._id}>
            {path === undefined ? avatar : <AvatarLink to={path}>{avatar}</AvatarLink>}
            <Who>
              {path === undefined ? (
                <Name dir="auto" title={name}>
                  {name}
                </Name>
              ) : (
                <Name as={Link} to={path} dir="auto" title={name}>
                  {name}
                </Name>
              )}
              <Handle title={handle}>{handle}</Handle>
            </Who>
            {self ? (
              <You>You</You>
            ) : (
              <FollowButton
                name={name}
                following={following}
                pending={pending}
                onToggle={() => onToggleFollow(user._id)}
              />
            )}
          </Row>
        );
      })}
    </List>
  );
}

const More = styled.div`
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Row = styled.li`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};

  /* Not "& + &": styled-components writes its second "&" as the class of the theme it was
     first drawn in, so after a theme change the old border colour stayed. */
  &:not(:first-child) {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }

  > a:first-child {
    align-self: center;
  }
`;

const Who = styled.div`
  flex: 1 1 auto;
  min-width: 0;
  display: flex;
  flex-direction: column;
  align-items: flex-start;
`;

const Name = styled.span`
  ${oneLine}
  ${nameLink}
  max-width: 100%;
  font-weight: ${({ theme }) => theme.font.weight.medium};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Handle = styled.span`
  ${oneLine}
  max-width: 100%;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const You = styled.span`
  flex: none;
  padding: 0 ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
