import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextField } from '../../src/components/ui';
import { checkText } from '../../src/api/rules';
import { CountedTextField } from './countedField';
import { Column, padded } from './storyLayout';

const meta = {
  title: 'UI/TextField',
  component: TextField,
  decorators: [
    padded,
    (Story) => (
      <Column>
        <Story />
      </Column>
    ),
  ],
  args: { label: 'Username', onChange: fn() },
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { placeholder: 'adarsh' },
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Username' });
    await userEvent.type(input, 'ada');
    await expect(input).toHaveValue('ada');
    await expect(args.onChange).toHaveBeenCalledTimes(3);
    await expect(input).not.toHaveAttribute('aria-invalid');
    input.blur();
  },
};

export const WithHint: Story = {
  args: { label: 'Website', hint: 'Shown on your profile; opens in a new tab.', type: 'url' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Website' });
    await expect(input).toHaveAccessibleDescription('Shown on your profile; opens in a new tab.');
  },
};

export const WithError: Story = {
  args: { defaultValue: '', error: 'Please fill the fields', hint: 'Letters and digits.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Username' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Please fill the fields Letters and digits.');
  },
};

/** The counter shows the count a text rule of 20 characters gives. */
export const WithCounter: Story = {
  args: { label: 'Display name' },
  render: (args) => <CountedTextField {...args} max={20} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Display name' });
    await expect(canvas.getByText('0/20')).toBeVisible();
    await userEvent.type(input, 'Ada Lovelace');
    await expect(canvas.getByText('12/20')).toBeVisible();
    await expect(input).toHaveAccessibleDescription('12 of 20 characters');
    await expect(input).not.toHaveAttribute('aria-invalid');
    input.blur();
  },
};

export const CounterOverLimit: Story = {
  args: { label: 'Display name', defaultValue: 'Augusta Ada King, Countess of Lovelace' },
  render: (args) => <CountedTextField {...args} max={20} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Display name' });
    await expect(canvas.getByText('38/20')).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('38 of 20 characters, 18 too many');
  },
};

/** Controlled by the parent (`value` + `onChange`); the counter is the parent's verdict. */
export const Controlled: Story = {
  args: {
    label: 'Bio',
    value: 'Poet of science',
    counter: checkText('Poet of science', { required: false, max: 40 }),
    readOnly: true,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('15/40')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'guest' },
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Username' });
    await expect(input).toBeDisabled();
    await userEvent.type(input, 'x');
    await expect(input).toHaveValue('guest');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** The label is still there for screen readers, only hidden from view. */
export const HiddenLabel: Story = {
  args: { label: 'Search users', hideLabel: true, placeholder: 'Search users', type: 'search' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('searchbox', { name: 'Search users' }),
    ).toBeVisible();
  },
};
