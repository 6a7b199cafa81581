import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ExploreScreen, type ExploreScreenProps } from '../../src/components/screens/ExploreScreen';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { withAppFrame } from '../post/decorators';
import {
  allPosts,
  explorePosts,
  feedOf,
  othersLikedPost,
  postCardActions,
  textPost,
} from '../post/fixtures';

/** Most liked first, in the API's Trending order. */
const trendingPosts = explorePosts('trending');

const actions = postCardActions();

const meta = {
  title: 'Screens/Explore',
  component: ExploreScreen,
  decorators: [withAppFrame],
  parameters: { docs: { story: inFrame('800px') }, router: { initialEntries: ['/explore-page'] } },
  args: {
    sort: 'latest',
    onSortChange: fn(),
    status: 'ready',
    ...feedOf(actions, allPosts),
    onRetry: fn(),
  },
} satisfies Meta<typeof ExploreScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 'Latest' active: every post, newest first; pressing 'Trending' asks for that order. */
export const Latest: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
    const latest = canvas.getByRole('button', { name: 'Latest' });
    const trending = canvas.getByRole('button', { name: 'Trending' });
    await expect(latest).toHaveAttribute('aria-pressed', 'true');
    await expect(trending).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.getAllByRole('article')).toHaveLength(allPosts.length);
    await userEvent.click(latest);
    await expect(args.onSortChange).not.toHaveBeenCalled();
    await userEvent.click(trending);
    await expect(args.onSortChange).toHaveBeenCalledWith('trending');
    trending.blur();
  },
};

/** 'Trending' active: the most-liked post on top. */
export const Trending: Story = {
  args: { sort: 'trending', ...feedOf(actions, trendingPosts) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Trending' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(canvas.getAllByRole('article')[0]).toHaveAccessibleName('Liam Chen');
  },
};

export const Loading: Story = { args: { status: 'loading' } };

export const Failed: Story = { args: { status: 'failed' } };

export const Empty: Story = {
  args: { ids: [] },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { name: 'No posts yet' }),
    ).toBeVisible();
  },
};

export const Phone: Story = {
  ...phoneStory,
  parameters: { ...phoneStory.parameters, appFrame: { aside: false } },
  args: { sort: 'trending', ...feedOf(actions, trendingPosts.slice(0, 1)) },
};

/** Two posts carrying #sourdough, newest first, as the hashtag feed (`?tag=sourdough`) reads. */
const taggedPosts = [
  { ...textPost, content: 'Scones today, #SourDough tomorrow.' },
  { ...othersLikedPost, content: 'Day 3 of the new #sourdough starter and we have an ear!' },
];

/**
 * Filtered to a hashtag (`/explore-page?tag=sourdough`): a line names the tag and says the posts
 * come newest first, the list is labelled by it, and 'Show all posts' leaves the filter. A
 * hashtag's posts have no trending order, so Trending / Latest are not offered, even when the
 * address asks for Trending.
 */
export const FilteredByHashtag: Story = {
  args: { tag: 'sourdough', sort: 'trending', onClearTag: fn(), ...feedOf(actions, taggedPosts) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Posts tagged #sourdough, newest first',
    );
    await expect(canvas.getByRole('list', { name: 'Posts tagged #sourdough' })).toBeVisible();
    await expect(canvas.getAllByRole('article')).toHaveLength(2);
    await expect(canvas.queryByRole('group', { name: 'Sort posts' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Trending' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Latest' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Show all posts' }));
    await expect(args.onClearTag).toHaveBeenCalledTimes(1);
    canvas.getByRole('button', { name: 'Show all posts' }).blur();
  },
};

/** Explore that leaves its hashtag filter when asked, as the page does (it drops `?tag=`). */
function LeavingTheFilter({ onClearTag, ...props }: ExploreScreenProps) {
  const [tag, setTag] = useState(props.tag);
  const feed = tag === null ? feedOf(actions, trendingPosts) : {};
  return (
    <ExploreScreen
      {...props}
      {...feed}
      tag={tag}
      onClearTag={() => {
        onClearTag?.();
        setTag(null);
      }}
    />
  );
}

/**
 * From the keyboard: 'Show all posts' leaves the filter and goes with it; focus does not fall to
 * the page's top but goes to the order that applies again, Trending / Latest's pressed button
 * (here Trending, as the address kept it), with its ring.
 */
export const ShowAllPostsFromTheKeyboard: Story = {
  args: { tag: 'sourdough', sort: 'trending', onClearTag: fn(), ...feedOf(actions, taggedPosts) },
  render: (args) => <LeavingTheFilter {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('group', { name: 'Sort posts' })).toBeNull();
    canvas.getByRole('button', { name: 'Show all posts' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onClearTag).toHaveBeenCalledOnce();
    await expect(canvas.queryByRole('button', { name: 'Show all posts' })).toBeNull();
    await expect(canvas.getByRole('list', { name: 'All posts' })).toBeVisible();
    const trending = within(canvas.getByRole('group', { name: 'Sort posts' })).getByRole('button', {
      name: 'Trending',
    });
    await expect(trending).toHaveAttribute('aria-pressed', 'true');
    await expect(trending).toHaveFocus();
    await expect(trending).toHaveStyle({ outlineStyle: 'solid' });
  },
};

/** A hashtag no post carries: the empty state says so, and the way back is still there. */
export const HashtagWithNoPosts: Story = {
  args: { tag: 'rye', onClearTag: fn(), ids: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No posts tagged #rye')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Show all posts' })).toBeVisible();
    await expect(canvas.queryByRole('group', { name: 'Sort posts' })).toBeNull();
  },
};

/** The hashtag filter on a phone: the line wraps under the title, the button stays reachable. */
export const PhoneFilteredByHashtag: Story = {
  ...phoneStory,
  parameters: { ...phoneStory.parameters, appFrame: { aside: false } },
  args: { tag: 'sourdough', onClearTag: fn(), ...feedOf(actions, taggedPosts) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Show all posts' })).toBeVisible();
  },
};

/** One post published since Latest was read: "1 new post" at the top of the feed. */
export const NewPost: Story = {
  args: { newPosts: 1, onShowNewPosts: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const pill = canvas.getByRole('button', { name: 'Show 1 new post' });
    await expect(pill).toHaveTextContent('1 new post');
    await expect(canvasElement.querySelector('[aria-live="polite"]')).toHaveTextContent(
      '1 new post',
    );
    await userEvent.click(pill);
    await expect(args.onShowNewPosts).toHaveBeenCalledOnce();
    // The page has not shown them yet: focus waits on the page's heading, at the top.
    await expect(canvas.getByRole('heading', { level: 1, name: 'Explore' })).toHaveFocus();
    canvas.getByRole('heading', { level: 1, name: 'Explore' }).blur();
  },
};

export const NewPostsPhone: Story = {
  ...phoneStory,
  parameters: { ...phoneStory.parameters, appFrame: { aside: false } },
  args: { sort: 'trending', ...feedOf(actions, trendingPosts), newPosts: 12, onShowNewPosts: fn() },
};
