import type { Meta, StoryObj } from '@storybook/react-vite';
import { useCallback, useMemo, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { HomeScreen } from '../../src/components/screens/HomeScreen';
import type { HomeScreenProps } from '../../src/components/screens/HomeScreen';
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

/** Home as read a while ago: its two newest posts were published since, and wait above it. */
const waitingPosts = homePosts.slice(0, 2);
const readFeed = feedOf(actions, homePosts.slice(2), [imagePost]);
const wholeFeed = feedOf(actions, homePosts, [imagePost]);

/**
 * Two posts wait: "2 new posts" floats at the top of the feed, over the gap under the compose
 * box, pushing nothing down.
 */
export const NewPosts: Story = {
  args: { ...readFeed, newPosts: 2, onShowNewPosts: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pill = canvas.getByRole('button', { name: 'Show 2 new posts' });
    await expect(pill).toBeVisible();
    const compose = canvas.getByRole('button', { name: 'Write something interesting...' });
    await expect(pill.getBoundingClientRect().top).toBeGreaterThan(
      compose.getBoundingClientRect().bottom,
    );
  },
};

export const NewPostsPhone: Story = {
  ...phoneStory,
  parameters: { ...phoneStory.parameters, appFrame: { aside: false } },
  args: { ...readFeed, newPosts: 2, onShowNewPosts: fn() },
};

/** Home whose waiting posts come a moment after the page is asked for them, as the app's do. */
function HomeShowingNew({ newPosts = 0, onShowNewPosts, ...props }: HomeScreenProps) {
  const [shown, setShown] = useState(false);
  const ids = useMemo(() => (shown ? wholeFeed.ids : props.ids), [shown, props.ids]);
  const showNew = useCallback(() => {
    onShowNewPosts?.();
    setTimeout(() => setShown(true), 150);
  }, [onShowNewPosts]);
  return (
    <HomeScreen
      {...props}
      ids={ids}
      renderPost={wholeFeed.renderPost}
      newPosts={shown ? 0 : newPosts}
      onShowNewPosts={showNew}
    />
  );
}

/**
 * From the keyboard: Enter on the button asks once; focus goes to the page's heading at once,
 * then to the first new post when it is there, each with its ring, the page at its top.
 */
export const ShowNewPostsFromTheKeyboard: Story = {
  args: { ...readFeed, newPosts: 2, onShowNewPosts: fn() },
  render: (args) => <HomeShowingNew {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const view = canvasElement.ownerDocument.defaultView as Window;
    canvas.getByRole('button', { name: 'Show 2 new posts' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onShowNewPosts).toHaveBeenCalledOnce();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Home' })).toHaveFocus();

    const feed = canvas.getByRole('list', { name: 'Home feed' });
    await waitFor(() =>
      expect(within(feed).getAllByRole('article')).toHaveLength(homePosts.length),
    );
    const first = feed.firstElementChild as HTMLElement;
    await expect(first).toHaveAttribute('data-key', waitingPosts[0]?._id);
    await waitFor(() => expect(first).toHaveFocus());
    await expect(first).toHaveStyle({ outlineStyle: 'solid' });
    await expect(view.scrollY).toBe(0);
    await expect(canvas.queryByRole('button', { name: /new posts?$/ })).toBeNull();
  },
};
