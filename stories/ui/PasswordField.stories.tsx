import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PasswordField } from '../../src/components/ui';
import { Column, padded } from './storyLayout';

const meta = {
  title: 'UI/PasswordField',
  component: PasswordField,
  decorators: [
    padded,
    (Story) => (
      <Column>
        <Story />
      </Column>
    ),
  ],
  args: { label: 'Password', onChange: fn() },
} satisfies Meta<typeof PasswordField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Hidden: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password', { selector: 'input' });
    await expect(input).toHaveAttribute('type', 'password');
    await expect(input).toHaveAttribute('autocomplete', 'current-password');
    await userEvent.type(input, 'secret');
    await expect(input).toHaveValue('secret');
    await expect(args.onChange).toHaveBeenCalledTimes(6);
    const toggle = canvas.getByRole('button', { name: 'Show password' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    input.blur();
  },
};

/** Show, then hide again: the type, the toggle's name and its pressed state follow. */
export const ToggleVisibility: Story = {
  args: { defaultValue: 'guest-password' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password', { selector: 'input' });
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(input).toHaveAttribute('type', 'text');
    const hide = canvas.getByRole('button', { name: 'Hide password' });
    await expect(hide).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(hide);
    await expect(input).toHaveAttribute('type', 'password');
    const show = canvas.getByRole('button', { name: 'Show password' });
    await expect(show).toHaveAttribute('aria-pressed', 'false');
    // And by keyboard.
    show.focus({ focusVisible: true });
    await userEvent.keyboard('{Enter}');
    await expect(input).toHaveAttribute('type', 'text');
    canvas.getByRole('button', { name: 'Hide password' }).blur();
  },
};

export const Shown: Story = {
  args: { defaultValue: 'guest-password' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(canvas.getByRole('textbox', { name: 'Password' })).toHaveValue('guest-password');
    canvas.getByRole('button', { name: 'Hide password' }).blur();
  },
};

/** A second password field (sign-up's): its toggle is named after it, 'Show confirm password'. */
export const WithError: Story = {
  args: {
    label: 'Confirm password',
    autoComplete: 'new-password',
    defaultValue: 'guest',
    error: 'Both Passwords do not match',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Confirm password', { selector: 'input' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Both Passwords do not match');
    await expect(canvas.getByRole('button', { name: 'Show confirm password' })).toHaveAttribute(
      'aria-controls',
      input.id,
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'guest' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Password', { selector: 'input' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Show password' })).toBeDisabled();
  },
};
