import { CircleAlert, RotateCcw, UserRoundPlus, UsersRound } from 'lucide-react';
import styled from 'styled-components';
import { cardSurface, oneLine } from '../ui/mixins';
import type { UserSummary } from '../../api/types';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';

/** One person to suggest, with the current user's relation to them (the machines decide). */
export interface FollowSuggestion {
  user: UserSummary;
  /** The current user follows them: the button reads Unfollow. */
  following: boolean;
  /** A follow or unfollow of them is on its way: the button is busy. */
  pending: boolean;
}

/** Where the list of people stands: the users machine's status, as the page maps it. */
export type WhoToFollowStatus = 'loading' | 'failed' | 'ready';

export interface WhoToFollowProps {
  /** Everyone to suggest (the page passes every user except the current one). */
  people: readonly FollowSuggestion[];
  /**
   * 'loading' shows a spinner (never 'No one else is here yet' before the answer), 'failed' a
   * message with 'Retry', 'ready' the people. Default 'ready'.
   */
  status?: WhoToFollowStatus;
  /** Follow or Unfollow pressed: the machines decide which from the current state. */
  onToggleFollow: (userId: string) => void;
  /** 'Retry' in the failed state: the page loads the people again. */
  onRetry?: () => void;
}

/**
 * The 'Who to follow' side panel: each user with avatar, name, @username and a Follow / Unfollow
 * button, or while they load a spinner, or when they could not be loaded a message and 'Retry'.
 * The button's visible text is Follow or Unfollow; its accessible name adds the person
 * ("Follow Ada Lovelace") so a list of them can be told apart. Names and @usernames stay on one
 * line, cut with an ellipsis, the full text in their tooltip.
 */
export function WhoToFollow({
  people,
  status = 'ready',
  onToggleFollow,
  onRetry,
}: WhoToFollowProps) {
  return (
    <Panel>
      <Heading>Who to follow</Heading>
      {status === 'loading' ? (
        <Loading>
          <Spinner label="Loading people" showLabel />
        </Loading>
      ) : status === 'failed' ? (
        <Empty>
          <CircleAlert aria-hidden="true" />
          <Failed>
            <span>People could not be loaded.</span>
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
          </Failed>
        </Empty>
      ) : people.length === 0 ? (
        <Empty>
          <UsersRound aria-hidden="true" />
          <span>No one else is here yet. New people will show up here.</span>
        </Empty>
      ) : (
        <List>
          {people.map(({ user, following, pending }) => {
            const name = `${user.firstName} ${user.lastName}`;
            const handle = `@${user.username}`;
            return (
              <Row key={user._id}>
                <Avatar src={user.profile} alt="" size="md" />
                <Who>
                  <Name dir="auto" title={name}>
                    {name}
                  </Name>
                  <Handle title={handle}>{handle}</Handle>
                </Who>
                {following ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    busy={pending}
                    aria-label={`Unfollow ${name}`}
                    onClick={() => onToggleFollow(user._id)}
                  >
                    Unfollow
                  </Button>
                ) : (
                  <Button
                    variant="primary"
                    size="sm"
                    busy={pending}
                    icon={<UserRoundPlus aria-hidden="true" />}
                    aria-label={`Follow ${name}`}
                    onClick={() => onToggleFollow(user._id)}
                  >
                    Follow
                  </Button>
                )}
              </Row>
            );
          })}
        </List>
      )}
    </Panel>
  );
}

/** A plain box: the layout's `<aside aria-label="Who to follow">` is the landmark. */
const Panel = styled.div`
  ${cardSurface}
  padding: ${({ theme }) => theme.space.md} 0 ${({ theme }) => theme.space.xs};
`;

const Heading = styled.h2`
  padding: 0 ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
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
`;

const Who = styled.div`
  flex: 1 1 auto;
  min-width: 0;
  display: flex;
  flex-direction: column;
`;

const Name = styled.span`
  ${oneLine}
  font-weight: ${({ theme }) => theme.font.weight.medium};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Handle = styled.span`
  ${oneLine}
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Loading = styled.div`
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md}
    ${({ theme }) => theme.space.sm};
`;

const Failed = styled.span`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space.xs};
`;

const Empty = styled.p`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md}
    ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};

  > svg {
    flex: none;
    width: 1.25rem;
    height: 1.25rem;
  }
`;
