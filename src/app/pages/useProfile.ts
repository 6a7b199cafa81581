import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { User } from '../../api/types';
import {
  followerCount,
  followingCount,
  richTextOf,
  selectPeopleOf,
  selectUsers,
} from '../../machines';
import { useActors } from '../AppContext';
import {
  useKnownUsernames,
  usePeopleEntries,
  useProfileSection,
  useToggleFollow,
} from './usePeople';
import { usePagedFeed } from './usePostFeed';

const NO_ONE: readonly never[] = [];

/**
 * What a profile page shows under and on its card, one's own or someone else's: the
 * section of `?show=`, the person's posts as a feed, the people of their following or followers
 * list, the counts, and the bio with its links.
 */
export function useProfile(person: User | null) {
  const { users } = useActors();
  const everyone = useSelector(users, selectUsers);
  const { section, paths } = useProfileSection();
  const known = useKnownUsernames();
  const feed = usePagedFeed(person === null ? null : { kind: 'user', username: person.username });
  const { ids, status, more } = feed;
  const listed = useMemo(
    () =>
      person === null || section === 'posts' ? NO_ONE : selectPeopleOf(everyone, person, section),
    [everyone, person, section],
  );
  const people = usePeopleEntries(listed);
  const onToggleFollow = useToggleFollow();
  const bioText = useMemo(
    () => (person === null ? undefined : richTextOf(person.bio, known)),
    [person, known],
  );
  return {
    feed,
    section,
    people,
    onToggleFollow,
    card: {
      bioText,
      sections: { paths, current: section },
      // What has been read: nothing until the first page is, "20+" while more pages remain.
      postsCount:
        status === 'ready' ? { read: ids.length, more: more.status !== 'end' } : undefined,
      followingCount: followingCount(everyone, person),
      followersCount: followerCount(everyone, person),
    },
  };
}
