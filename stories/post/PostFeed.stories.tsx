import type { Meta, StoryObj } from '@storybook/react-vite';
import { PenLine, UserPlus } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PostFeed } from '../../src/components/post';
import { Button } from '../../src/components/ui';
import { phoneStory } from '../../.storybook/viewports';
import { withColumn } from './decorators';
import {
  checkComment,
  feedItems,
  homePosts,
  imagePost,
  postCardActions,
  textPost,
} from './fixtures';

const actions = postCardActions();

const meta = {
  title: 'Post/PostFeed',
  component: PostFeed,
  decorators: [withColumn],
  args: {
    status: 'ready',
    items: feedItems(homePosts, [imagePost]),
    checkComment,
    actions,
    onRetry: fn(),
    label: 'Posts',
    empty: {
      title: 'Your feed is quiet',
      message: 'Write your first post, or follow someone to see what they share.',
      icon: <UserPlus />,
      action: (
        <Button icon={<PenLine aria-hidden="true" />} onClick={fn()}>
          Write a post
        </Button>
      ),
    },
  },
} satisfies Meta<typeof PostFeed>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Loading: a spinner with its label, nothing else. */
export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading posts');
    await expect(canvas.queryByRole('article')).toBeNull();
  },
};

/** The load failed: a message and 'Retry'. */
export const Failed: Story = {
  args: { status: 'failed' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** Loaded, nothing to show: an invitation with an action, not a spinner. */
export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(canvas.getByRole('heading', { name: 'Your feed is quiet' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Write a post' })).toBeVisible();
  },
};

export const OnePost: Story = {
  args: { items: feedItems([textPost], [imagePost]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('article')).toHaveLength(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Like' }));
    await expect(actions.onToggleLike).toHaveBeenCalledWith('post-sofia-scones');
  },
};

/** Many posts: each card is its own article in a list named for the feed. */
export const ManyPosts: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const feed = canvas.getByRole('list', { name: 'Posts' });
    await expect(within(feed).getAllByRole('article')).toHaveLength(homePosts.length);
    // Only the current user's own post has the options menu.
    await expect(canvas.getAllByRole('button', { name: 'Post options' })).toHaveLength(1);
  },
};

export const PhoneMany: Story = { ...phoneStory };

export const PhoneEmpty: Story = { ...phoneStory, args: { items: [] } };

export const PhoneFailed: Story = { ...phoneStory, args: { status: 'failed' } };
