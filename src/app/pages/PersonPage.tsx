import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { safeWebsite } from '../../api/rules';
import { PersonStatusScreen } from '../../components/screens/PersonStatusScreen';
import { ProfileScreen } from '../../components/screens/ProfileScreen';
import { ProfileCard } from '../../components/user/ProfileCard';
import {
  isFollowing,
  isFollowPending,
  selectUser,
  selectUserByUsername,
  selectUsers,
  selectUsersStatus,
} from '../../machines';
import { PAGE_TITLES, PATHS } from '../../paths';
import { useActors } from '../AppContext';
import { useDocumentTitle } from '../useDocumentTitle';
import { useProfile } from './useProfile';
import { useToggleFollow } from './usePeople';

/**
 * `/profile-page/{username}`: someone's profile: their card with Follow / Unfollow, their
 * posts, or the people they follow or who follow them (`?show=`). One's own username goes to
 * `/profile-page`; a username no one has shows a not-found state.
 */
export function PersonPage() {
  const { username = '' } = useParams();
  const { search } = useLocation();
  const { session, users } = useActors();
  const me = useSelector(session, selectUser);
  const everyone = useSelector(users, selectUsers);
  const status = useSelector(users, selectUsersStatus);
  const person = useMemo(() => selectUserByUsername(everyone, username), [everyone, username]);
  const pending = useSelector(users, (snapshot) =>
    person === null ? false : isFollowPending(snapshot, person._id),
  );
  const toggleFollow = useToggleFollow();
  const { feed, section, people, onToggleFollow, card } = useProfile(person);
  useDocumentTitle(
    person ?? (status === 'success' || status === 'failed' ? PAGE_TITLES.personNotFound : null),
  );

  if (me !== null && username === me.username) {
    return <Navigate to={`${PATHS.profile}${search}`} replace />;
  }
  if (person === null) {
    return (
      <PersonStatusScreen
        status={status === 'failed' ? 'failed' : status === 'success' ? 'not-found' : 'loading'}
        username={username}
        onRetry={() => users.send({ type: 'RETRY' })}
      />
    );
  }
  return (
    <ProfileScreen
      {...feed}
      personName={person.firstName}
      section={section}
      people={people}
      onToggleFollow={onToggleFollow}
      profileCard={
        <ProfileCard
          {...card}
          user={person}
          website={safeWebsite(person.link)}
          follow={{
            following: isFollowing(person, me),
            pending,
            onToggle: () => toggleFollow(person._id),
          }}
        />
      }
    />
  );
}
