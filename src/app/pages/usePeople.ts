import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { UserSummary } from '../../api/types';
import type { PersonEntry } from '../../components/user/PeopleList';
import {
  avatarSrcSet,
  isFollowPending,
  selectFollowing,
  selectUser,
  selectUsers,
} from '../../machines';
import {
  PROFILE_SECTIONS,
  profilePathOf,
  profileSectionOf,
  profileSectionPathOf,
  type ProfileSectionKey,
} from '../../paths';
import { useActors } from '../AppContext';

/**
 * People as a list shows them (Who to follow, a profile's followers and following): each with
 * their profile's path, whether the current user follows them, whether a follow of them waits
 * for the server, and which one is the current user. Re-renders only when one of those changes.
 */
export function usePeopleEntries(people: readonly UserSummary[]): PersonEntry[] {
  const { session, users } = useActors();
  const me = useSelector(session, selectUser);
  const everyone = useSelector(users, selectUsers);
  const followed = useMemo(
    () => new Set(selectFollowing(everyone, me).map((person) => person.username)),
    [everyone, me],
  );
  // The ids whose follow waits for the server, as one string: re-renders only when it changes.
  const pending = useSelector(users, (snapshot) =>
    people
      .filter((person) => isFollowPending(snapshot, person._id))
      .map((person) => person._id)
      .join(' '),
  );
  return useMemo(
    () =>
      people.map((user) => ({
        user,
        path: profilePathOf(user.username, me?.username),
        avatar: avatarSrcSet(user.profile),
        following: followed.has(user.username),
        pending: pending.split(' ').includes(user._id),
        self: me !== null && user.username === me.username,
      })),
    [people, me, followed, pending],
  );
}

/** Follow / Unfollow of one person: the users machine decides which from the current state. */
export function useToggleFollow(): (userId: string) => void {
  const { users } = useActors();
  return useCallback((userId: string) => users.send({ type: 'TOGGLE_FOLLOW', userId }), [users]);
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

/**
 * The usernames an @mention may link to: everyone the users list has. One set while the
 * usernames stay the same, however often the list changes (a follow changes it).
 */
export function useKnownUsernames(): ReadonlySet<string> {
  const { users } = useActors();
  const key = useSelector(users, (snapshot) =>
    selectUsers(snapshot)
      .map((user) => user.username)
      .join(' '),
  );
  return useMemo(() => new Set(key === '' ? [] : key.split(' ')), [key]);
}
