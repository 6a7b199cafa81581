import { Camera } from 'lucide-react';
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
import { useImagePicker } from '../ui/useImagePicker';
import type { ImageFileCheck } from '../ui/useImagePicker';

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
   * 'Save' with only the changed fields (profile as a data URL, bio, link trimmed). Not called
   * when nothing changed (the dialog just closes) or while a field is invalid.
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
  /** The image rule in a person's words: a message when a picked file is refused, else null. */
  checkImage: ImageFileCheck;
  /** The image rule as stated beside the avatar button. */
  imageHint: string;
}

type NameField = 'firstName' | 'lastName';

interface Draft {
  firstName: string;
  lastName: string;
  profile: string;
  bio: string;
  link: string;
  linkTouched: boolean;
  attempted: boolean;
}

function draftOf(user: EditProfileDialogProps['user']): Draft {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    profile: user.profile,
    bio: user.bio,
    link: user.link,
    linkTouched: false,
    attempted: false,
  };
}

/**
 * The edit-profile dialog: pick an avatar (checked by `checkImage`, read as a data URL and
 * previewed), first and last name (counters up to 40, as at sign-up), bio (about the person,
 * counter up to 160) and website ('Portfolio URL', http(s); an address typed without a scheme is
 * shown and kept with `https://` once the field is left), then 'Save'. The draft is the dialog's
 * own form state.
 */
export function EditProfileDialog({
  open,
  user,
  saving = false,
  error,
  onSave,
  onClose,
  checkName,
  checkBio,
  checkWebsite,
  checkImage,
  imageHint,
}: EditProfileDialogProps) {
  const formId = useId();
  const fileId = useId();
  const fileHintId = useId();
  const fileErrorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(user));
  const picker = useImagePicker({
    check: checkImage,
    onImage: (profile) => setDraft((current) => ({ ...current, profile })),
  });
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // Every opening starts again from the saved profile.
    setWasOpen(open);
    if (open) {
      setDraft(draftOf(user));
      picker.clearError();
    }
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
    if (saving) return;
    setDraft((current) => ({ ...current, attempted: true }));
    const refused = errors.find(([, message]) => message !== null);
    if (refused !== undefined) {
      formRef.current?.querySelector<HTMLElement>(`[name="${refused[0]}"]`)?.focus();
      return;
    }
    const changes: UserData = {};
    if (draft.profile !== user.profile) changes.profile = draft.profile;
    for (const field of ['firstName', 'lastName'] as const) {
      if (draft[field].trim() !== user[field]) changes[field] = draft[field].trim();
    }
    if (draft.bio !== user.bio) changes.bio = draft.bio;
    if (website.link !== user.link) changes.link = website.link;
    if (Object.keys(changes).length === 0) onClose();
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
          <Button type="submit" form={formId} busy={saving}>
            Save
          </Button>
        </>
      }
    >
      <Form id={formId} ref={formRef} noValidate onSubmit={submit}>
        <FormMessage message={error} />
        <Picker>
          <Avatar
            src={draft.profile}
            alt={`${user.firstName} ${user.lastName}'s profile picture`}
            size="xl"
          />
          <PickerText>
            <FileInput
              id={fileId}
              {...picker.input}
              aria-describedby={picker.error ? `${fileErrorId} ${fileHintId}` : fileHintId}
              aria-invalid={picker.error ? true : undefined}
            />
            <FilePickLabel htmlFor={fileId}>
              <Camera aria-hidden="true" />
              Change avatar
            </FilePickLabel>
            <Hint id={fileHintId}>{imageHint}</Hint>
            {picker.error ? (
              <ErrorText id={fileErrorId} role="alert">
                {picker.error}
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
          placeholder="A few words about you"
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

const PickerText = styled.div`
  ${shrinkableColumn}
  gap: ${({ theme }) => theme.space.xxs};
`;

/** The real file input: out of sight but focusable; its label is the visible button. */
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
