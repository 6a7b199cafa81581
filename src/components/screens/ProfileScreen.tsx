import type { ReactNode } from 'react';
import { PenLine, UserRoundPlus, UsersRound } from 'lucide-react';
import styled from 'styled-components';
import { FeedScreen } from '../post';
import type { ScreenFeedProps } from '../post';
import { Button, EmptyState } from '../ui';
import { cardSurface, screenColumn } from '../ui/mixins';
import { InlineFailure } from '../ui/InlineFailure';
import { Spinner } from '../ui/Spinner';
import { PeopleList, type PeopleListMore, type PersonEntry } from '../user/PeopleList';
import type { ProfileSection } from '../user/ProfileCard';

export interface ProfileScreenProps extends ScreenFeedProps {
  /** The profile card (src/components/user ProfileCard); its name is the page's h1. */
  profileCard: ReactNode;
  /**
   * One's own account's cards (the password, the demo data), right under the profile card: above
   * the posts, which load a page at a time, so they are found without reading every post and
   * nothing moves them when the posts come.
   */
  account?: ReactNode;
  /** The empty state's 'Write a post' button (one's own profile); omitted, it has no button. */
  onCompose?: () => void;
  /**
   * Whose profile, by first name, for the words under the card ("Maya's posts"). Omitted, it is
   * one's own ("Your posts").
   */
  personName?: string;
  /** What shows under the card: the posts (default), or the following or followers list. */
  section?: ProfileSection;
  /** The people of the following or followers section, with their Follow buttons. */
  people?: readonly PersonEntry[];
  /** Follow or Unfollow pressed on someone in the people list. */
  onToggleFollow?: (userId: string) => void;
  /**
   * The people list's first page: 'loading' (a spinner, never the empty state before the answer),
   * 'failed' (a message and 'Retry'), 'ready'. Default 'ready'.
   */
  peopleStatus?: 'loading' | 'failed' | 'ready';
  /** 'Retry' of a people list that could not be read. */
  onRetryPeople?: () => void;
  /** The people list's next page ('Show more'); omitted, the list is whole. */
  peopleMore?: PeopleListMore;
}

/** The words of each section, for one's own profile or someone else's. */
function wordsOf(section: Exclude<ProfileSection, 'posts'>, personName: string | undefined) {
  if (section === 'followers') {
    return {
      heading: 'Followers',
      label: personName === undefined ? 'Your followers' : `${personName}'s followers`,
      emptyTitle: 'No followers yet',
      emptyMessage:
        personName === undefined
          ? 'When someone follows you, they show up here.'
          : `When someone follows ${personName}, they show up here.`,
      loading: 'Loading followers',
      failed: 'Followers could not be loaded.',
    };
  }
  return {
    heading: 'Following',
    label: personName === undefined ? 'People you follow' : `People ${personName} follows`,
    emptyTitle: 'Not following anyone yet',
    emptyMessage:
      personName === undefined
        ? 'Follow people to see their posts on Home.'
        : `The people ${personName} follows show up here.`,
    loading: 'Loading the people followed',
    failed: 'The people followed could not be loaded.',
  };
}

/**
 * A profile, one's own or someone else's: the profile card (and one's own account's cards), then
 * the section its counts select: the person's posts (or 'No posts yet'), or the people they follow or who follow them,
 * each with their own Follow button (or an empty state that says so).
 */
export function ProfileScreen({
  profileCard,
  account,
  onCompose,
  personName,
  section = 'posts',
  people = [],
  onToggleFollow = () => undefined,
  peopleStatus = 'ready',
  onRetryPeople,
  peopleMore,
  ...feed
}: ProfileScreenProps) {
  if (section !== 'posts') {
    const words = wordsOf(section, personName);
    return (
      <Screen>
        {profileCard}
        {account}
        <SectionHeading>{words.heading}</SectionHeading>
        {peopleStatus === 'loading' ? (
          <ListCard>
            <Pad>
              <Spinner label={words.loading} showLabel />
            </Pad>
          </ListCard>
        ) : peopleStatus === 'failed' ? (
          <ListCard>
            <Pad>
              <InlineFailure message={words.failed} onRetry={onRetryPeople} />
            </Pad>
          </ListCard>
        ) : people.length === 0 ? (
          <EmptyState
            headingLevel={3}
            icon={section === 'followers' ? <UsersRound /> : <UserRoundPlus />}
            title={words.emptyTitle}
            message={words.emptyMessage}
          />
        ) : (
          <ListCard>
            <PeopleList
              people={people}
              label={words.label}
              onToggleFollow={onToggleFollow}
              more={peopleMore}
            />
          </ListCard>
        )}
      </Screen>
    );
  }
  return (
    <FeedScreen
      intro={
        <>
          {profileCard}
          {account}
        </>
      }
      feedHeading="Posts"
      feed={{
        ...feed,
        label: personName === undefined ? 'Your posts' : `${personName}'s posts`,
        empty: {
          icon: <PenLine />,
          title: 'No posts yet',
          message:
            personName === undefined
              ? 'What you share shows up here.'
              : `What ${personName} shares shows up here.`,
          action: onCompose ? (
            <Button icon={<PenLine aria-hidden="true" />} onClick={onCompose}>
              Write a post
            </Button>
          ) : undefined,
        },
      }}
    />
  );
}

/** The column of every screen (`screenColumn`). */
const Screen = styled.div`
  ${screenColumn}
`;

const SectionHeading = styled.h2`
  margin-top: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;

const ListCard = styled.div`
  ${cardSurface}
  padding: ${({ theme }) => theme.space.xs} 0;
`;

const Pad = styled.div`
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
`;
