import { safeWebsite } from '../../src/api/rules';
import type { Meta, StoryObj } from '@storybook/react-vite';
import styled from 'styled-components';
import { expect, fn, userEvent, within } from 'storybook/test';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { ProfileCard } from '../../src/components/user/ProfileCard';
import { guestUser, longestNameUser, longUser } from '../fixtures-user';

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
 * with an ellipsis, the full name in its tooltip (A20).
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

/** A Hebrew name and bio read right to left, right-aligned (A20: `dir="auto"`). */
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
