import { PLAIN_REFUSALS } from '../../src/api/refusals';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { checkSignup, SIGNUP_HINTS } from '../../src/api/rules';
import type { SignupField, SignupFields } from '../../src/api/rules';
import type { SignupScreenProps } from '../../src/components/screens/SignupScreen';
import { EMPTY_SIGNUP, SignupScreen } from '../../src/components/screens/SignupScreen';

/**
 * Owns the values the way the sign-up page does, and judges them by the real sign-up rule, so
 * the field errors are the ones the app shows. `fieldErrors` in args stand for a server refusal
 * placed on its field: like the auth machine, the owner drops one once its field changes.
 */
function StatefulSignup(props: SignupScreenProps) {
  const [values, setValues] = useState<SignupFields>(props.values);
  const [refused, setRefused] = useState(props.fieldErrors);
  const forget = (field: SignupField) =>
    setRefused((current) => ({ ...current, [field]: undefined }));
  return (
    <SignupScreen
      {...props}
      values={values}
      fieldErrors={{ ...refused, ...checkSignup(values).fieldErrors }}
      onChange={(field, value) => {
        setValues((current) => ({ ...current, [field]: value }));
        forget(field);
        props.onChange(field, value);
      }}
    />
  );
}

/** What the form says under Username when the server answers 422 (api/refusals.ts). */
const USERNAME_TAKEN = PLAIN_REFUSALS.usernameTaken;

const filled: SignupFields = {
  firstName: 'Grace',
  lastName: 'Hopper',
  username: 'gracehopper',
  password: 'cobol1959',
  confirmPassword: 'cobol1959',
};

const meta = {
  title: 'Screens/Signup',
  component: SignupScreen,
  render: (args) => <StatefulSignup {...args} />,
  args: {
    values: EMPTY_SIGNUP,
    fieldErrors: {},
    hints: SIGNUP_HINTS,
    onChange: fn(),
    onSubmit: fn(),
    busy: false,
    message: null,
  },
  parameters: { docs: { story: inFrame('800px') }, router: { initialEntries: ['/signup-page'] } },
} satisfies Meta<typeof SignupScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Join Murmur' })).toBeVisible();
    for (const label of ['First name', 'Last name', 'Username']) {
      await expect(canvas.getByLabelText(label)).toHaveValue('');
    }
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await expect(canvas.getByLabelText('Confirm password')).toHaveAttribute('type', 'password');
    await expect(canvas.getByLabelText('Username')).toHaveAccessibleDescription(
      '3–20 letters, digits or _',
    );
    await expect(canvas.getByRole('button', { name: 'Create New Account' })).toBeEnabled();
    await expect(canvas.getByRole('link', { name: 'Already have an account' })).toHaveAttribute(
      'href',
      '/',
    );
  },
};

