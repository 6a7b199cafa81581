import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import styled from 'styled-components';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { phoneStory } from '../../.storybook/viewports';
import {
  checkMediaFile,
  MEDIA_HINT,
  MEDIA_MESSAGES,
  MEDIA_RULE,
  MEDIA_TYPES,
} from '../../src/api/media';
import type { UserData } from '../../src/api/types';
import type { EditProfileDialogProps } from '../../src/components/user/EditProfileDialog';
import { EditProfileDialog } from '../../src/components/user/EditProfileDialog';
import type { ImageUploadState } from '../../src/components/ui/UploadProgress';
import {
  checkBioField,
  checkNameField,
  checkWebsiteField,
  PERSON_MESSAGES,
  TEXT_RULES,
} from '../../src/api/rules';
import { Button } from '../../src/components/ui/Button';
import { lightTheme } from '../../src/components/ui/theme';
import { guestUser } from '../fixtures-user';
import { pngFile, svgUrl } from '../imageFiles';

/** A small drawing of a person: the picture a person picks, as the dialog shows it. */
const drawing = svgUrl(
  `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" fill="${lightTheme.colors.success}"/>` +
    `<circle cx="48" cy="40" r="18" fill="${lightTheme.colors.surface}"/>` +
    `<path d="M14 96c4-22 18-32 34-32s30 10 34 32z" fill="${lightTheme.colors.surface}"/></svg>`,
);

/** The drawing as a person's file: a PNG twice the size the avatar shows it. */
const pickedPicture = () => pngFile(drawing, { width: 192, height: 192 }, 'me.png');

/**
 * Owns `open`, the saved user and the picked avatar, the way the profile machine does: a picked
 * file is checked by its label and size as the machine checks it, then shown at once. Its upload
 * is done at once (a quick network), unless the story starts with one under way or failed: then a
 * retry keeps it going (the machine's tests and the journeys carry an upload through).
 */
function StatefulDialog(props: EditProfileDialogProps) {
  const [open, setOpen] = useState(props.open);
  const [user, setUser] = useState(props.user);
  const [newAvatar, setNewAvatar] = useState(props.newAvatar ?? null);
  const [upload, setUpload] = useState<ImageUploadState | null>(props.upload ?? null);
  const [avatarError, setAvatarError] = useState(props.avatarError ?? null);
  const close = () => {
    setOpen(false);
    setNewAvatar(null);
    setUpload(null);
    setAvatarError(null);
  };
  return (
    <Stage>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Edit Profile
      </Button>
      <EditProfileDialog
        {...props}
        open={open}
        user={user}
        newAvatar={newAvatar}
        upload={upload}
        avatarError={avatarError}
        onPickAvatar={(file) => {
          props.onPickAvatar(file);
          const problem = checkMediaFile(file);
          setAvatarError(problem === null ? null : MEDIA_MESSAGES[problem]);
          if (problem !== null) return;
          setNewAvatar(URL.createObjectURL(file));
          setUpload(null);
        }}
        onCancelUpload={() => {
          props.onCancelUpload();
          setNewAvatar(null);
          setUpload(null);
          setAvatarError(null);
        }}
        onRetryUpload={() => {
          props.onRetryUpload();
          setAvatarError(null);
          setUpload({ status: 'uploading', progress: null });
        }}
        onClose={() => {
          close();
          props.onClose();
        }}
        onSave={(userData: UserData) => {
          props.onSave(userData);
          if (!props.saving && !props.error) {
            setUser((current) => ({ ...current, ...userData }));
            close();
          }
        }}
      />
    </Stage>
  );
}

const Stage = styled.div`
  min-height: 100vh;
  padding: ${({ theme }) => theme.space.lg};
`;

const meta = {
  title: 'User/EditProfileDialog',
  component: EditProfileDialog,
  render: (args) => <StatefulDialog {...args} />,
  args: {
    open: true,
    user: guestUser,
    saving: false,
    error: null,
    onSave: fn(),
    onClose: fn(),
    checkName: checkNameField,
    checkBio: checkBioField,
    checkWebsite: checkWebsiteField,
    imageTypes: MEDIA_TYPES,
    imageHint: MEDIA_HINT,
    onPickAvatar: fn(),
    onCancelUpload: fn(),
    onRetryUpload: fn(),
  },
  parameters: { router: false },
} satisfies Meta<typeof EditProfileDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The open dialog (it opens in an effect, so wait for it). */
const dialogOf = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('dialog', { name: 'Edit Profile' }));

