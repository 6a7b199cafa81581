import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { safeWebsite } from '../../src/api/rules';
import { ProfileScreen } from '../../src/components/screens/ProfileScreen';
import { ProfileCard } from '../../src/components/user';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { guestUser } from '../fixtures-user';
import { withAppFrame } from '../post/decorators';
import { checkComment, ownPosts, postCardActions, feedItems } from '../post/fixtures';

const profileCard = (postsCount: number) => (
  <ProfileCard
    user={guestUser}
    website={safeWebsite(guestUser.link)}
    followingCount={guestUser.following.length}
    postsCount={postsCount}
    followersCount={guestUser.followers.length}
    onEditProfile={fn()}
    onLogout={fn()}
  />
);

const actions = postCardActions();

const meta = {
  title: 'Screens/Profile',
  component: ProfileScreen,
  decorators: [withAppFrame],
  parameters: { docs: { story: inFrame('800px') }, router: { initialEntries: ['/profile-page'] } },
  args: {
    profileCard: profileCard(ownPosts.length),
    onCompose: fn(),
    status: 'ready',
    items: feedItems(ownPosts),
    checkComment,
    actions,
    onRetry: fn(),
  },
} satisfies Meta<typeof ProfileScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The card (the page's h1 is the name) and the guest's own posts, each with its options menu. */
export const WithPosts: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Guest User' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Posts' })).toBeInTheDocument();
    const posts = within(canvas.getByRole('list', { name: 'Your posts' })).getAllByRole('article');
    await expect(posts).toHaveLength(ownPosts.length);
    await expect(canvas.getAllByRole('button', { name: 'Post options' })).toHaveLength(
      ownPosts.length,
    );
  },
};

/** No posts yet: 'No post yet', with a button that opens the post dialog. */
export const Empty: Story = {
  args: { items: [], profileCard: profileCard(0) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 3, name: 'No post yet' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Write a post' }));
    await expect(args.onCompose).toHaveBeenCalledOnce();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

export const Loading: Story = { args: { status: 'loading' } };

export const Failed: Story = { args: { status: 'failed' } };

export const Phone: Story = {
  ...phoneStory,
  parameters: { ...phoneStory.parameters, appFrame: { aside: false } },
};

export const PhoneEmpty: Story = {
  ...phoneStory,
  parameters: { ...phoneStory.parameters, appFrame: { aside: false } },
  args: { items: [], profileCard: profileCard(0) },
};
