import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import styled from 'styled-components';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { PERSON_MESSAGES, SIGNUP_HINTS } from '../../src/api/rules';
import { Button } from '../../src/components/ui/Button';
import { toast, Toasts } from '../../src/components/ui';
import type {
  ChangePasswordDialogProps,
  PasswordChange,
  PasswordChangeRefusal,
} from '../../src/components/user/ChangePasswordDialog';
import { ChangePasswordDialog } from '../../src/components/user/ChangePasswordDialog';
import { changePasswordErrors, WRONG_CURRENT_PASSWORD } from '../../src/machines';
import { guestUser } from '../fixtures-user';

/** What the server says when the change went through. */
const CHANGED = 'Password changed. Every other session was logged out.';

/**
 * Owns `open` and the refusal the way the profile page does (through the change-password
 * machine): 'Change password' opens it; a refusal in args stands for the server's answer to each
 * send, shown from then on until a field it concerns changes; without one, a send is the
 * server's yes: the dialog closes and a toast says so.
 */
function StatefulDialog(props: ChangePasswordDialogProps) {
  const [open, setOpen] = useState(props.open);
  const [refusal, setRefusal] = useState<PasswordChangeRefusal | null>(null);
  return (
    <Stage>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Change password
      </Button>
      <ChangePasswordDialog
        {...props}
        open={open}
        refusal={refusal}
        onFieldChange={(field) => {
          if (refusal !== null && (refusal.field === null || refusal.field === field)) {
            setRefusal(null);
          }
          props.onFieldChange?.(field);
        }}
        onSubmit={(fields: PasswordChange) => {
          props.onSubmit(fields);
          if (props.submitting) return;
          if (props.refusal) {
            setRefusal(props.refusal);
            return;
          }
          setOpen(false);
          toast.success(CHANGED);
        }}
        onClose={() => {
          setOpen(false);
          props.onClose();
        }}
      />
      <Toasts autoClose={false} />
    </Stage>
  );
}

const Stage = styled.div`
  min-height: 100vh;
  padding: ${({ theme }) => theme.space.lg};
`;

const meta = {
  title: 'User/ChangePasswordDialog',
  component: ChangePasswordDialog,
  render: (args) => <StatefulDialog {...args} />,
  args: {
    open: true,
    username: guestUser.username,
    check: changePasswordErrors,
    newPasswordHint: SIGNUP_HINTS.password,
    refusal: null,
    submitting: false,
    onSubmit: fn(),
    onFieldChange: fn(),
    onClose: fn(),
  },
  // Each story in an iframe of its own on the docs page: several open dialogs in one document
  // would repeat the form's landmark.
  parameters: { docs: { story: inFrame('640px') }, router: false },
  beforeEach: () => {
    toast.dismiss();
  },
} satisfies Meta<typeof ChangePasswordDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The open dialog (it opens in an effect, so wait for it). */
const dialogOf = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('dialog', { name: 'Change password' }));

/** Types the three fields as a person would. */
async function fill(
  dialog: Awaited<ReturnType<typeof dialogOf>>,
  { currentPassword, newPassword, confirmPassword }: PasswordChange,
) {
  if (currentPassword)
    await userEvent.type(dialog.getByLabelText('Current password'), currentPassword);
  if (newPassword) await userEvent.type(dialog.getByLabelText('New password'), newPassword);
  if (confirmPassword) {
    await userEvent.type(dialog.getByLabelText('Confirm new password'), confirmPassword);
  }
}

const GOOD: PasswordChange = {
  currentPassword: 'guest1234',
  newPassword: 'a-new-secret',
  confirmPassword: 'a-new-secret',
};

/**
 * Open and empty: what a change does, the three labelled password fields (hidden as typed, each
 * with a show / hide toggle), the new password's limit, focus in the current password.
 */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(within(canvasElement).getByRole('dialog')).toHaveAccessibleDescription(
      /You stay logged in on this device\. Every other device where you are logged in is logged out\./,
    );
    const current = dialog.getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveFocus());
    await expect(current).toHaveAttribute('type', 'password');
    await expect(current).toHaveAttribute('autocomplete', 'current-password');
    await expect(dialog.getByLabelText('New password')).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
    await expect(dialog.getByLabelText('New password')).toHaveAccessibleDescription(
      SIGNUP_HINTS.password ?? '',
    );
    await expect(dialog.getByLabelText('Confirm new password')).toHaveValue('');
    // Each toggle names its field, so a screen reader tells the three apart.
    for (const name of ['current password', 'new password', 'confirm new password']) {
      await expect(dialog.getByRole('button', { name: `Show ${name}` })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    }
    await expect(dialog.getByRole('button', { name: 'Change password' })).toBeEnabled();
  },
};

/**
 * 'Change password' with nothing typed: every field says what it needs and focus goes to the
 * first. Then a new password too short and a confirmation that differs: the rule's words under
 * each. Nothing is sent.
 */