/**
 * Open with the saved values: the display name too. The bio's placeholder asks about the person
 * (not the post box's 'Write something interesting...'); the website's is the spec's.
 */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(dialog.getByLabelText('First name')).toHaveValue(guestUser.firstName);
    await expect(dialog.getByLabelText('Last name')).toHaveValue(guestUser.lastName);
    await expect(dialog.getByLabelText('Bio')).toHaveValue(guestUser.bio);
    await expect(dialog.getByLabelText('Bio')).toHaveAttribute(
      'placeholder',
      'Write something interesting...',
    );
    await expect(dialog.getByLabelText('Website')).toHaveValue(guestUser.link);
    await expect(dialog.getByLabelText('Website')).toHaveAttribute('placeholder', 'Portfolio URL');
    await expect(dialog.getByLabelText('Change avatar')).toHaveAttribute(
      'accept',
      MEDIA_TYPES.join(','),
    );
    await expect(dialog.getByLabelText('Change avatar')).toHaveAccessibleDescription(MEDIA_HINT);
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeVisible();
  },
};

/** Empty bio and website: the placeholders show. */
export const EmptyFields: Story = {
  args: { user: { ...guestUser, bio: '', link: '', profile: '' } },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(dialog.getByLabelText('Bio')).toHaveValue('');
    await expect(dialog.getByText('0/160')).toBeVisible();
  },
};

/** Keyboard: Enter on 'Edit Profile' opens it, Escape closes it and focus goes back. */
export const KeyboardOpenAndEscape: Story = {
  args: { open: false },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const opener = canvas.getByRole('button', { name: 'Edit Profile' });
    opener.focus({ focusVisible: true });
    await userEvent.keyboard('{Enter}');
    const dialog = await canvas.findByRole('dialog', { name: 'Edit Profile' });
    await waitFor(() => expect(within(dialog).getByLabelText('Change avatar')).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledOnce();
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(opener).toHaveFocus();
  },
};

/**
 * Pick a picture, change the bio, Save: the picture shows at once from the file (the owner
 * uploads it and saves its link); only the changed fields go to the owner.
 */
export const ChangeAndSave: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    const file = await pickedPicture();
    await userEvent.upload(dialog.getByLabelText('Change avatar'), file);
    await expect(args.onPickAvatar).toHaveBeenCalledWith(file);
    const preview = dialog.getByRole('img', { name: "Guest User's profile picture" });
    await waitFor(() => expect(preview.getAttribute('src')).toMatch(/^blob:/));
    const bio = dialog.getByLabelText('Bio');
    await userEvent.clear(bio);
    await userEvent.type(bio, 'Trying every button in Murmur.');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).toHaveBeenCalledOnce();
    await expect(args.onSave).toHaveBeenCalledWith({ bio: 'Trying every button in Murmur.' });
  },
};

/** Only a new picture: Save saves (it does not just close), with no field changed. */
export const ChangeAvatarOnly: Story = {
  args: { newAvatar: drawing },
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).toHaveBeenCalledOnce();
    await expect(args.onSave).toHaveBeenCalledWith({});
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/**
 * On its way: the picture dimmed with a bar and its percent, announced once; 'Save' waits;
 * 'Cancel upload' goes back to the saved picture and puts the focus on picking another.
 */
export const AvatarUploading: Story = {
  args: {
    newAvatar: drawing,
    user: { ...guestUser, profile: '' },
    upload: { status: 'uploading', progress: 0.6 },
  },
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    const bar = dialog.getByRole('progressbar', { name: 'Uploading avatar' });
    await expect(bar).toHaveAttribute('value', '60');
    await expect(dialog.getByText('60%')).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveTextContent('Uploading avatar…');
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await userEvent.type(dialog.getByLabelText('Bio'), '!{Enter}');
    await expect(args.onSave).not.toHaveBeenCalled();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel upload' }));
    await expect(args.onCancelUpload).toHaveBeenCalledOnce();
    await expect(dialog.getByLabelText('Change avatar')).toHaveFocus();
    await expect(dialog.queryByRole('progressbar')).toBeNull();
    await expect(save).toBeEnabled();
  },
};

