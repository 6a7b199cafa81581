import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FollowButton } from '../../src/components/user/FollowButton';
import { padded } from '../ui/storyLayout';

const meta = {
  title: 'User/FollowButton',
  component: FollowButton,
  decorators: [padded],
  args: { name: 'Maya Okafor', following: false, pending: false, onToggle: fn() },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
} satisfies Meta<typeof FollowButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Not following: primary 'Follow', named after the person for lists of them. */
export const Follow: Story = {
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Follow Maya Okafor' });
    await expect(button).toHaveTextContent('Follow');
    await userEvent.click(button);
    await expect(args.onToggle).toHaveBeenCalledOnce();
    button.blur();
  },
};

/** Following: secondary 'Unfollow'. */
export const Unfollow: Story = {
  args: { following: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Unfollow Maya Okafor' });
    await expect(button).toHaveTextContent('Unfollow');
    await userEvent.click(button);
    await expect(args.onToggle).toHaveBeenCalledOnce();
    button.blur();
  },
};

/** On its way: busy, and a second press does nothing. */
export const Pending: Story = {
  args: { pending: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Follow Maya Okafor' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onToggle).not.toHaveBeenCalled();
    button.blur();
  },
};

/** The profile card's size, with its icon. */
export const OnAProfileCard: Story = {
  args: { size: 'md', following: true },
};
