import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { ProfileScreen } from '../../components/screens/ProfileScreen';
import { DemoDataCard } from '../../components/user/DemoDataCard';
import { EditProfileDialog } from '../../components/user/EditProfileDialog';
import { ProfileCard } from '../../components/user/ProfileCard';
import {
  followerCount,
  followingCount,
  selectAuthError,
  selectAuthIsBusy,
  selectOwnPosts,
  selectPosts,
  selectUsers,
} from '../../machines';
import { useActors, useAppServices } from '../AppContext';
import { usePostFeed } from './usePostFeed';

/** `/profile-page`: the profile card, the user's own posts, profile edit, logout, demo reset. */
export function ProfilePage() {
  const { resetDemoData } = useAppServices();
  const { auth, posts, users, postDialog } = useActors();
  const { me, ...feed } = usePostFeed();
  const allPosts = useSelector(posts, selectPosts);
  const everyone = useSelector(users, selectUsers);
  const saving = useSelector(auth, selectAuthIsBusy);
  const error = useSelector(auth, selectAuthError);
  const [editing, setEditing] = useState(false);
  const [resetting, setResetting] = useState(false);

  // The dialog closes once a save has gone through; a refused save keeps it open with the error.
  const wasSaving = useRef(false);
  useEffect(() => {
    if (wasSaving.current && !saving && error === null) setEditing(false);
    wasSaving.current = saving;
  }, [saving, error]);

  if (!me) return null;
  const ownPosts = selectOwnPosts(allPosts, me);

  return (
    <>
      <ProfileScreen
        {...feed}
        posts={ownPosts}
        onCompose={() => postDialog.send({ type: 'OPEN_CREATE' })}
        profileCard={
          <ProfileCard
            user={me}
            followingCount={followingCount(everyone, me)}
            followersCount={followerCount(everyone, me)}
            postsCount={ownPosts.length}
            onEditProfile={() => setEditing(true)}
            onLogout={() => auth.send({ type: 'LOGOUT' })}
          />
        }
      />
      <DemoDataCard
        resetting={resetting}
        onReset={() => {
          setResetting(true);
          void resetDemoData().finally(() => setResetting(false));
        }}
      />
      <EditProfileDialog
        open={editing}
        user={me}
        saving={saving}
        error={editing ? error : null}
        onSave={(userData) => auth.send({ type: 'EDIT_PROFILE', userData })}
        onClose={() => setEditing(false)}
      />
    </>
  );
}
