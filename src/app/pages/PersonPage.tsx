import { Navigate, useLocation, useParams } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { safeWebsite } from '../../api/rules';
import { PersonStatusScreen } from '../../components/screens/PersonStatusScreen';
import { ProfileScreen } from '../../components/screens/ProfileScreen';
import { ProfileCard } from '../../components/user/ProfileCard';
import { selectUser } from '../../machines';
import { PAGE_TITLES, PATHS } from '../../paths';
import { useActors } from '../AppContext';
import { useDocumentTitle } from '../useDocumentTitle';
import { useProfile } from './useProfile';
import { useFollowPending, usePerson, useToggleFollow } from './usePeople';

/**
 * `/profile-page/{username}`: someone's profile: their card with Follow / Unfollow, their
 * posts, or the people they follow or who follow them (`?show=`). One's own username goes to
 * `/profile-page`; a username no one has shows a not-found state.
 */
export function PersonPage() {
  const { username = '' } = useParams();
  const { search } = useLocation();
  const { session } = useActors();
  const me = useSelector(session, selectUser);
  const own = me !== null && username === me.username;
  const { person, status, retry } = usePerson(own ? null : username);
  const pending = useFollowPending(person?._id ?? null);
  const toggleFollow = useToggleFollow();
  const { feed, section, people, onToggleFollow, card, ...list } = useProfile(person);
  useDocumentTitle(
    person ?? (status === 'missing' || status === 'failed' ? PAGE_TITLES.personNotFound : null),
  );

  if (own) return <Navigate to={`${PATHS.profile}${search}`} replace />;
  if (person === null) {
    return (
      <PersonStatusScreen
        status={status === 'failed' ? 'failed' : status === 'missing' ? 'not-found' : 'loading'}
        username={username}
        onRetry={retry}
      />
    );
  }
  return (
    <ProfileScreen
      {...feed}
      {...list}
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
            following: person.followedByMe,
            pending,
            onToggle: () => toggleFollow(person._id),
          }}
        />
      }
    />
  );
}
