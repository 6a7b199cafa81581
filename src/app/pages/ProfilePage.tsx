import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { MEDIA_HINT, MEDIA_TYPES } from '../../api/media';
import {
  checkBioField,
  checkNameField,
  checkWebsiteField,
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
  selectAvatarError,
  selectAvatarUpload,
  selectIsResettingDemo,
  selectNewAvatar,
  selectProfileEditing,
  selectProfileError,
  selectProfileIsSaving,
  selectResetOffered,
  personFromUser,
  selectUser,
} from '../../machines';
import { useActors } from '../AppContext';
import { useDocumentTitle } from '../useDocumentTitle';
import { useUploadState } from './useUploadState';
import { useProfile } from './useProfile';
import { usePerson } from './usePeople';

/**
 * `/profile-page`: one's own profile card, own posts (or following / followers with
 * `?show=`), profile edit, logout, the password change, and the demo reset where the server has
 * it on (the demo machine asks; a server people share has it off unless its owner turned it on).
 */
export function ProfilePage() {
  const { session, profile, postDialog, changePassword, demo } = useActors();
  const me = useSelector(session, selectUser);
  useDocumentTitle(me);
  const editing = useSelector(profile, selectProfileEditing);
  const saving = useSelector(profile, selectProfileIsSaving);
  const error = useSelector(profile, selectProfileError);
  const newAvatar = useSelector(profile, selectNewAvatar);
  const avatarError = useSelector(profile, selectAvatarError);
  const upload = useUploadState(useSelector(profile, selectAvatarUpload));
  const resetting = useSelector(demo, selectIsResettingDemo);
  const loggingOut = useSelector(session, selectIsLoggingOut);
  const resetOffered = useSelector(demo, selectResetOffered);
  const passwordOpen = useSelector(changePassword, selectChangePasswordOpen);
  const changingPassword = useSelector(changePassword, selectChangingPassword);
  const passwordRefusal = useSelector(changePassword, selectChangePasswordRefusal);
  // The card's counts from the server's card of them; their session's lists until it is read.
  const { person } = usePerson(me?.username ?? null);
  const shown = useMemo(() => person ?? (me === null ? null : personFromUser(me)), [person, me]);
  const { feed, section, people, onToggleFollow, card, ...list } = useProfile(shown);

  if (!me) return null;

  return (
    <>
      <ProfileScreen
        {...feed}
        {...list}
        section={section}
        people={people}
        onToggleFollow={onToggleFollow}
        onCompose={() => postDialog.send({ type: 'OPEN_CREATE' })}
        profileCard={
          <ProfileCard
            {...card}
            user={me}
            website={safeWebsite(me.link)}
            onEditProfile={() => profile.send({ type: 'OPEN' })}
            onLogout={() => session.send({ type: 'LOGOUT' })}
            loggingOut={loggingOut}
          />
        }
        account={
          <>
            <PasswordCard onChangePassword={() => changePassword.send({ type: 'OPEN' })} />
            {resetOffered && (
              <DemoDataCard
                resetting={resetting}
                // On the Node server the data is everyone's, not this browser's.
                shared={import.meta.env.MURMUR_SERVER_BUILD === true}
                onReset={() => demo.send({ type: 'RESET_DEMO' })}
              />
            )}
          </>
        }
      />
      <EditProfileDialog
        open={editing}
        user={me}
        saving={saving}
        error={error}
        newAvatar={newAvatar}
        upload={upload.state}
        avatarError={avatarError ?? upload.error}
        imageTypes={MEDIA_TYPES}
        imageHint={MEDIA_HINT}
        checkName={checkNameField}
        checkBio={checkBioField}
        checkWebsite={checkWebsiteField}
        onPickAvatar={(file) => profile.send({ type: 'PICK_AVATAR', file })}
        onCancelUpload={() => profile.send({ type: 'CANCEL_UPLOAD' })}
        onRetryUpload={() => profile.send({ type: 'RETRY_UPLOAD' })}
        onSave={(userData) => profile.send({ type: 'EDIT_PROFILE', userData })}
        onClose={() => profile.send({ type: 'CLOSE' })}
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
