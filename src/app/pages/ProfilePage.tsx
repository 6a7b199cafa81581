import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import {
  checkBioField,
  checkNameField,
  checkWebsiteField,
  IMAGE_HINT,
  imageFileMessage,
  safeWebsite,
  SIGNUP_HINTS,
} from '../../api/rules';
import { ProfileScreen } from '../../components/screens/ProfileScreen';
import { ChangePasswordDialog } from '../../components/user/ChangePasswordDialog';
import { DemoDataCard } from '../../components/user/DemoDataCard';
import { EditProfileDialog } from '../../components/user/EditProfileDialog';
import { PasswordCard } from '../../components/user/PasswordCard';
import { ProfileCard } from '../../components/user/ProfileCard';
import {
  changePasswordErrors,
  selectChangePasswordOpen,
  selectChangePasswordRefusal,
  selectChangingPassword,
  selectIsLoggingOut,
  selectIsResettingDemo,
  selectProfileError,
  selectProfileIsSaving,
  selectResetOffered,
  selectUser,
} from '../../machines';
import { useActors } from '../AppContext';
import { useDocumentTitle } from '../useDocumentTitle';
import { useProfile } from './useProfile';

/**
 * `/profile-page`: one's own profile card, own posts (or following / followers with
 * `?show=`), profile edit, logout, the password change, and the demo reset where the server has
 * it on (the demo machine asks; a server people share has it off unless its owner turned it on).
 */
export function ProfilePage() {
  const { session, profile, postDialog, changePassword, demo } = useActors();
  const me = useSelector(session, selectUser);
  useDocumentTitle(me);
  const saving = useSelector(profile, selectProfileIsSaving);
  const error = useSelector(profile, selectProfileError);
  const resetting = useSelector(demo, selectIsResettingDemo);
  const loggingOut = useSelector(session, selectIsLoggingOut);
  const resetOffered = useSelector(demo, selectResetOffered);
  const passwordOpen = useSelector(changePassword, selectChangePasswordOpen);
  const changingPassword = useSelector(changePassword, selectChangingPassword);
  const passwordRefusal = useSelector(changePassword, selectChangePasswordRefusal);
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
            onLogout={() => session.send({ type: 'LOGOUT' })}
            loggingOut={loggingOut}
          />
        }
      />
      <PasswordCard onChangePassword={() => changePassword.send({ type: 'OPEN' })} />
      {resetOffered && (
        <DemoDataCard
          resetting={resetting}
          // On the Node server the data is everyone's, not this browser's.
          shared={import.meta.env.MURMUR_SERVER_BUILD === true}
          onReset={() => demo.send({ type: 'RESET_DEMO' })}
        />
      )}
      <EditProfileDialog
        open={editing}
        user={me}
        saving={saving}
        error={editing ? error : null}
        checkName={checkNameField}
        checkBio={checkBioField}
        checkWebsite={checkWebsiteField}
        checkImage={imageFileMessage}
        imageHint={IMAGE_HINT}
        onSave={(userData) => profile.send({ type: 'EDIT_PROFILE', userData })}
        onClose={() => setEditing(false)}
      />
      <ChangePasswordDialog
        open={passwordOpen}
        username={me.username}
        check={changePasswordErrors}
        newPasswordHint={SIGNUP_HINTS.password}
        refusal={passwordRefusal}
        submitting={changingPassword}
        onSubmit={(fields) => changePassword.send({ type: 'SUBMIT', ...fields })}
        onFieldChange={(field) => changePassword.send({ type: 'FIELD_CHANGED', field })}
        onClose={() => changePassword.send({ type: 'CLOSE' })}
      />
    </>
  );
}
