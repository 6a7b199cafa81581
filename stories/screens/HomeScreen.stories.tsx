import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { HomeScreen } from '../../src/components/screens/HomeScreen';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { withAppFrame } from '../post/decorators';
import { feedOf, homePosts, imagePost, postCardActions, textPost, viewer } from '../post/fixtures';

const actions = postCardActions();

const meta = {
  title: 'Screens/Home',
  component: HomeScreen,
  decorators: [withAppFrame],
  parameters: { docs: { story: inFrame('800px') }, router: { initialEntries: ['/home-page'] } },
  args: {
    viewer,
    onCompose: fn(),
    status: 'ready',
    ...feedOf(actions, homePosts, [imagePost]),
    onRetry: fn(),
  },
} satisfies Meta<typeof HomeScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The feed: the guest's posts and those of Maya and Liam, newest first. */
export const Feed: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    const feed = canvas.getByRole('list', { name: 'Home feed' });
    await expect(within(feed).getAllByRole('article')).toHaveLength(homePosts.length);
    const compose = canvas.getByRole('button', { name: 'Write something interesting...' });
    await userEvent.click(compose);
    await expect(args.onCompose).toHaveBeenCalledOnce();
    compose.blur();
  },
};

/** Loading: a spinner only while loading. */
export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading posts');
    await expect(
      canvas.getByRole('button', { name: 'Write something interesting...' }),
    ).toBeVisible();
  },
};

/** The load failed: 'Retry' sends the feed back through loading. */
export const Failed: Story = {
  args: { status: 'failed' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** Nothing to show: an invitation to write or follow, with a button that opens the dialog. */
export const Empty: Story = {
  args: { ids: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(canvas.getByRole('heading', { name: 'Your feed is waiting' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Write a post' }));
    await expect(args.onCompose).toHaveBeenCalledOnce();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** One post. */
export const OnePost: Story = { args: { ...feedOf(actions, [textPost], [imagePost]) } };

export const Phone: Story = {
  ...phoneStory,
  parameters: { ...phoneStory.parameters, appFrame: { aside: false } },
  args: { ...feedOf(actions, homePosts.slice(1, 3), [imagePost]) },
};

export const PhoneLoading: Story = {
  ...phoneStory,
  parameters: { ...phoneStory.parameters, appFrame: { aside: false } },
  args: { status: 'loading' },
};

export const PhoneEmpty: Story = {
  ...phoneStory,
  parameters: { ...phoneStory.parameters, appFrame: { aside: false } },
  args: { ids: [] },
};
