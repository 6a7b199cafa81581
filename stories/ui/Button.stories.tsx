import type { Meta, StoryObj } from '@storybook/react-vite';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../../src/components/ui';
import { Caption, Column, Row, padded } from './storyLayout';

const meta = {
  title: 'UI/Button',
  component: Button,
  decorators: [padded],
  args: { children: 'Post', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'ghost', 'danger'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Post' });
    await expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    button.blur();
  },
};

export const Secondary: Story = {
  args: { variant: 'secondary', children: 'Edit Profile' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Edit Profile' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Ghost: Story = {
  args: { variant: 'ghost', children: 'Cancel' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Cancel' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Danger: Story = {
  args: { variant: 'danger', children: 'Delete', icon: <Trash2 aria-hidden="true" /> },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const WithIcon: Story = {
  args: { children: 'New Post', icon: <Plus aria-hidden="true" /> },
  play: async ({ canvasElement }) => {
    // The icon is decorative: the name is the text alone.
    const button = within(canvasElement).getByRole('button', { name: 'New Post' });
    await expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  },
};

export const Sizes: Story = {
  render: (args) => (
    <Row>
      <Button {...args} size="sm">
        Small
      </Button>
      <Button {...args} size="md">
        Medium
      </Button>
      <Button {...args} size="lg">
        Large
      </Button>
    </Row>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const small = canvas.getByRole('button', { name: 'Small' }).getBoundingClientRect();
    const large = canvas.getByRole('button', { name: 'Large' }).getBoundingClientRect();
    await expect(large.height).toBeGreaterThan(small.height);
  },
};

export const Disabled: Story = {
  args: { disabled: true, children: 'New Post' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'New Post' });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Busy: Story = {
  args: { busy: true, children: 'Login', type: 'submit' },
  render: (args) => (
    <Row>
      <Button {...args} />
      <Button {...args} busy={false}>
        Login
      </Button>
    </Row>
  ),
  play: async ({ canvasElement, args }) => {
    const [busy, idle] = within(canvasElement).getAllByRole('button', { name: 'Login' });
    if (!busy || !idle) throw new Error('expected two buttons');
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await expect(busy).toHaveAttribute('aria-disabled', 'true');
    // Keeps its width: the same as the idle button with the same label.
    await expect(busy.getBoundingClientRect().width).toBe(idle.getBoundingClientRect().width);
    await userEvent.click(busy);
    await expect(args.onClick).not.toHaveBeenCalled();
    // Still focusable, so keyboard focus is not lost while the work runs.
    await expect(busy).toHaveFocus();
    busy.blur();
  },
};

export const FullWidth: Story = {
  args: { fullWidth: true, children: 'Create New Account' },
  render: (args) => (
    <Column>
      <Button {...args} />
    </Column>
  ),
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Create New Account' });
    const column = button.parentElement;
    await expect(button.getBoundingClientRect().width).toBe(column?.getBoundingClientRect().width);
  },
};

/** Every variant side by side, enabled, disabled and busy. */
export const AllVariants: Story = {
  render: (args) => (
    <Column>
      {(['primary', 'secondary', 'ghost', 'danger'] as const).map((variant) => (
        <div key={variant}>
          <Caption>{variant}</Caption>
          <Row>
            <Button {...args} variant={variant} icon={<Pencil aria-hidden="true" />}>
              Edit
            </Button>
            <Button {...args} variant={variant} disabled>
              Disabled
            </Button>
            <Button {...args} variant={variant} busy>
              Saving
            </Button>
          </Row>
        </div>
      ))}
    </Column>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('button', { name: 'Edit' })).toHaveLength(4);
    await expect(canvas.getAllByRole('button', { name: 'Disabled' })).toHaveLength(4);
  },
};
