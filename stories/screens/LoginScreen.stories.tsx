import { PLAIN_REFUSALS } from '../../src/api/refusals';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { checkLogin, type LoginField } from '../../src/api/rules';
import { GUEST_CREDENTIALS } from '../../src/api/types';
import type { LoginScreenProps } from '../../src/components/screens/LoginScreen';
import { LoginScreen } from '../../src/components/screens/LoginScreen';

/**
 * Owns the values the way the login page does, so typing and the guest button work, and judges
 * them by the real login rule. `fieldErrors` in args stand for a server refusal placed on its
 * field: like the auth machine, the owner drops one once its field changes.
 */
function StatefulLogin(props: LoginScreenProps) {
  const [username, setUsername] = useState(props.username);
  const [password, setPassword] = useState(props.password);
  const [refused, setRefused] = useState(props.fieldErrors ?? {});
  const { onFillGuest } = props;
  const forget = (...fields: LoginField[]) =>
    setRefused((current) => ({
      ...current,
      ...Object.fromEntries(fields.map((field) => [field, undefined])),
    }));
  return (
    <LoginScreen
      {...props}
      username={username}
      password={password}
      fieldErrors={{ ...refused, ...checkLogin({ username, password }).fieldErrors }}
      onUsernameChange={(value) => {
        setUsername(value);
        forget('username');
        props.onUsernameChange(value);
      }}
      onPasswordChange={(value) => {
        setPassword(value);
        forget('password');
        props.onPasswordChange(value);
      }}
      onFillGuest={
        onFillGuest &&
        (() => {
          setUsername(GUEST_CREDENTIALS.username);
          setPassword(GUEST_CREDENTIALS.password);
          forget('username', 'password');
          onFillGuest();
        })
      }
    />
  );
}

/** What the form says under Password when the server answers 401 (api/refusals.ts). */
const INVALID_CREDENTIALS = PLAIN_REFUSALS.invalidCredentials;

/** Login with both fields empty: both say what they need, and Username, the first, has focus. */
async function sendEmptyAndSeeBothMarked(canvasElement: HTMLElement, onSubmit: unknown) {
  const canvas = within(canvasElement);
  const username = canvas.getByLabelText('Username');
  const password = canvas.getByLabelText('Password');
  await expect(username).not.toHaveAttribute('aria-invalid');
  await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
  // The owner (the auth machine) is still asked: it gives the spec's warning toast.
  await expect(onSubmit).toHaveBeenCalledWith({ username: '', password: '' });
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(username).toHaveAccessibleErrorMessage('Enter your username.');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription('Enter your password.');
  await expect(canvas.getByText('Enter your password.')).toBeVisible();
  await waitFor(() => expect(username).toHaveFocus());
}

/** Typing in a marked field takes its message away at once; the other field keeps its own. */
async function typingClearsTheMessage(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText('Username'), 'guest');
  await expect(canvas.getByLabelText('Username')).not.toHaveAttribute('aria-invalid');
  await expect(canvas.queryByText('Enter your username.')).toBeNull();
  await expect(canvas.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
}

const meta = {
  title: 'Screens/Login',
  component: LoginScreen,
  render: (args) => <StatefulLogin {...args} />,
  args: {
    username: '',
    password: '',
    onUsernameChange: fn(),
    onPasswordChange: fn(),
    onFillGuest: fn(),
    onSubmit: fn(),
    busy: false,
    message: null,
  },
  parameters: { docs: { story: inFrame('800px') }, router: { initialEntries: ['/'] } },
} satisfies Meta<typeof LoginScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The page as a visitor first meets it: labelled fields, both buttons, the sign-up link. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Log in to Murmur' })).toBeVisible();
    await expect(canvas.getByRole('img', { name: /speech bubbles/i })).toBeVisible();
    await expect(canvas.getByLabelText('Username')).toHaveValue('');
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await expect(canvas.getByRole('button', { name: 'Login' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Add Guest Credentials' })).toBeEnabled();
    await expect(canvas.getByRole('link', { name: 'Create New Account' })).toHaveAttribute(
      'href',
      '/signup-page',
    );
  },
};

/** Typing, then Login: the owner receives exactly what was typed. */
export const TypeAndLogin: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Username'), 'ada');
    await userEvent.type(canvas.getByLabelText('Password'), 'analytical');
    await expect(args.onUsernameChange).toHaveBeenLastCalledWith('ada');
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith({
      username: 'ada',
      password: 'analytical',
    });
    // Enter in a field sends the form too.
    await userEvent.type(canvas.getByLabelText('Password'), '{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledTimes(2);
  },
};

/** 'Add Guest Credentials' fills the fixed guest username and password. */
export const FilledByGuestButton: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add Guest Credentials' }));
    await expect(args.onFillGuest).toHaveBeenCalledOnce();
    await expect(canvas.getByLabelText('Username')).toHaveValue(GUEST_CREDENTIALS.username);
    await expect(canvas.getByLabelText('Password')).toHaveValue(GUEST_CREDENTIALS.password);
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(args.onSubmit).toHaveBeenCalledWith(GUEST_CREDENTIALS);
  },
};

