import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import styled from 'styled-components';
import { expect, fn, userEvent, within } from 'storybook/test';
import { phoneStory } from '../../.storybook/viewports';
import type { WhoToFollowProps } from '../../src/components/user/WhoToFollow';
import { WhoToFollow } from '../../src/components/user/WhoToFollow';
import { followSuggestions, longestNameUser, longUser, otherUsers } from '../fixtures-user';

/** The side-panel column it lives in: as wide as the layout's aside. */
const Column = styled.div`
  max-width: calc(20rem + 2 * ${({ theme }) => theme.space.lg});
  padding: ${({ theme }) => theme.space.lg};

  ${({ theme }) => theme.media.phone} {
    max-width: none;
    padding: ${({ theme }) => theme.space.md};
  }
`;

/** Keeps who is followed, the way the people machine does on a toggle, so the buttons toggle. */
function StatefulWhoToFollow(props: WhoToFollowProps) {
  const [followed, setFollowed] = useState(
    () => new Set(props.people.filter((p) => p.following).map((p) => p.user._id)),
  );
  return (
    <Column>
      <WhoToFollow
        {...props}
        people={props.people.map((p) => ({ ...p, following: followed.has(p.user._id) }))}
        onToggleFollow={(userId) => {
          if (!props.people.find((p) => p.user._id === userId)?.pending) {
            setFollowed((ids) => {
              const next = new Set(ids);
              if (!next.delete(userId)) next.add(userId);
              return next;
            });
          }
          props.onToggleFollow(userId);
        }}
      />
    </Column>
  );
}

const idOf = (username: string) => otherUsers.find((u) => u.username === username)?._id;

const meta = {
  title: 'User/WhoToFollow',
  component: WhoToFollow,
  render: (args) => <StatefulWhoToFollow {...args} />,
  args: {
    people: followSuggestions(),
    onToggleFollow: fn(),
  },
} satisfies Meta<typeof WhoToFollow>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The seed: the guest follows Maya and Liam, not Sofia and Noah. */
export const FollowingSome: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Who to follow' })).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(4);
    // Each name is the one link to the person's profile; the avatar is a pointer shortcut.
    await expect(canvas.getByRole('link', { name: 'Maya Okafor' })).toHaveAttribute(
      'href',
      '/profile-page/maya_okafor',
    );
    await expect(canvas.getAllByRole('link')).toHaveLength(4);
    await expect(canvas.getByRole('button', { name: 'Unfollow Maya Okafor' })).toHaveTextContent(
      'Unfollow',
    );
    const follow = canvas.getByRole('button', { name: 'Follow Sofia Martins' });
    await expect(follow).toHaveTextContent('Follow');
    await userEvent.click(follow);
    await expect(args.onToggleFollow).toHaveBeenCalledWith(idOf('sofia_bakes'));
    await expect(canvas.getByRole('button', { name: 'Unfollow Sofia Martins' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Unfollow Maya Okafor' }));
    await expect(args.onToggleFollow).toHaveBeenCalledWith(idOf('maya_okafor'));
    // Back to the seed's picture.
    await userEvent.click(canvas.getByRole('button', { name: 'Unfollow Sofia Martins' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Follow Maya Okafor' }));
    await expect(canvas.getAllByRole('button', { name: /^Unfollow/ })).toHaveLength(2);
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  },
};

export const FollowingNone: Story = {
  args: { people: followSuggestions().map((p) => ({ ...p, following: false })) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('button', { name: /^Follow / })).toHaveLength(4);
    await expect(canvas.queryByRole('button', { name: /^Unfollow/ })).toBeNull();
  },
};

/** A follow and an unfollow on their way: those buttons are busy and ignore presses. */
export const Pending: Story = {
  args: { people: followSuggestions(otherUsers, ['sofia_bakes', 'liam_chen']) },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const busy = canvas.getByRole('button', { name: 'Follow Sofia Martins' });
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(busy);
    await expect(args.onToggleFollow).not.toHaveBeenCalled();
    busy.blur();
    await expect(canvas.getByRole('button', { name: 'Unfollow Liam Chen' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** While the people load: a spinner, never 'No one else is here yet' (there may well be). */
export const Loading: Story = {
  args: { people: [], status: 'loading' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Who to follow' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading people');
    await expect(canvas.queryByText(/No one else is here yet/)).toBeNull();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** The people could not be loaded: say so, and offer 'Retry' (not 'No one else is here yet'). */
export const Failed: Story = {
  args: { people: [], status: 'failed', onRetry: fn() },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('People could not be loaded.')).toBeVisible();
    await expect(canvas.queryByText(/No one else is here yet/)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  },
};

export const EmptyList: Story = {
  args: { people: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/No one else is here yet/)).toBeVisible();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** The height of one line of an element's text. */
const oneLineHeight = (element: Element) => parseFloat(getComputedStyle(element).lineHeight);

/** A name and a @username on one line, cut with an ellipsis, the full text in their tooltip. */
async function expectOneLine(canvasElement: HTMLElement, text: string) {
  const element = within(canvasElement).getByTitle(text);
  await expect(element).toHaveTextContent(text);
  await expect(element.getBoundingClientRect().height).toBeCloseTo(oneLineHeight(element), 0);
  await expect(element.scrollWidth).toBeGreaterThan(element.clientWidth);
}

/** A long name and username are cut with an ellipsis; the button keeps its place. */
export const LongName: Story = {
  args: { people: followSuggestions([longUser, ...otherUsers.slice(0, 2)]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = 'Bartholomew-Maximilian Vandersteenhoven-Castellanos';
    await expect(canvas.getByRole('button', { name: `Follow ${name}` })).toBeVisible();
    await expectOneLine(canvasElement, name);
  },
};

/** More suggestions than the panel asked for: 'Show more' reads the next few. */
export const MoreSuggestions: Story = {
  args: { more: { status: 'idle', onLoadMore: fn() } },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show more' }));
    await expect(args.more?.onLoadMore).toHaveBeenCalledTimes(1);
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

export const Phone: Story = { ...phoneStory };

/** The longest name the rules allow (40 + 35) at phone width: one line, cut. */
export const PhoneLongestName: Story = {
  ...phoneStory,
  args: { people: followSuggestions([longestNameUser, ...otherUsers.slice(0, 2)]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = 'Bartholomew-Maximilian-Alexander-Augusto Vandersteenhoven-Castellanos-Rivera';
    await expectOneLine(canvasElement, name);
    const follow = canvas.getByRole('button', { name: `Follow ${name}` });
    await expect(follow.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  },
};
