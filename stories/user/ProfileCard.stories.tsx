import { safeWebsite } from '../../src/api/rules';
import type { Meta, StoryObj } from '@storybook/react-vite';
import styled from 'styled-components';
import { expect, fn, userEvent, within } from 'storybook/test';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { ProfileCard } from '../../src/components/user/ProfileCard';
import { richTextOf, usernamesOf } from '../../src/machines';
import { guestUser, longestNameUser, longUser, seedUsers } from '../fixtures-user';

/** The main column it lives in. */
const Column = styled.div`
  max-width: 40rem;
  padding: ${({ theme }) => theme.space.lg};

  ${({ theme }) => theme.media.phone} {
    padding: ${({ theme }) => theme.space.md};
  }
`;

const meta = {
  title: 'User/ProfileCard',
  component: ProfileCard,
  decorators: [
    (Story) => (
      <Column>
        <Story />
      </Column>
    ),
  ],
  args: {
    user: guestUser,
    website: safeWebsite(guestUser.link),
    followingCount: guestUser.following.length,
    postsCount: 2,
    followersCount: guestUser.followers.length,
    onEditProfile: fn(),
    onLogout: fn(),
  },
  parameters: { docs: { story: inFrame('480px') }, router: false },
} satisfies Meta<typeof ProfileCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The guest's profile: picture, names, bio, website, counts, Edit Profile and Log out. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Guest User' })).toBeVisible();
    await expect(canvas.getByText('@guest')).toBeVisible();
    await expect(canvas.getByRole('img', { name: "Guest User's profile picture" })).toBeVisible();
    const website = canvas.getByRole('link', { name: /murmur\.example\.com/ });
    await expect(website).toHaveAttribute('href', 'https://murmur.example.com/');
    await expect(website).toHaveAttribute('target', '_blank');
    await expect(website).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(canvas.getByText('Following').previousSibling).toHaveTextContent('2');
    await expect(canvas.getByText('Posts').previousSibling).toHaveTextContent('2');
    await expect(canvas.getByText('Followers').previousSibling).toHaveTextContent('0');
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Profile' }));
    await expect(args.onEditProfile).toHaveBeenCalledOnce();
    const logout = canvas.getByRole('button', { name: 'Log out' });
    await userEvent.click(logout);
    await expect(args.onLogout).toHaveBeenCalledOnce();
    logout.blur();
  },
};

/**
 * Logging out waits for the server to end the session: 'Log out' is busy (a spinner, presses
 * ignored) until then.
 */
export const LoggingOut: Story = {
  args: { loggingOut: true },
  play: async ({ args, canvasElement }) => {
    const logout = within(canvasElement).getByRole('button', { name: 'Log out' });
    await expect(logout).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(logout);
    await expect(args.onLogout).not.toHaveBeenCalled();
    logout.blur();
  },
};

/** No picture: the default one shows. */
export const DefaultPicture: Story = {
  args: { user: { ...guestUser, profile: '' } },
  play: async ({ canvasElement }) => {
    const picture = within(canvasElement).getByRole('img', {
      name: "Guest User's profile picture",
    });
    await expect(picture).toHaveAttribute('data-placeholder', 'true');
  },
};

/** No bio and no website: neither leaves a gap. */
export const NoBioNoWebsite: Story = {
  args: { user: { ...guestUser, bio: '' }, website: safeWebsite('') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('link')).toBeNull();
  },
};

/** A website that is not http(s) is never rendered as a link: the rule gives no URL for it. */
export const UnsafeWebsiteHidden: Story = {
  args: { website: safeWebsite('javascript:alert(1)') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('link')).toBeNull();
    await expect(canvas.queryByText(/javascript/)).toBeNull();
  },
};

/** Real counts, including big ones. */
export const ManyCounts: Story = {
  args: { followingCount: 128, postsCount: 1024, followersCount: 4096 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Followers').previousSibling).toHaveTextContent('4096');
  },
};

/** One post and one follower: "1 Post", "1 Follower", never "1 Posts" or "1 Followers". */
export const OneOfEach: Story = {
  args: { followingCount: 1, postsCount: 1, followersCount: 1 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Post').previousSibling).toHaveTextContent('1');
    await expect(canvas.getByText('Follower').previousSibling).toHaveTextContent('1');
    await expect(canvas.getByText('Following').previousSibling).toHaveTextContent('1');
    await expect(canvas.queryByText('Posts')).toBeNull();
    await expect(canvas.queryByText('Followers')).toBeNull();
  },
};

/**
 * The posts are counted from the profile's feed as it is read: before its first page, "…" (a
 * screen reader hears "not counted yet"), never a "0 Posts" that is not true.
 */
export const PostsNotCountedYet: Story = {
  args: { postsCount: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Posts').previousSibling).toHaveTextContent(/^…not counted yet$/);
  },
};

