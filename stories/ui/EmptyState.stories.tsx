import type { Meta, StoryObj } from '@storybook/react-vite';
import { Bookmark, PenLine } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button, EmptyState } from '../../src/components/ui';
import { padded } from './storyLayout';

const meta = {
  title: 'UI/EmptyState',
  component: EmptyState,
  decorators: [padded],
  args: {
    icon: <Bookmark aria-hidden="true" />,
    title: 'Nothing in bookmark',
    message: 'Bookmark a post to find it here later.',
  },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NoBookmarks: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Nothing in bookmark' }),
    ).toBeVisible();
    await expect(canvas.getByText('Bookmark a post to find it here later.')).toBeVisible();
  },
};

const onWrite = fn();

export const WithAction: Story = {
  args: {
    icon: <PenLine aria-hidden="true" />,
    title: 'No posts yet',
    message: 'Share your first thought with the people who follow you.',
    action: <Button onClick={onWrite}>Write a post</Button>,
  },
  play: async ({ canvasElement }) => {
    onWrite.mockClear();
    const button = within(canvasElement).getByRole('button', { name: 'Write a post' });
    await userEvent.click(button);
    await expect(onWrite).toHaveBeenCalledTimes(1);
    button.blur();
  },
};

export const TitleOnly: Story = {
  args: { icon: undefined, message: undefined, title: 'No posts yet', headingLevel: 3 },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 3, name: 'No posts yet' }),
    ).toBeVisible();
  },
};