/** The eye button shows the password as text and hides it again. */
export const PasswordVisible: Story = {
  args: { username: 'guest', password: 'guest1234' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const password = canvas.getByLabelText('Password');
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(password).toHaveAttribute('type', 'text');
    await expect(canvas.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Hide password' }));
    await expect(password).toHaveAttribute('type', 'password');
    // Leave it shown for the picture.
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(password).toHaveValue('guest1234');
  },
};

/**
 * Login with nothing filled in: each field is marked invalid with what it needs under it, and
 * focus moves to Username, the first. (The app's warning toast, 'Please fill the fields.', is
 * the auth machine's: see the EmptyLoginIsRefused journey.)
 */
export const EmptyFieldsMessage: Story = {
  play: async ({ args, canvasElement }) => {
    await sendEmptyAndSeeBothMarked(canvasElement, args.onSubmit);
    // No message for the whole form: each one is on its field.
    await expect(within(canvasElement).getByRole('alert')).toBeEmptyDOMElement();
  },
};

/** A marked field's message goes as soon as the field changes; the other field keeps its own. */
export const TypingClearsTheMessage: Story = {
  play: async ({ args, canvasElement }) => {
    await sendEmptyAndSeeBothMarked(canvasElement, args.onSubmit);
    await typingClearsTheMessage(canvasElement);
    // Leaving a filled field does not bring a message back: it is filled in.
    await userEvent.tab();
    await expect(within(canvasElement).getByLabelText('Username')).not.toHaveAttribute(
      'aria-invalid',
    );
  },
};

/**
 * Six spaces are a password (passwords are never trimmed): not a missing one, so no field is
 * marked and the owner sends it as typed; the server then says it is wrong (the
 * SixSpacePasswordIsAWrongPassword journey).
 */
export const SixSpacePassword: Story = {
  args: { username: 'guest', password: '      ' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ username: 'guest', password: '      ' });
    await expect(canvas.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    await expect(canvas.queryByText('Enter your password.')).toBeNull();
  },
};

/** A visitor a protected page sent here is told why, above the fields. */
export const SentHereToLogIn: Story = {
  args: { notice: 'Log in to continue' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Log in to continue');
    await expect(canvas.getByRole('alert')).toBeEmptyDOMElement();
  },
};

/**
 * The server refused the password: the owner places its words on Password (api/refusals.ts).
 * After Login, Password is marked with them and takes focus; Username is not marked.
 */
export const WrongPassword: Story = {
  args: {
    username: 'guest',
    password: 'guest12',
    fieldErrors: { password: INVALID_CREDENTIALS },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const password = canvas.getByLabelText('Password');
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleErrorMessage(INVALID_CREDENTIALS);
    await expect(canvas.getByText(INVALID_CREDENTIALS)).toBeVisible();
    await waitFor(() => expect(password).toHaveFocus());
    await expect(canvas.getByLabelText('Username')).not.toHaveAttribute('aria-invalid');
    await expect(canvas.getByRole('alert')).toBeEmptyDOMElement();
  },
};

/** A refusal that concerns no one field (the server failed) is the form's, in its alert. */
export const RefusedForNoOneField: Story = {
  args: { username: 'guest', password: 'guest1234', message: 'Something went wrong!' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Something went wrong!');
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(canvas.getByLabelText('Username')).not.toHaveAttribute('aria-invalid');
    await expect(canvas.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  },
};

/** While logging in, 'Login' shows a spinner, is marked busy and ignores presses. */
export const LoggingIn: Story = {
  args: { username: 'guest', password: 'guest1234', busy: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const login = canvas.getByRole('button', { name: 'Login' });
    await expect(login).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(login);
    await userEvent.type(canvas.getByLabelText('Password'), '{Enter}');
    await waitFor(() => expect(args.onSubmit).not.toHaveBeenCalled());
  },
};

export const PhoneEmpty: Story = {
  ...phoneStory,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(canvas.getByRole('img', { name: /speech bubbles/i })).toBeVisible();
  },
};

/** At phone size: Password left empty is marked and takes focus; Username, filled, is not. */
export const PhoneWithMessage: Story = {
  ...phoneStory,
  args: { username: 'guest' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const password = canvas.getByLabelText('Password');
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ username: 'guest', password: '' });
    await expect(password).toHaveAccessibleErrorMessage('Enter your password.');
    await expect(canvas.getByText('Enter your password.')).toBeVisible();
    await waitFor(() => expect(password).toHaveFocus());
    await expect(canvas.getByLabelText('Username')).not.toHaveAttribute('aria-invalid');
  },
};

/** At phone size: both empty fields marked, focus on Username, typing clears its message. */
export const PhoneTypingClearsTheMessage: Story = {
  ...phoneStory,
  play: async ({ args, canvasElement }) => {
    await sendEmptyAndSeeBothMarked(canvasElement, args.onSubmit);
    await typingClearsTheMessage(canvasElement);
  },
};

/** At phone size: the refused password marked on its field, and gone once it is edited. */
export const PhoneWrongPassword: Story = {
  ...phoneStory,
  args: WrongPassword.args,
  play: async (context) => {
    await WrongPassword.play?.(context);
    const canvas = within(context.canvasElement);
    const password = canvas.getByLabelText('Password');
    await userEvent.type(password, '3');
    await expect(password).not.toHaveAttribute('aria-invalid');
    await expect(canvas.queryByText(INVALID_CREDENTIALS)).toBeNull();
  },
};

/**
 * A server without the guest account (a server people share starts empty): no guest button, and
 * the form is otherwise the same; Login and the sign-up link stay where they were.
 */
export const WithoutGuest: Story = {
  args: { onFillGuest: undefined },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Login' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: 'Add Guest Credentials' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Create New Account' })).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Username'), 'ada');
    await userEvent.type(canvas.getByLabelText('Password'), 'lovelace');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith({ username: 'ada', password: 'lovelace' });
  },
};

export const PhoneWithoutGuest: Story = {
  ...phoneStory,
  args: { onFillGuest: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Add Guest Credentials' })).toBeNull();
  },
};
