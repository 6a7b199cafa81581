import { Camera, X } from 'lucide-react';
import type { SubmitEvent } from 'react';
import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import type { TextFieldVerdict, WebsiteFieldVerdict } from '../../api/rules';
import type { User, UserData } from '../../api/types';
import { FormMessage } from '../layout/FormMessage';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { ErrorText } from '../ui/ErrorText';
import { FilePickLabel } from '../ui/FilePickLabel';
import { centredRow, shrinkableColumn } from '../ui/mixins';
import { TextArea, TextField } from '../ui/Field';
import { Dialog } from '../ui/Dialog';
import {
  onFilePicked,
  RetryUploadButton,
  UploadProgress,
  type ImageUploadState,
} from '../ui/UploadProgress';

export interface EditProfileDialogProps {
  /** Controlled: shown while true. Each opening starts from the user's current values. */
  open: boolean;
  /** The profile being edited. */
  user: Pick<User, 'firstName' | 'lastName' | 'profile' | 'bio' | 'link'>;
  /** While the save is on its way: 'Save' shows a spinner, Escape and the backdrop do nothing. */
  saving?: boolean;
  /** The server's refusal, shown above the fields. */
  error?: string | null;
  /**
   * A picture picked to replace the avatar (its preview), shown in its place; null: the saved
   * avatar stays. The owner uploads it and saves its link with the fields.
   */
  newAvatar?: string | null;
  /** The picked avatar's upload while it goes or after it failed; null when there is none. */
  upload?: ImageUploadState | null;
  /** Why the picked avatar was refused or did not upload, shown under its button. */
  avatarError?: string | null;
  /** The image types the picker offers (its `accept`). */
  imageTypes: readonly string[];
  /**
   * 'Save' with only the changed fields (names and link trimmed, bio). Not called when nothing
   * changed, the avatar included (the dialog just closes), while a field is invalid, or while the
   * avatar uploads ('Save' waits for it).
   */
  onSave: (userData: UserData) => void;
  /** Cancel, the close button, Escape or the backdrop: the owner closes the dialog. */
  onClose: () => void;
  /** The name rule (as at sign-up): the counter, and the error in a person's words. */
  checkName: (field: NameField, text: string) => TextFieldVerdict;
  /** The bio rule: the counter, and the error in a person's words when the bio is refused. */
  checkBio: (text: string) => TextFieldVerdict;
  /**
   * The website rule: the link as it will be kept (an address typed without a scheme gets
   * `https://`) and a message in a person's words when it is refused, else null.
   */
  checkWebsite: (link: string) => WebsiteFieldVerdict;
  /** A file picked for the avatar (the owner checks it, shows it and uploads it). */
  onPickAvatar: (file: File) => void;
  /** 'Cancel upload': the picked avatar goes before it is kept (the one before it stays). */
  onCancelUpload: () => void;
  /** 'Retry upload': the failed upload's file is sent again. */
  onRetryUpload: () => void;
  /** The image rule as stated beside the avatar button. */
  imageHint: string;
}

type NameField = 'firstName' | 'lastName';

interface Draft {
  firstName: string;
  lastName: string;
  bio: string;
  link: string;
  linkTouched: boolean;
  attempted: boolean;
}

function draftOf(user: EditProfileDialogProps['user']): Draft {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    bio: user.bio,
    link: user.link,
    linkTouched: false,
    attempted: false,
  };
}

/**
 * The edit-profile dialog: pick an avatar (the owner checks it, shows it at once and uploads it:
 * its progress over the picture with 'Cancel upload', a failure's words with 'Retry upload' when
 * that may help), first and last name (counters up to 40, as at sign-up), bio (about the person,
 * counter up to 160) and website ('Portfolio URL', http(s); an address typed without a scheme is
 * shown and kept with `https://` once the field is left), then 'Save'. The draft is the dialog's
 * own form state.
 */
