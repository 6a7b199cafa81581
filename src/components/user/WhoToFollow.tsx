import { UsersRound } from 'lucide-react';
import styled from 'styled-components';
import { cardSurface } from '../ui/mixins';
import { InlineFailure } from '../ui/InlineFailure';
import { Spinner } from '../ui/Spinner';
import { PeopleList, type PeopleListMore, type PersonEntry } from './PeopleList';

/** One person to suggest, with the current user's relation to them (the machines decide). */
export type FollowSuggestion = PersonEntry;

/** Where the suggestions stand: the people machine's list status, as the page passes it. */
export type WhoToFollowStatus = 'loading' | 'failed' | 'ready';

export interface WhoToFollowProps {
  /** The people to suggest, in order (the page passes those the current user does not follow). */
  people: readonly FollowSuggestion[];
  /** More suggestions, a page at a time ('Show more'); omitted, the list is whole. */
  more?: PeopleListMore;
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
 * The 'Who to follow' side panel: each user with avatar, name, username (linking to their
 * profile when the suggestion has a `path`) and a Follow / Unfollow button, or while they load a spinner, or when they could not be loaded a message and 'Retry'.
 * The button's visible text is Follow or Unfollow; its accessible name adds the person
 * ("Follow Ada Lovelace") so a list of them can be told apart. Names and usernames stay on one
 * line, cut with an ellipsis, the full text in their tooltip.
 */
export function WhoToFollow({
  people,
  status = 'ready',
  onToggleFollow,
  onRetry,
  more,
}: WhoToFollowProps) {
  return (
    <Panel>
      <Heading>Who to follow</Heading>
      {status === 'loading' ? (
        <Loading>
          <Spinner label="Loading people" showLabel />
        </Loading>
      ) : status === 'failed' ? (
        <Failure message="People could not be loaded." onRetry={onRetry} />
      ) : people.length === 0 ? (
        <Empty>
          <UsersRound aria-hidden="true" />
          <span>No one else is here yet. New people will show up here.</span>
        </Empty>
      ) : (
        <PeopleList
          people={people}
          label="Suggested people"
          onToggleFollow={onToggleFollow}
          more={more}
        />
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

const Loading = styled.div`
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md}
    ${({ theme }) => theme.space.sm};
`;

/** The failure, in line with the panel's other states. */
const Failure = styled(InlineFailure)`
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md}
    ${({ theme }) => theme.space.sm};
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
