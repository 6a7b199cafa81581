import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { checkSignup, SIGNUP_HINTS } from '../../src/api/rules';
import type { SignupFields } from '../../src/api/rules';
import type { SignupScreenProps } from '../../src/components/screens/SignupScreen';
import { EMPTY_SIGNUP, SignupScreen } from '../../src/components/screens/SignupScreen';

/**
 * Owns the values the way the page's machine does, and judges them by the real sign-up rule, so
 * the field errors are the ones the app shows.
 */
function StatefulSignup(props: SignupScreenProps) {
  const [values, setValues] = useState<SignupFields>(props.values);
  return (
    <SignupScreen
      {...props}
      values={values}
      fieldErrors={checkSignup(values).fieldErrors}
      onChange={(field, value) => {
        setValues((current) => ({ ...current, [field]: value }));
        props.onChange(field, value);
      }}
    />
  );
}

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

/** Both password fields have their own show / hide toggle. */
export const PasswordsVisible: Story = {
  args: { values: filled },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggles = canvas.getAllByRole('button', { name: 'Show password' });
    await expect(toggles).toHaveLength(2);
    for (const toggle of toggles) await userEvent.click(toggle);
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await expect(canvas.getByLabelText('Confirm password')).toHaveAttribute('type', 'text');
    await expect(canvas.getAllByRole('button', { name: 'Hide password' })).toHaveLength(2);
  },
};

/** The machine's message when a field is empty. */
export const FillTheFields: Story = {
  args: {
    values: { ...filled, lastName: '', confirmPassword: '' },
    message: 'Please fill the fields',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'Please fill the fields',
    );
  },
};

export const PasswordsDoNotMatch: Story = {
  args: {
    values: { ...filled, confirmPassword: 'cobol1960' },
    message: 'Both Passwords do not match',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'Both Passwords do not match',
    );
  },
};

export const UsernameTaken: Story = {
  args: {
    values: { ...filled, username: 'guest' },
    message: 'Unprocessable Entity. Username Already Exists.',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'Unprocessable Entity. Username Already Exists.',
    );
  },
};

/**
 * The limits: a too-short username shows its rule when the field is left; sending with a bad
 * field does not call the owner and puts focus on the first field to fix.
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
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(canvas.getByLabelText('First name')).toHaveFocus();
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

export const PhoneWithMessage: Story = {
  ...phoneStory,
  args: {
    values: { ...filled, confirmPassword: 'cobol1960' },
    message: 'Both Passwords do not match',
  },
};