export const AvatarUploadingPhone: Story = {
  ...phoneStory,
  args: AvatarUploading.args,
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(dialog.getByRole('progressbar', { name: 'Uploading avatar' })).toHaveAttribute(
      'value',
      '60',
    );
    await expect(dialog.getByRole('button', { name: 'Cancel upload' })).toBeVisible();
  },
};

/** The network failed on the way: why, and 'Retry upload' sends the same file again. */
export const AvatarUploadFailed: Story = {
  args: {
    newAvatar: drawing,
    upload: { status: 'failed', canRetry: true },
    avatarError: 'Network error. Please check your connection and try again.',
  },
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(dialog.getByText(/^Network error\./)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(dialog.getByRole('button', { name: 'Retry upload' }));
    await expect(args.onRetryUpload).toHaveBeenCalledOnce();
    // 'Retry upload' goes while it uploads again: the focus waits by the picture.
    await expect(dialog.getByRole('button', { name: 'Cancel upload' })).toHaveFocus();
    await expect(dialog.getByRole('progressbar', { name: 'Uploading avatar' })).toBeVisible();
  },
};

/**
 * The server read the file and refused it: the file goes, its words are said under the button,
 * and the avatar there was before stays; nothing to retry (the same bytes would fail) or cancel.
 */
export const AvatarUploadRefused: Story = {
  args: {
    avatarError: MEDIA_MESSAGES.unreadable,
  },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(dialog.getByText(MEDIA_MESSAGES.unreadable)).toBeVisible();
    await expect(dialog.queryByRole('button', { name: 'Retry upload' })).toBeNull();
    await expect(dialog.queryByRole('button', { name: 'Cancel upload' })).toBeNull();
    await expect(dialog.getByLabelText('Change avatar')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const AvatarUploadFailedPhone: Story = {
  ...phoneStory,
  args: AvatarUploadFailed.args,
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(dialog.getByRole('button', { name: 'Retry upload' })).toBeVisible();
  },
};

/** The display name changes within its limits: only the names go to the owner, trimmed. */
export const ChangeName: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    const first = dialog.getByLabelText('First name');
    await userEvent.clear(first);
    await userEvent.type(first, '  Ada ');
    await expect(dialog.getByText('3/40')).toBeVisible();
    const last = dialog.getByLabelText('Last name');
    await userEvent.clear(last);
    await userEvent.type(last, 'Lovelace');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).toHaveBeenCalledOnce();
    await expect(args.onSave).toHaveBeenCalledWith({
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  },
};

/**
 * A name left empty or over 40 characters: said under its field in plain words, focus goes
 * there, nothing is sent.
 */
export const NameRefused: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    const first = dialog.getByLabelText('First name');
    await userEvent.clear(first);
    await expect(dialog.getByText(PERSON_MESSAGES.required.firstName)).toBeVisible();
    await expect(first).toHaveAttribute('aria-invalid', 'true');
    const last = dialog.getByLabelText('Last name');
    await userEvent.type(last, 'x'.repeat(TEXT_RULES.name.max));
    await expect(dialog.getByText('Last name can be at most 40 characters.')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(first).toHaveFocus();
  },
};

export const NameRefusedPhone: Story = { ...phoneStory, play: NameRefused.play };

/**
 * A website typed without a scheme is completed: leaving the field shows it with https://, and
 * that is what is saved.
 */
export const WebsiteWithoutScheme: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    const website = dialog.getByLabelText('Website');
    await userEvent.clear(website);
    await userEvent.type(website, 'guest.example.org/work');
    await userEvent.tab();
    await expect(website).toHaveValue('https://guest.example.org/work');
    await expect(dialog.queryByText(PERSON_MESSAGES.website)).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).toHaveBeenCalledOnce();
    await expect(args.onSave).toHaveBeenCalledWith({
      link: 'https://guest.example.org/work',
    });
  },
};