export const FieldErrors: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    const submit = dialog.getByRole('button', { name: 'Change password' });
    await userEvent.click(submit);
    const current = dialog.getByLabelText('Current password');
    await expect(current).toHaveAccessibleErrorMessage(PERSON_MESSAGES.required.password);
    await expect(dialog.getByLabelText('New password')).toHaveAccessibleErrorMessage(
      PERSON_MESSAGES.passwordTooShort,
    );
    await expect(dialog.getByLabelText('Confirm new password')).toHaveAccessibleErrorMessage(
      PERSON_MESSAGES.required.confirmPassword,
    );
    await waitFor(() => expect(current).toHaveFocus());

    await fill(dialog, {
      currentPassword: 'guest1234',
      newPassword: 'abc',
      confirmPassword: 'abd',
    });
    await userEvent.click(submit);
    await expect(current).not.toHaveAttribute('aria-invalid');
    await expect(dialog.getByLabelText('New password')).toHaveAccessibleErrorMessage(
      PERSON_MESSAGES.passwordTooShort,
    );
    await expect(dialog.getByLabelText('Confirm new password')).toHaveAccessibleErrorMessage(
      PERSON_MESSAGES.passwordsDiffer,
    );
    await waitFor(() => expect(dialog.getByLabelText('New password')).toHaveFocus());
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** While the server decides: the button is busy, presses and Escape do nothing. */
export const Submitting: Story = {
  args: { submitting: true },
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await fill(dialog, GOOD);
    const submit = dialog.getByRole('button', { name: 'Change password' });
    await expect(submit).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(submit);
    await userEvent.keyboard('{Escape}');
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(args.onClose).not.toHaveBeenCalled();
    await expect(within(canvasElement).getByRole('dialog')).toBeVisible();
  },
};

/**
 * The server says the current password is wrong: its words under that field, which is marked and
 * takes focus, and nowhere else (the app shows no toast for it either).
 */
export const RefusedByTheServer: Story = {
  args: { refusal: { message: WRONG_CURRENT_PASSWORD, field: 'currentPassword' } },
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await fill(dialog, { ...GOOD, currentPassword: 'guest12345' });
    await userEvent.click(dialog.getByRole('button', { name: 'Change password' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ ...GOOD, currentPassword: 'guest12345' });
    const current = dialog.getByLabelText('Current password');
    await expect(current).toHaveAccessibleErrorMessage(WRONG_CURRENT_PASSWORD);
    await waitFor(() => expect(current).toHaveFocus());
    // No form-level message: the words are on their field only.
    await expect(dialog.getByRole('alert')).toBeEmptyDOMElement();
  },
};

/** Typing in the refused field takes the server's words away at once. */
export const TypingClearsTheRefusal: Story = {
  args: RefusedByTheServer.args,
  play: async (context) => {
    await RefusedByTheServer.play?.(context);
    const dialog = await dialogOf(context.canvasElement);
    await userEvent.type(dialog.getByLabelText('Current password'), '{Backspace}');
    await expect(context.args.onFieldChange).toHaveBeenLastCalledWith('currentPassword');
    await expect(dialog.getByLabelText('Current password')).not.toHaveAttribute('aria-invalid');
    await expect(dialog.queryByText(WRONG_CURRENT_PASSWORD)).toBeNull();
  },
};

/** A failure that concerns no one field (here, no network): said above the fields, in an alert. */
export const FailedToSend: Story = {
  args: { refusal: { message: 'Failed to fetch', field: null } },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await fill(dialog, GOOD);
    await userEvent.click(dialog.getByRole('button', { name: 'Change password' }));
    await expect(dialog.getByRole('alert')).toHaveTextContent('Failed to fetch');
    await expect(dialog.getByLabelText('Current password')).not.toHaveAttribute('aria-invalid');
  },
};

/**
 * Done: the owner sends the three fields, the dialog closes, focus goes back to 'Change
 * password', and a toast says what the server did.
 */
export const Done: Story = {
  args: { open: false },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const opener = canvas.getByRole('button', { name: 'Change password' });
    opener.focus({ focusVisible: true });
    await userEvent.keyboard('{Enter}');
    const dialog = await dialogOf(canvasElement);
    await waitFor(() => expect(dialog.getByLabelText('Current password')).toHaveFocus());
    await fill(dialog, GOOD);
    // Tab past the confirmation's show / hide toggle and Cancel, then Enter on the button.
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(dialog.getByRole('button', { name: 'Change password' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith(GOOD);
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(opener).toHaveFocus();
    // The toast slides in: visible once its entrance has begun to show it.
    await waitFor(() => expect(canvas.getByText(CHANGED)).toBeVisible());
  },
};

/** Each opening starts empty: nothing typed is kept, no error is left showing. */
export const ReopensEmpty: Story = {
  play: async ({ canvasElement }) => {
    let dialog = await dialogOf(canvasElement);
    await fill(dialog, { ...GOOD, confirmPassword: 'other' });
    await userEvent.click(dialog.getByRole('button', { name: 'Change password' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Change password' }));
    dialog = await dialogOf(canvasElement);
    await expect(dialog.getByLabelText('Current password')).toHaveValue('');
    await expect(dialog.getByLabelText('Confirm new password')).not.toHaveAttribute('aria-invalid');
  },
};

export const Phone: Story = { ...phoneStory, play: Empty.play };

export const PhoneFieldErrors: Story = { ...phoneStory, play: FieldErrors.play };

export const PhoneRefusedByTheServer: Story = {
  ...phoneStory,
  args: RefusedByTheServer.args,
  play: RefusedByTheServer.play,
};

/** The dark theme, as a person who chose Dark sees the refusal. */
export const DarkRefusedByTheServer: Story = {
  args: RefusedByTheServer.args,
  globals: { theme: 'dark' },
  play: RefusedByTheServer.play,
};

export const DarkPhoneFieldErrors: Story = {
  ...phoneStory,
  globals: { ...phoneStory.globals, theme: 'dark' },
  play: FieldErrors.play,
};