/** While more pages of the posts remain to be read: "20+ Posts"; the number once all are. */
export const MorePostsToRead: Story = {
  args: { postsCount: { read: 20, more: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Posts').previousSibling).toHaveTextContent(/^20\+$/);
  },
};

/** One post and one follower, on a phone. */
export const OneOfEachPhone: Story = { ...OneOfEach, ...phoneStory };

/** A long name and @username stay on one line, cut if need be; bio and website wrap. */
export const LongText: Story = {
  args: {
    user: longUser,
    website: safeWebsite(longUser.link),
    followingCount: 0,
    postsCount: 0,
    followersCount: 0,
  },
};

export const Phone: Story = { ...phoneStory };

export const PhoneLongText: Story = { ...phoneStory, args: LongText.args };

/**
 * The longest name the rules allow (40 + 35) at phone width: the heading stays on one line, cut
 * with an ellipsis, the full name in its tooltip.
 */
export const PhoneLongestName: Story = {
  ...phoneStory,
  args: { ...LongText.args, user: longestNameUser },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const full = 'Bartholomew-Maximilian-Alexander-Augusto Vandersteenhoven-Castellanos-Rivera';
    const name = canvas.getByRole('heading', { level: 1, name: full });
    await expect(name).toHaveAttribute('title', full);
    await expect(name).toHaveAttribute('dir', 'auto');
    const lineHeight = parseFloat(getComputedStyle(name).lineHeight);
    await expect(name.getBoundingClientRect().height).toBeCloseTo(lineHeight, 0);
    await expect(name.scrollWidth).toBeGreaterThan(name.clientWidth);
    const handle = canvas.getByTitle('@bartholomew_augusto');
    await expect(handle.getBoundingClientRect().height).toBeCloseTo(
      parseFloat(getComputedStyle(handle).lineHeight),
      0,
    );
  },
};

/** A Hebrew name and bio read right to left, right-aligned (`dir="auto"`). */
export const HebrewNameAndBio: Story = {
  args: {
    user: { ...guestUser, firstName: 'נועה', lastName: 'כהן', bio: 'שלום! אני אוהבת לאפות.' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = canvas.getByRole('heading', { level: 1, name: 'נועה כהן' });
    await expect(getComputedStyle(name).direction).toBe('rtl');
    const bio = canvas.getByText('שלום! אני אוהבת לאפות.');
    await expect(getComputedStyle(bio).direction).toBe('rtl');
    // Right-aligned: the text ends at the right edge of the card's text column.
    const range = document.createRange();
    range.selectNodeContents(bio);
    const column = bio.parentElement as HTMLElement;
    const columnRight =
      column.getBoundingClientRect().right - parseFloat(getComputedStyle(column).paddingRight);
    await expect(Math.abs(columnRight - range.getBoundingClientRect().right)).toBeLessThan(1);
  },
};

const maya = seedUsers.find((user) => user.username === 'maya_okafor') ?? guestUser;
const mayaPath = '/profile-page/maya_okafor';
const mayaSections = {
  paths: {
    posts: mayaPath,
    following: `${mayaPath}?show=following`,
    followers: `${mayaPath}?show=followers`,
  },
  current: 'posts' as const,
};

/**
 * Someone else's card: Follow / Unfollow instead of Edit Profile and Log out, and the
 * counts are the page's sections, links with the current one marked.
 */
export const SomeoneElse: Story = {
  args: {
    user: maya,
    website: safeWebsite(maya.link),
    followingCount: maya.following.length,
    followersCount: maya.followers.length,
    postsCount: 2,
    onEditProfile: undefined,
    onLogout: undefined,
    follow: { following: false, pending: false, onToggle: fn() },
    sections: mayaSections,
  },
  parameters: { router: { initialEntries: [mayaPath] } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Maya Okafor' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Edit Profile' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Log out' })).toBeNull();
    const sections = canvas.getByRole('list', { name: 'Profile sections' });
    const posts = within(sections).getByRole('link', { name: /Posts/ });
    await expect(posts).toHaveAttribute('aria-current', 'page');
    // Maya has one follower: the word agrees with the number.
    await expect(within(sections).getByRole('link', { name: /^1\s*Follower$/ })).toHaveAttribute(
      'href',
      `${mayaPath}?show=followers`,
    );
    await expect(within(sections).getByRole('link', { name: /Following/ })).not.toHaveAttribute(
      'aria-current',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Follow Maya Okafor' }));
    await expect(args.follow?.onToggle).toHaveBeenCalledOnce();
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** Followed already, with the Followers section open. */
export const SomeoneFollowedOnFollowers: Story = {
  args: {
    ...SomeoneElse.args,
    follow: { following: true, pending: false, onToggle: fn() },
    sections: { ...mayaSections, current: 'followers' },
  },
  parameters: { router: { initialEntries: [`${mayaPath}?show=followers`] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Unfollow Maya Okafor' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: /Follower/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

const linkedBio = 'Baking with @sofia_bakes. #bread <b>not bold</b> https://example.com';

/** A bio's addresses, @mentions and #hashtags are links; nothing in it is markup. */
export const BioWithLinks: Story = {
  args: {
    user: { ...guestUser, bio: linkedBio },
    bioText: richTextOf(linkedBio, usernamesOf(seedUsers)),
  },
  parameters: { router: { initialEntries: ['/profile-page'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: '@sofia_bakes' })).toHaveAttribute(
      'href',
      '/profile-page/sofia_bakes',
    );
    await expect(canvas.getByRole('link', { name: '#bread' })).toHaveAttribute(
      'href',
      '/explore-page?tag=bread',
    );
    await expect(canvas.getByRole('link', { name: 'https://example.com' })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(canvasElement.querySelector('b')).toBeNull();
    await expect(canvas.getByText(/<b>not bold<\/b>/)).toBeVisible();
  },
};