export const WebsiteWithoutSchemePhone: Story = {
  ...phoneStory,
  play: WebsiteWithoutScheme.play,
};

/** Nothing changed: Save just closes. */
export const SaveUnchanged: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

/**
 * A file that is not a picture (an SVG can carry script), then one over 10 MB: refused before a
 * byte is sent, in the server's words, under the button; the picture stays as it was. (A file
 * whose label lies is sent, and the server refuses it once it reads the bytes.)
 */
export const InvalidFile: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    const preview = dialog.getByRole('img', { name: "Guest User's profile picture" });
    const before = preview.getAttribute('src');
    const picker = userEvent.setup({ applyAccept: false });
    const input = dialog.getByLabelText('Change avatar');
    await picker.upload(
      input,
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'me.svg', { type: 'image/svg+xml' }),
    );
    await expect(await dialog.findByText(MEDIA_MESSAGES.notImage)).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(`${MEDIA_MESSAGES.notImage} ${MEDIA_HINT}`);
    await expect(preview.getAttribute('src')).toBe(before);
    await picker.upload(
      input,
      new File([new Uint8Array(MEDIA_RULE.maxBytes + 1)], 'huge.png', { type: 'image/png' }),
    );
    await expect(await dialog.findByText(MEDIA_MESSAGES.tooLarge)).toBeVisible();
    await expect(preview.getAttribute('src')).toBe(before);

    // Each opening starts without an error.
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Edit Profile' }));
    const again = await dialogOf(canvasElement);
    await expect(again.queryByText(MEDIA_MESSAGES.tooLarge)).toBeNull();
  },
};

/** A website that is not an http(s) URL: the error shows when the field is left; no save. */
export const BadUrl: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    const website = dialog.getByLabelText('Website');
    await userEvent.clear(website);
    await userEvent.type(website, 'ftp://files.example.com');
    await expect(dialog.queryByText(PERSON_MESSAGES.website)).toBeNull();
    await userEvent.tab();
    await expect(dialog.getByText(PERSON_MESSAGES.website)).toBeVisible();
    await expect(website).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(website).toHaveFocus();
  },
};

/** Over 160 characters: the counter turns red, the error shows, Save does not send. */
export const BioOverLimit: Story = {
  args: {
    user: {
      ...guestUser,
      bio: 'I post about coffee, long walks, tiny gardens and the small joys of a quiet morning. '.repeat(
        2,
      ),
    },
  },
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(
      dialog.getByText(`Bio can be at most ${TEXT_RULES.bio.max} characters.`),
    ).toBeVisible();
    await expect(dialog.getByText('169/160')).toBeVisible();
    await expect(dialog.getByLabelText('Bio')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** Saving: 'Save' is busy and ignores presses; Escape does not close. */
export const Saving: Story = {
  args: { saving: true },
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save).toHaveAttribute('aria-busy', 'true');
    await userEvent.type(dialog.getByLabelText('Bio'), '!');
    await userEvent.click(save);
    await expect(args.onSave).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).not.toHaveBeenCalled();
    await expect(within(canvasElement).getByRole('dialog')).toBeVisible();
  },
};

/** The server refused: its message shows above the fields, the draft stays. */
export const ServerError: Story = {
  args: { error: 'The token is invalid. Unauthorized access error.' },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(dialog.getByRole('alert')).toHaveTextContent(
      'The token is invalid. Unauthorized access error.',
    );
  },
};

export const Phone: Story = { ...phoneStory, play: Open.play };

export const PhoneWithErrors: Story = {
  ...phoneStory,
  args: { ...BioOverLimit.args, error: 'The token is invalid. Unauthorized access error.' },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    const website = dialog.getByLabelText('Website');
    await userEvent.clear(website);
    await userEvent.type(website, 'my portfolio');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(dialog.getByText(PERSON_MESSAGES.website)).toBeVisible();
    await expect(dialog.getByLabelText('Bio')).toHaveFocus();
  },
};
