import type { Meta, StoryObj } from '@storybook/react-vite';
import styled from 'styled-components';
import { expect, fn, userEvent, within } from 'storybook/test';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { PeopleList } from '../../src/components/user/PeopleList';
import { profilePathOf } from '../../src/paths';
import { followSuggestions, guestUser, longestNameUser, otherUsers } from '../fixtures-user';

/** A card in the main column, as a profile's Followers and Following sections show it. */
const Card = styled.div`
  max-width: 40rem;
  margin: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xs} 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};

  ${({ theme }) => theme.media.phone} {
    margin: ${({ theme }) => theme.space.md};
  }
`;

const idOf = (username: string) => otherUsers.find((u) => u.username === username)?._id;

const meta = {
  title: 'User/PeopleList',
  component: PeopleList,
  decorators: [
    (Story) => (
      <Card>
        <Story />
      </Card>
    ),
  ],
  args: {
    people: [
      ...followSuggestions(otherUsers, ['noah_runs']),
      {
        user: guestUser,
        path: profilePathOf(guestUser.username, guestUser.username),
        following: false,
        pending: false,
        self: true,
      },
    ],
    label: "Maya Okafor's followers",
    onToggleFollow: fn(),
  },
  parameters: { docs: { story: inFrame('420px') } },
} satisfies Meta<typeof PeopleList>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Each person links to their profile by name (the avatar too, for the pointer) and has their
 * own Follow / Unfollow button; a follow on its way is busy; the current user is marked 'You'.
 */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: "Maya Okafor's followers" });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    await expect(canvas.getByRole('link', { name: 'Sofia Martins' })).toHaveAttribute(
      'href',
      '/profile-page/sofia_bakes',
    );
    // The guest's own row leads to their own profile and has no Follow button.
    await expect(canvas.getByRole('link', { name: 'Guest User' })).toHaveAttribute(
      'href',
      '/profile-page',
    );
    await expect(canvas.queryByRole('button', { name: /Guest User/ })).toBeNull();
    await expect(canvas.getByText('You')).toBeVisible();
    // Busy while its follow is on its way.
    await expect(canvas.getByRole('button', { name: 'Follow Noah Williams' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Follow Sofia Martins' }));
    await expect(args.onToggleFollow).toHaveBeenCalledWith(idOf('sofia_bakes'));
    await userEvent.click(canvas.getByRole('button', { name: 'Unfollow Maya Okafor' }));
    await expect(args.onToggleFollow).toHaveBeenCalledWith(idOf('maya_okafor'));
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** By keyboard: one stop per person for the name, then their button; the avatar is skipped. */
export const KeyboardOrder: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Maya Okafor' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Unfollow Maya Okafor' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Liam Chen' })).toHaveFocus();
  },
};

/**
 * Read a page at a time: 'Show more' under the rows asks for the next page; while it is read the
 * button is busy and keeps focus, so the keyboard stays where it was.
 */
export const MorePeople: Story = {
  args: { more: { status: 'idle', onLoadMore: fn() } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show more' }));
    await expect(args.more?.onLoadMore).toHaveBeenCalledTimes(1);
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

export const LoadingMorePeople: Story = {
  args: { more: { status: 'loading', onLoadMore: fn() } },
  play: async ({ canvasElement }) => {
    const more = within(canvasElement).getByRole('button', { name: /Show more/ });
    await expect(more).toHaveAttribute('aria-busy', 'true');
  },
};

/** The next page could not be read: the people read so far stay, with 'Retry'. */
export const MorePeopleFailed: Story = {
  args: { more: { status: 'failed', onLoadMore: fn() } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('More people could not be loaded.')).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(otherUsers.length + 1);
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.more?.onLoadMore).toHaveBeenCalledTimes(1);
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** After the last page there is nothing more to ask for. */
export const AllPeopleRead: Story = {
  args: { more: { status: 'end', onLoadMore: fn() } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Show more' })).toBeNull();
  },
};

/** Without paths (people the app cannot link to), names are plain text. */
export const WithoutLinks: Story = {
  args: {
    people: followSuggestions().map(({ path: _path, ...person }) => person),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryAllByRole('link')).toHaveLength(0);
  },
};

/** At phone width the longest possible name stays on one line, cut with an ellipsis. */
export const PhoneLongestName: Story = {
  ...phoneStory,
  args: {
    people: [
      {
        user: longestNameUser,
        path: profilePathOf(longestNameUser.username),
        following: false,
        pending: false,
      },
      ...followSuggestions(otherUsers.slice(0, 2)),
    ],
  },
  play: async ({ canvasElement }) => {
    const name = within(canvasElement).getByRole('link', {
      name: `${longestNameUser.firstName} ${longestNameUser.lastName}`,
    });
    await expect(name.scrollWidth).toBeGreaterThan(name.clientWidth);
    await expect(name.getBoundingClientRect().height).toBeLessThan(30);
  },
};
