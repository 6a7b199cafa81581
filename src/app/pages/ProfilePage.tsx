import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  checkBioField,
  IMAGE_HINT,
  imageFileMessage,
  safeWebsite,
  websiteMessage,
} from '../../api/rules';
import { ProfileScreen } from '../../components/screens/ProfileScreen';
import { DemoDataCard } from '../../components/user/DemoDataCard';
import { EditProfileDialog } from '../../components/user/EditProfileDialog';
import { ProfileCard } from '../../components/user/ProfileCard';
import {
  followerCount,
  followingCount,
  selectAuthError,
  selectAuthIsBusy,
  selectIsResettingDemo,
  selectOwnPosts,
  selectUser,
  selectPosts,
  selectUsers,
} from '../../machines';
import { useActors } from '../AppContext';
import { usePostFeed } from './usePostFeed';
import { useDocumentTitle } from '../useDocumentTitle';

/** `/profile-page`: the profile card, the user's own posts, profile edit, logout, demo reset. */
export function ProfilePage() {
  const { auth, posts, users, postDialog } = useActors();
  const me = useSelector(auth, selectUser);
  useDocumentTitle(me);
  const allPosts = useSelector(posts, selectPosts);
  const everyone = useSelector(users, selectUsers);
  const saving = useSelector(auth, selectAuthIsBusy);
  const error = useSelector(auth, selectAuthError);
  const resetting = useSelector(auth, selectIsResettingDemo);
  const [editing, setEditing] = useState(false);
  const ownPosts = useMemo(() => selectOwnPosts(allPosts, me), [allPosts, me]);
  const { me: _me, ...feed } = usePostFeed(ownPosts);

  // The dialog closes once a save has gone through; a refused save keeps it open with the error.
  const wasSaving = useRef(false);
  useEffect(() => {
    if (wasSaving.current && !saving && error === null) setEditing(false);
    wasSaving.current = saving;
  }, [saving, error]);

  if (!me) return null;

  return (
    <>
      <ProfileScreen
        {...feed}
        onCompose={() => postDialog.send({ type: 'OPEN_CREATE' })}
        profileCard={
          <ProfileCard
            user={me}
            website={safeWebsite(me.link)}
            followingCount={followingCount(everyone, me)}
            followersCount={followerCount(everyone, me)}
            postsCount={ownPosts.length}
            onEditProfile={() => setEditing(true)}
            onLogout={() => auth.send({ type: 'LOGOUT' })}
          />
        }
      />
      <DemoDataCard resetting={resetting} onReset={() => auth.send({ type: 'RESET_DEMO' })} />
      <EditProfileDialog
        open={editing}
        user={me}
        saving={saving}
        error={editing ? error : null}
        checkBio={checkBioField}
        checkWebsite={websiteMessage}
        checkImage={imageFileMessage}
        imageHint={IMAGE_HINT}
        onSave={(userData) => auth.send({ type: 'EDIT_PROFILE', userData })}
        onClose={() => setEditing(false)}
      />
    </>
  );
}