export function EditProfileDialog({
  open,
  user,
  saving = false,
  error,
  newAvatar = null,
  upload = null,
  avatarError = null,
  imageTypes,
  onSave,
  onClose,
  checkName,
  checkBio,
  checkWebsite,
  onPickAvatar,
  onCancelUpload,
  onRetryUpload,
  imageHint,
}: EditProfileDialogProps) {
  const formId = useId();
  const fileId = useId();
  const fileHintId = useId();
  const fileErrorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(user));
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // Every opening starts again from the saved profile.
    setWasOpen(open);
    if (open) setDraft(draftOf(user));
  }

  const firstName = checkName('firstName', draft.firstName);
  const lastName = checkName('lastName', draft.lastName);
  const bio = checkBio(draft.bio);
  const website = checkWebsite(draft.link);
  const linkShown = draft.linkTouched || draft.attempted;
  // In form order: the first refused field takes focus on 'Save'.
  const errors: [name: keyof Draft, message: string | null][] = [
    ['firstName', firstName.message],
    ['lastName', lastName.message],
    ['bio', bio.message],
    ['link', website.message],
  ];

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || upload !== null) return;
    setDraft((current) => ({ ...current, attempted: true }));
    const refused = errors.find(([, message]) => message !== null);
    if (refused !== undefined) {
      formRef.current?.querySelector<HTMLElement>(`[name="${refused[0]}"]`)?.focus();
      return;
    }
    const changes: UserData = {};
    for (const field of ['firstName', 'lastName'] as const) {
      if (draft[field].trim() !== user[field]) changes[field] = draft[field].trim();
    }
    if (draft.bio !== user.bio) changes.bio = draft.bio;
    if (website.link !== user.link) changes.link = website.link;
    if (Object.keys(changes).length === 0 && newAvatar === null) onClose();
    else onSave(changes);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Edit Profile"
      dismissible={!saving}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          {/* 'Save' waits for the avatar's upload (its progress shows over the picture). */}
          <Button type="submit" form={formId} busy={saving} disabled={upload !== null && !saving}>
            Save
          </Button>
        </>
      }
    >
      <Form id={formId} ref={formRef} noValidate onSubmit={submit}>
        <FormMessage message={error} />
        <Picker>
          <AvatarBox $dimmed={upload !== null}>
            <Avatar
              src={newAvatar ?? user.profile}
              alt={`${user.firstName} ${user.lastName}'s profile picture`}
              size="xl"
            />
            {upload?.status === 'uploading' && (
              <UploadProgress label="Uploading avatar" progress={upload.progress} round />
            )}
            {/* Said once as an upload starts; the bar says how far it is to whoever looks. */}
            <span role="status" className="visually-hidden">
              {upload?.status === 'uploading' ? 'Uploading avatar…' : ''}
            </span>
          </AvatarBox>
          <PickerText>
            <PickerButtons>
              <FileInput
                id={fileId}
                ref={fileRef}
                type="file"
                accept={imageTypes.join(',')}
                onChange={onFilePicked(onPickAvatar)}
                disabled={saving}
                aria-describedby={avatarError ? `${fileErrorId} ${fileHintId}` : fileHintId}
                aria-invalid={avatarError ? true : undefined}
              />
              <FilePickLabel htmlFor={fileId} $disabled={saving}>
                <Camera aria-hidden="true" />
                Change avatar
              </FilePickLabel>
              {upload !== null && (
                <Button
                  ref={cancelRef}
                  variant="ghost"
                  size="sm"
                  icon={<X aria-hidden="true" />}
                  onClick={() => {
                    onCancelUpload();
                    // The button goes with the upload: the focus goes to picking another.
                    fileRef.current?.focus();
                  }}
                >
                  Cancel upload
                </Button>
              )}
              {upload?.status === 'failed' && upload.canRetry && (
                <RetryUploadButton onRetry={onRetryUpload} focusAfter={cancelRef} />
              )}
            </PickerButtons>
            <Hint id={fileHintId}>{imageHint}</Hint>
            {avatarError ? (
              <ErrorText id={fileErrorId} role="alert">
                {avatarError}
              </ErrorText>
            ) : null}
          </PickerText>
        </Picker>
        <Names>
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            counter={firstName}
            error={firstName.message ?? undefined}
            value={draft.firstName}
            onChange={(event) => {
              const firstName = event.target.value;
              setDraft((current) => ({ ...current, firstName }));
            }}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            counter={lastName}
            error={lastName.message ?? undefined}
            value={draft.lastName}
            onChange={(event) => {
              const lastName = event.target.value;
              setDraft((current) => ({ ...current, lastName }));
            }}
          />
        </Names>
        <TextArea
          label="Bio"
          name="bio"
          rows={3}
          placeholder="Write something interesting..."
          counter={bio}
          error={bio.message ?? undefined}
          value={draft.bio}
          onChange={(event) => {
            const bio = event.target.value;
            setDraft((current) => ({ ...current, bio }));
          }}
        />
        <TextField
          label="Website"
          name="link"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="Portfolio URL"
          error={linkShown ? (website.message ?? undefined) : undefined}
          value={draft.link}
          onChange={(event) => {
            const link = event.target.value;
            setDraft((current) => ({ ...current, link }));
          }}
          // Leaving the field shows the address as it will be kept ('https://' added).
          onBlur={() =>
            setDraft((current) => ({
              ...current,
              link: website.message === null ? website.link : current.link,
              linkTouched: true,
            }))
          }
        />
      </Form>
    </Dialog>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

/** First and last name side by side where there is room, one above the other on a phone. */
const Names = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const Picker = styled.div`
  ${centredRow}
  gap: ${({ theme }) => theme.space.md};
`;

const AvatarBox = styled.div<{ $dimmed: boolean }>`
  position: relative;
  flex: none;

  img,
  svg {
    opacity: ${({ $dimmed }) => ($dimmed ? 0.55 : 1)};
  }
`;

const PickerButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

const PickerText = styled.div`
  ${shrinkableColumn}
  gap: ${({ theme }) => theme.space.xxs};
`;

/**
 * The real file input: out of sight but focusable; its label, right after it, is the visible
 * button (and shows its focus).
 */
const FileInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
  overflow: hidden;
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
