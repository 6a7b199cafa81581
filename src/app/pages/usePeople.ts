import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { Person } from '../../api/types';
import type { PeopleListMore, PersonEntry } from '../../components/user/PeopleList';
import {
  avatarSrcSet,
  isFollowPending,
  peopleListId,
  peopleListKeyOf,
  sameIds,
  selectPeopleList,
  selectPersonByUsername,
  selectPersonStatus,
  selectUser,
  type PeopleListKey,
  type PeopleListState,
  type PeopleSnapshot,
  type PersonReadStatus,
} from '../../machines';
import {
  PROFILE_SECTIONS,
  profilePathOf,
  profileSectionOf,
  profileSectionPathOf,
  type ProfileSectionKey,
} from '../../paths';
import { useActors } from '../AppContext';

/** These people as the store holds them (a person not read yet is left out). */
function peopleOf(snapshot: PeopleSnapshot, ids: readonly string[]): Person[] {
  return ids.flatMap((id) => {
    const person = snapshot.context.people[id];
    return person === undefined ? [] : [person];
  });
}

/**
 * People as a list shows them (Who to follow, a profile's followers and following): each with
 * their profile's path, whether the current user follows them, whether a follow of them waits
 * for the server, and which one is the current user. Re-renders only when one of them changes.
 */
export function usePeopleEntries(ids: readonly string[]): PersonEntry[] {
  const { session, people } = useActors();
  const me = useSelector(session, selectUser);
  const listed = useSelector(people, (snapshot) => peopleOf(snapshot, ids), sameIds);
  // The ids whose follow waits for the server, as one string: re-renders only when it changes.
  const pending = useSelector(people, (snapshot) =>
    ids.filter((id) => isFollowPending(snapshot, id)).join(' '),
  );
  return useMemo(
    () =>
      listed.map((person) => ({
        user: person,
        path: profilePathOf(person.username, me?.username),
        avatar: avatarSrcSet(person.profile),
        following: person.followedByMe,
        pending: pending.split(' ').includes(person._id),
        self: me !== null && person._id === me._id,
      })),
    [listed, me, pending],
  );
}

/** A list of people as a page shows it: read when it opens, 'Show more' for the next page. */
export function usePeopleList(list: PeopleListKey | null): Omit<PeopleListState, 'more'> & {
  more: PeopleListMore;
  retry: () => void;
} {
  const { people } = useActors();
  const id = list === null ? null : peopleListId(list);
  // The key by its string, so a new object for the same list neither reads nor renders again.
  const key = useMemo(() => (id === null ? null : peopleListKeyOf(id)), [id]);
  useEffect(() => {
    if (key !== null) people.send({ type: 'LIST.OPEN', list: key });
  }, [people, key]);
  const state = useSelector(people, (snapshot) =>
    key === null ? null : selectPeopleList(snapshot, key),
  );
  const loadMore = useCallback(() => {
    if (key !== null) people.send({ type: 'LIST.MORE', list: key });
  }, [people, key]);
  const retry = useCallback(() => {
    if (key !== null) people.send({ type: 'LIST.OPEN', list: key });
  }, [people, key]);
  const shown = state ?? NO_LIST;
  const more = useMemo(
    () => ({ status: shown.more, onLoadMore: loadMore }),
    [shown.more, loadMore],
  );
  return { ...shown, more, retry };
}

const NO_LIST: PeopleListState = { ids: [], next: null, status: 'ready', more: 'end' };

/**
 * Someone by username, for their profile: read when the page opens (shown at once when the
 * store has them), with where the read stands and a retry. Null username: no one.
 */
export function usePerson(username: string | null): {
  person: Person | null;
  status: PersonReadStatus | 'ready';
  retry: () => void;
} {
  const { people } = useActors();
  useEffect(() => {
    if (username !== null) people.send({ type: 'PERSON.OPEN', username });
  }, [people, username]);
  const person = useSelector(people, (snapshot) =>
    username === null ? null : selectPersonByUsername(snapshot, username),
  );
  const status = useSelector(people, (snapshot) =>
    username === null ? 'ready' : selectPersonStatus(snapshot, username),
  );
  const retry = useCallback(() => {
    if (username !== null) people.send({ type: 'PERSON.OPEN', username });
  }, [people, username]);
  return { person, status, retry };
}

/** True while a follow / unfollow of this person waits for the server. */
export function useFollowPending(userId: string | null): boolean {
  const { people } = useActors();
  return useSelector(people, (snapshot) =>
    userId === null ? false : isFollowPending(snapshot, userId),
  );
}

/** Follow / Unfollow of one person: the people machine decides which from the current state. */
export function useToggleFollow(): (userId: string) => void {
  const { people } = useActors();
  return useCallback((userId: string) => people.send({ type: 'TOGGLE_FOLLOW', userId }), [people]);
}

/**
 * The section a profile page shows (`?show=following` or `followers`, else its posts), and the
 * path of each section for the card's counts.
 */
export function useProfileSection(): {
  section: ProfileSectionKey;
  paths: Record<ProfileSectionKey, string>;
} {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const section = profileSectionOf(params.get('show'));
  const paths = useMemo(
    () =>
      Object.fromEntries(
        PROFILE_SECTIONS.map((key) => [key, profileSectionPathOf(pathname, key)]),
      ) as Record<ProfileSectionKey, string>,
    [pathname],
  );
  return { section, paths };
}
