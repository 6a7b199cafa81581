import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { BookmarksScreen } from '../../src/components/screens/BookmarksScreen';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { withAppFrame } from '../post/decorators';
import { commentsPost, imagePost, postCardActions, feedOf } from '../post/fixtures';

const bookmarked = [imagePost, commentsPost];

const actions = postCardActions();

const meta = {
  title: 'Screens/Bookmarks',
  component: BookmarksScreen,
  decorators: [withAppFrame],
  parameters: {
    docs: { story: inFrame('800px') },
    router: { initialEntries: ['/bookmark-page'] },
    appFrame: { newPostDisabled: true },
  },
  args: {
    status: 'ready',
    ...feedOf(actions, bookmarked, bookmarked),
    onRetry: fn(),
  },
} satisfies Meta<typeof BookmarksScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two bookmarked posts; pressing Bookmark on one asks to remove it. */
export const WithBookmarks: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your Bookmarks' })).toBeVisible();
    const buttons = canvas.getAllByRole('button', { name: 'Bookmark' });
    await expect(buttons).toHaveLength(2);
    for (const button of buttons) await expect(button).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(buttons[0] as HTMLElement);
    await expect(actions.onToggleBookmark).toHaveBeenCalledWith(imagePost._id);
    (buttons[0] as HTMLElement).blur();
  },
};

/** Nothing bookmarked: 'Nothing in bookmark'. */
export const Empty: Story = {
  args: { ids: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your Bookmarks' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Nothing in bookmark' })).toBeVisible();
  },
};

export const Loading: Story = { args: { status: 'loading' } };

export const Failed: Story = { args: { status: 'failed' } };

export const Phone: Story = {
  ...phoneStory,
  parameters: { ...phoneStory.parameters, appFrame: { aside: false, newPostDisabled: true } },
  args: { ...feedOf(actions, [commentsPost], bookmarked) },
};

export const PhoneEmpty: Story = {
  ...phoneStory,
  parameters: { ...phoneStory.parameters, appFrame: { aside: false, newPostDisabled: true } },
  args: { ids: [] },
};
