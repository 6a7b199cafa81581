import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextArea } from '../../src/components/ui';
import { CountedTextArea } from './countedField';
import { Column, padded } from './storyLayout';

const meta = {
  title: 'UI/TextArea',
  component: TextArea,
  decorators: [
    padded,
    (Story) => (
      <Column>
        <Story />
      </Column>
    ),
  ],
  args: { label: 'Bio', placeholder: 'Write something interesting...', onChange: fn() },
} satisfies Meta<typeof TextArea>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const area = within(canvasElement).getByRole('textbox', { name: 'Bio' });
    await userEvent.type(area, 'Hello{Enter}world');
    await expect(area).toHaveValue('Hello\nworld');
    await expect(args.onChange).toHaveBeenCalled();
    area.blur();
  },
};

export const WithCounter: Story = {
  args: { label: 'Post', hideLabel: true },
  render: (args) => <CountedTextArea {...args} max={500} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const area = canvas.getByRole('textbox', { name: 'Post' });
    await userEvent.type(area, 'First murmur');
    await expect(canvas.getByText('12/500')).toBeVisible();
    area.blur();
  },
};

export const CounterOverLimit: Story = {
  render: (args) => <CountedTextArea {...args} max={40} />,
  args: {
    label: 'Bio',
    defaultValue: 'Mathematician and writer, chiefly known for her work on the Analytical Engine.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const area = canvas.getByRole('textbox', { name: 'Bio' });
    await expect(area).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('78/40')).toBeVisible();
  },
};

export const WithError: Story = {
  args: { error: 'Write something first', hint: 'Markdown is not supported.' },
  play: async ({ canvasElement }) => {
    const area = within(canvasElement).getByRole('textbox', { name: 'Bio' });
    await expect(area).toHaveAttribute('aria-invalid', 'true');
    await expect(area).toHaveAccessibleDescription(
      'Write something first Markdown is not supported.',
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Saving…' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Bio' })).toBeDisabled();
  },
};
