import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { GUEST_CREDENTIALS } from '../../src/api/types';
import type { LoginScreenProps } from '../../src/components/screens/LoginScreen';
import { LoginScreen } from '../../src/components/screens/LoginScreen';

/** Owns the values the way the page's auth machine will, so typing and the guest button work. */
function StatefulLogin(props: LoginScreenProps) {
  const [username, setUsername] = useState(props.username);
  const [password, setPassword] = useState(props.password);
  return (
    <LoginScreen
      {...props}
      username={username}
      password={password}
      onUsernameChange={(value) => {
        setUsername(value);
        props.onUsernameChange(value);
      }}
      onPasswordChange={(value) => {
        setPassword(value);
        props.onPasswordChange(value);
      }}
      onFillGuest={() => {
        setUsername(GUEST_CREDENTIALS.username);
        setPassword(GUEST_CREDENTIALS.password);
        props.onFillGuest();
      }}
    />
  );
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

/** The machine's validation message, announced in an alert. */
export const EmptyFieldsMessage: Story = {
  args: { message: 'Please fill the fields.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Please fill the fields.');
  },
};

/** A18: a visitor a protected page sent here is told why, above the fields. */
export const SentHereToLogIn: Story = {
  args: { notice: 'Log in to continue' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Log in to continue');
    await expect(canvas.getByRole('alert')).toBeEmptyDOMElement();
  },
};

/** A server refusal, shown the same way. */
export const WrongPassword: Story = {
  args: {
    username: 'guest',
    password: 'guest12',
    message: 'The credentials you entered are invalid. Unauthorized access error.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'The credentials you entered are invalid. Unauthorized access error.',
    );
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

export const PhoneWithMessage: Story = {
  ...phoneStory,
  args: { username: 'guest', message: 'Please fill the fields.' },
};
