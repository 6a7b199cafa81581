import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { safeWebsite } from '../../src/api/rules';
import { ProfileScreen } from '../../src/components/screens/ProfileScreen';
import { ProfileCard, type ProfileSection } from '../../src/components/user';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { followSuggestions, guestUser, seedUsers } from '../fixtures-user';
import { withAppFrame } from '../post/decorators';
import { allPosts, ownPosts, postCardActions, feedOf } from '../post/fixtures';

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
    ...feedOf(actions, ownPosts),
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

/** No posts yet: 'No posts yet', with a button that opens the post dialog. */
export const Empty: Story = {
  args: { ids: [], profileCard: profileCard(0) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 3, name: 'No posts yet' })).toBeVisible();
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
  args: { ids: [], profileCard: profileCard(0) },
};

const maya = seedUsers.find((user) => user.username === 'maya_okafor') ?? guestUser;
const mayaPath = '/profile-page/maya_okafor';
const mayaPosts = allPosts.filter((post) => post.username === maya.username);
const mayaCard = (current: ProfileSection) => (
  <ProfileCard
    user={maya}
    website={safeWebsite(maya.link)}
    followingCount={maya.following.length}
    postsCount={mayaPosts.length}
    followersCount={maya.followers.length}
    follow={{ following: true, pending: false, onToggle: fn() }}
    sections={{
      current,
      paths: {
        posts: mayaPath,
        following: `${mayaPath}?show=following`,
        followers: `${mayaPath}?show=followers`,
      },
    }}
  />
);
const mayaFollowers = followSuggestions(
  seedUsers.filter((user) => maya.followers.some((f) => f.username === user.username)),
).map((person) =>
  person.user.username === guestUser.username
    ? { ...person, path: '/profile-page', self: true }
    : person,
);

/**
 * Someone else's profile: their card with Unfollow, their posts ("Maya's posts"), no
 * menus on posts that are not the guest's.
 */
export const SomeoneElse: Story = {
  parameters: { router: { initialEntries: [mayaPath] } },
  args: {
    profileCard: mayaCard('posts'),
    personName: maya.firstName,
    ...feedOf(actions, mayaPosts),
    onCompose: undefined,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Maya Okafor' })).toBeVisible();
    const posts = within(canvas.getByRole('list', { name: "Maya's posts" })).getAllByRole(
      'article',
    );
    await expect(posts).toHaveLength(mayaPosts.length);
    // Someone else's posts offer only Copy link in their menu.
    await expect(canvas.getAllByRole('button', { name: 'Post options' })).toHaveLength(
      mayaPosts.length,
    );
  },
};

/** Someone else with no posts: no 'Write a post' button, words about them. */
export const SomeoneElseEmpty: Story = {
  parameters: { router: { initialEntries: [mayaPath] } },
  args: {
    profileCard: mayaCard('posts'),
    personName: maya.firstName,
    ids: [],
    onCompose: undefined,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('What Maya shares shows up here.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Write a post' })).toBeNull();
  },
};

/** Their Followers section: the people, each linking to their profile with a Follow button. */
export const SomeoneElsesFollowers: Story = {
  parameters: { router: { initialEntries: [`${mayaPath}?show=followers`] } },
  args: {
    profileCard: mayaCard('followers'),
    personName: maya.firstName,
    section: 'followers',
    people: mayaFollowers,
    onToggleFollow: fn(),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Followers' })).toBeVisible();
    const list = canvas.getByRole('list', { name: "Maya's followers" });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(mayaFollowers.length);
    await expect(within(list).getByText('You')).toBeVisible();
    await expect(canvas.queryByRole('article')).toBeNull();
    const other = mayaFollowers.find((person) => person.self !== true);
    if (other) {
      const name = `${other.user.firstName} ${other.user.lastName}`;
      await userEvent.click(
        canvas.getByRole('button', { name: new RegExp(`follow ${name}$`, 'i') }),
      );
      await expect(args.onToggleFollow).toHaveBeenCalledWith(other.user._id);
      (document.activeElement as HTMLElement | null)?.blur();
    }
  },
};

/** One's own Following section, empty: it says so and what to do. */
export const FollowingNoOne: Story = {
  parameters: { router: { initialEntries: ['/profile-page?show=following'] } },
  args: { section: 'following', people: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 3, name: 'Not following anyone yet' }),
    ).toBeVisible();
    await expect(canvas.getByText('Follow people to see their posts on Home.')).toBeVisible();
  },
};

/** Their followers are being read: a spinner, never 'No followers yet' before the answer. */
export const FollowersLoading: Story = {
  parameters: { router: { initialEntries: [`${mayaPath}?show=followers`] } },
  args: {
    profileCard: mayaCard('followers'),
    personName: maya.firstName,
    section: 'followers',
    peopleStatus: 'loading',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Loading followers')).toBeVisible();
    await expect(canvas.queryByText('No followers yet')).toBeNull();
  },
};

/** Their followers could not be read: it says so, with 'Retry'. */
export const FollowersFailed: Story = {
  parameters: { router: { initialEntries: [`${mayaPath}?show=followers`] } },
  args: {
    profileCard: mayaCard('followers'),
    personName: maya.firstName,
    section: 'followers',
    peopleStatus: 'failed',
    onRetryPeople: fn(),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Followers could not be loaded.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetryPeople).toHaveBeenCalledTimes(1);
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** More followers than a page: 'Show more' under the list reads the next page. */
export const FollowersMore: Story = {
  parameters: { router: { initialEntries: [`${mayaPath}?show=followers`] } },
  args: {
    ...SomeoneElsesFollowers.args,
    peopleMore: { status: 'idle', onLoadMore: fn() },
  },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show more' }));
    await expect(args.peopleMore?.onLoadMore).toHaveBeenCalledTimes(1);
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

export const PhoneSomeoneElsesFollowers: Story = {
  ...phoneStory,
  parameters: {
    ...phoneStory.parameters,
    appFrame: { aside: false },
    router: { initialEntries: [`${mayaPath}?show=followers`] },
  },
  args: SomeoneElsesFollowers.args,
};