/** Typing every field, then 'Create New Account': the owner has every value and is asked to send. */
export const Filled: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('First name'), filled.firstName);
    await userEvent.type(canvas.getByLabelText('Last name'), filled.lastName);
    await userEvent.type(canvas.getByLabelText('Username'), filled.username);
    await userEvent.type(canvas.getByLabelText('Password'), filled.password);
    await userEvent.type(canvas.getByLabelText('Confirm password'), filled.confirmPassword);
    await expect(args.onChange).toHaveBeenLastCalledWith('confirmPassword', 'cobol1959');
    await userEvent.click(canvas.getByRole('button', { name: 'Create New Account' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
  },
};

/**
 * Both password fields have their own show / hide toggle, each named after its field ('Show
 * password', 'Show confirm password'), so that a screen reader tells them apart.
 */
export const PasswordsVisible: Story = {
  args: { values: filled },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const password = canvas.getByLabelText('Password');
    const confirm = canvas.getByLabelText('Confirm password');
    const showPassword = canvas.getByRole('button', { name: 'Show password' });
    const showConfirm = canvas.getByRole('button', { name: 'Show confirm password' });
    await expect(showPassword).toHaveAttribute('aria-controls', password.id);
    await expect(showConfirm).toHaveAttribute('aria-controls', confirm.id);
    await userEvent.click(showPassword);
    await expect(password).toHaveAttribute('type', 'text');
    await expect(confirm).toHaveAttribute('type', 'password');
    await userEvent.click(showConfirm);
    await expect(confirm).toHaveAttribute('type', 'text');
    await expect(canvas.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(canvas.getByRole('button', { name: 'Hide confirm password' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};

/**
 * Sent with two fields empty: each is marked with what it needs, focus moves to Last name (the
 * first), and the filled fields are not marked. (The app's toast, 'Please fill the fields', is
 * the auth machine's: see the SignupEmptyIsRefused journey.)
 */
export const FillTheFields: Story = {
  args: { values: { ...filled, lastName: '', confirmPassword: '' } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Create New Account' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    const lastName = canvas.getByLabelText('Last name');
    await expect(lastName).toHaveAttribute('aria-invalid', 'true');
    await expect(lastName).toHaveAccessibleErrorMessage('Enter your last name.');
    await expect(canvas.getByLabelText('Confirm password')).toHaveAccessibleErrorMessage(
      'Enter your password again.',
    );
    await waitFor(() => expect(lastName).toHaveFocus());
    for (const label of ['First name', 'Username', 'Password']) {
      await expect(canvas.getByLabelText(label)).not.toHaveAttribute('aria-invalid');
    }
    await expect(canvas.getByRole('alert')).toBeEmptyDOMElement();
  },
};

/** A confirmation that differs is marked on Confirm password, which takes focus. */
export const PasswordsDoNotMatch: Story = {
  args: { values: { ...filled, confirmPassword: 'cobol1960' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const confirm = canvas.getByLabelText('Confirm password');
    await userEvent.click(canvas.getByRole('button', { name: 'Create New Account' }));
    await expect(confirm).toHaveAccessibleErrorMessage('Enter the same password twice.');
    await expect(canvas.getByText('Enter the same password twice.')).toBeVisible();
    await waitFor(() => expect(confirm).toHaveFocus());
    await expect(canvas.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  },
};

/**
 * The server refused the username (taken): the owner places its words on Username
 * (api/refusals.ts). After sending, Username is marked with them and takes focus.
 */
export const UsernameTaken: Story = {
  args: {
    values: { ...filled, username: 'guest' },
    fieldErrors: { username: USERNAME_TAKEN },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const username = canvas.getByLabelText('Username');
    await userEvent.click(canvas.getByRole('button', { name: 'Create New Account' }));
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(username).toHaveAccessibleErrorMessage(USERNAME_TAKEN);
    // The hint stays beside the error.
    await expect(username).toHaveAccessibleDescription(
      `${USERNAME_TAKEN} 3–20 letters, digits or _`,
    );
    await waitFor(() => expect(username).toHaveFocus());
    await expect(canvas.getByRole('alert')).toBeEmptyDOMElement();
  },
};

/**
 * Six spaces, twice, are a six-character password (never trimmed, and at least 6 is the only
 * rule): nothing is marked and the owner is asked to create the account.
 */
export const PasswordOfSpaces: Story = {
  args: { values: { ...filled, password: '      ', confirmPassword: '      ' } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Create New Account' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(canvas.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    await expect(canvas.getByLabelText('Confirm password')).not.toHaveAttribute('aria-invalid');
  },
};

/**
 * The limits: a too-short username shows its rule when the field is left; sending with a bad
 * field shows every error, the owner refuses it (the machine), and focus goes to the first field
 * to fix.
 */
export const LimitMessages: Story = {
  args: {
    values: {
      firstName: 'G'.repeat(41),
      lastName: 'Hopper',
      username: '',
      password: '',
      confirmPassword: '',
    },
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Username'), 'gh');
    await userEvent.tab();
    await expect(canvas.getByLabelText('Username')).toHaveAccessibleDescription(
      /Username must be 3–20 characters long\./,
    );
    await userEvent.type(canvas.getByLabelText('Password'), 'abc');
    await userEvent.type(canvas.getByLabelText('Confirm password'), 'abc');
    await userEvent.click(canvas.getByRole('button', { name: 'Create New Account' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await waitFor(() => expect(canvas.getByLabelText('First name')).toHaveFocus());
    await expect(canvas.getByText('First name can be at most 40 characters.')).toBeVisible();
    await expect(canvas.getByText('Password must be at least 6 characters long.')).toBeVisible();
  },
};

/** Letters, digits and _ only. */
export const UsernameFormat: Story = {
  args: { values: { ...filled, username: 'grace hopper!' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByLabelText('Username'));
    await userEvent.tab();
    await expect(canvas.getByText('Username can only use letters, digits and _.')).toBeVisible();
    await expect(canvas.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const CreatingAccount: Story = {
  args: { values: filled, busy: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Create New Account' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const PhoneEmpty: Story = {
  ...phoneStory,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Create New Account' })).toBeVisible();
  },
};

/**
 * At phone size, sent empty: all five fields marked, focus on First name; typing in it takes
 * its message away while the others keep theirs.
 */
export const PhoneWithMessage: Story = {
  ...phoneStory,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Create New Account' }));
    const firstName = canvas.getByLabelText('First name');
    await waitFor(() => expect(firstName).toHaveFocus());
    for (const [label, message] of [
      ['First name', 'Enter your first name.'],
      ['Last name', 'Enter your last name.'],
      ['Username', 'Enter your username.'],
      ['Password', 'Enter your password.'],
      ['Confirm password', 'Enter your password again.'],
    ] as const) {
      await expect(canvas.getByLabelText(label)).toHaveAccessibleErrorMessage(message);
    }
    await userEvent.type(firstName, 'Grace');
    await expect(firstName).not.toHaveAttribute('aria-invalid');
    await expect(canvas.queryByText('Enter your first name.')).toBeNull();
    await expect(canvas.getByLabelText('Last name')).toHaveAttribute('aria-invalid', 'true');
  },
};

/** At phone size: the taken username marked, and gone once the username is edited. */
export const PhoneUsernameTaken: Story = {
  ...phoneStory,
  args: UsernameTaken.args,
  play: async (context) => {
    await UsernameTaken.play?.(context);
    const canvas = within(context.canvasElement);
    const username = canvas.getByLabelText('Username');
    await userEvent.type(username, '_grace');
    await expect(username).not.toHaveAttribute('aria-invalid');
    await expect(canvas.queryByText(USERNAME_TAKEN)).toBeNull();
    // Leaving it brings no message back: the refusal was about the old name.
    await userEvent.tab();
    await expect(username).not.toHaveAttribute('aria-invalid');
  },
};
