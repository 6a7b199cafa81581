import { useMemo } from 'react';
import type { Person } from '../../api/types';
import { richTextOf } from '../../machines';
import { usePeopleEntries, usePeopleList, useProfileSection, useToggleFollow } from './usePeople';
import { usePagedFeed } from './usePostFeed';

/**
 * What a profile page shows under and on its card, one's own or someone else's: the
 * section of `?show=`, the person's posts as a feed, the people of their following or followers
 * list (a page at a time), the counts, and the bio with its links.
 */
export function useProfile(person: Person | null) {
  const { section, paths } = useProfileSection();
  const feed = usePagedFeed(person === null ? null : { kind: 'user', username: person.username });
  const { ids, status, more } = feed;
  const list = usePeopleList(
    person === null || section === 'posts' ? null : { kind: section, userId: person._id },
  );
  const people = usePeopleEntries(list.ids);
  const onToggleFollow = useToggleFollow();
  const bioText = useMemo(
    () => (person === null ? undefined : richTextOf(person.bio, new Set(person.mentions))),
    [person],
  );
  return {
    feed,
    section,
    people,
    onToggleFollow,
    peopleStatus: list.status,
    peopleMore: list.more,
    onRetryPeople: list.retry,
    card: {
      bioText,
      sections: { paths, current: section },
      // What has been read: nothing until the first page is, "20+" while more pages remain.
      postsCount:
        status === 'ready' ? { read: ids.length, more: more.status !== 'end' } : undefined,
      followingCount: person?.followingCount ?? 0,
      followersCount: person?.followerCount ?? 0,
    },
  };
}
