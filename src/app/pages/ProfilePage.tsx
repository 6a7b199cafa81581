import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
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
  selectAuthError,
  selectAuthIsBusy,
  selectIsResettingDemo,
  selectUser,
} from '../../machines';
import { useActors } from '../AppContext';
import { useDocumentTitle } from '../useDocumentTitle';
import { useProfile } from './useProfile';

/**
 * `/profile-page`: one's own profile card, own posts (or following / followers with
 * `?show=`), profile edit, logout, and the demo reset (not in the app built for the Node server,
 * whose database people share: src/app/buildMode.ts).
 */
export function ProfilePage() {
  const { auth, postDialog } = useActors();
  const me = useSelector(auth, selectUser);
  useDocumentTitle(me);
  const saving = useSelector(auth, selectAuthIsBusy);
  const error = useSelector(auth, selectAuthError);
  const resetting = useSelector(auth, selectIsResettingDemo);
  const [editing, setEditing] = useState(false);
  const { feed, section, people, onToggleFollow, card } = useProfile(me);

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
        section={section}
        people={people}
        onToggleFollow={onToggleFollow}
        onCompose={() => postDialog.send({ type: 'OPEN_CREATE' })}
        profileCard={
          <ProfileCard
            {...card}
            user={me}
            website={safeWebsite(me.link)}
            onEditProfile={() => setEditing(true)}
            onLogout={() => auth.send({ type: 'LOGOUT' })}
          />
        }
      />
      {!import.meta.env.MURMUR_SERVER_BUILD && (
        <DemoDataCard resetting={resetting} onReset={() => auth.send({ type: 'RESET_DEMO' })} />
      )}
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
