import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { Notification, NotificationKind, UserSummary } from '../../src/api/types';
import { NotificationsScreen } from '../../src/components/screens/NotificationsScreen';
import { notificationViewOf } from '../../src/machines/notificationViews';
import { SEED_POST_IDS } from '../../src/seed/posts';
import { STORY_NOW } from '../../.storybook/clock';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { longestNameUser } from '../fixtures-user';
import { person } from '../post/fixtures';
import { withAppFrame } from '../post/decorators';

const maya = person('maya_okafor');
const liam = person('liam_chen');
const sofia = person('sofia_bakes');
const noah = person('noah_runs');
const longest: UserSummary = longestNameUser;

/** A time `minutes` before the stories' pinned clock. */
const ago = (minutes: number) => new Date(Date.parse(STORY_NOW) - minutes * 60_000).toISOString();

let seq = 100;

/** A notification as the API answers it (newest actors first). */
function notice(
  kind: NotificationKind,
  actors: UserSummary[],
  minutesAgo: number,
  extra: Partial<Notification> = {},
): Notification {
  seq -= 1;
  return {
    id: `n-${kind}-${seq}`,
    kind,
    actors: actors.slice(0, 3),
    actorCount: actors.length,
    ...(kind === 'follow' ? {} : { postId: SEED_POST_IDS.guestHello }),
    createdAt: ago(minutesAgo),
    seq,
    unread: false,
    ...extra,
  };
}

const HELLO = 'Hello, Murmur! Just looking around for now.';
const COMMENT = 'Welcome! The bread threads here are the best part, start with Sofia’s.';

/** Every kind once, with one, two and four people, the newest three unread. */
const grouped: Notification[] = [
  notice('like', [maya, liam, sofia, noah], 5, { excerpt: HELLO, unread: true }),
  notice('comment', [liam, maya], 42, { excerpt: COMMENT, unread: true }),
  notice('follow', [sofia], 180, { unread: true }),
  notice('reply', [noah], 60 * 5, { commentId: 'c1', excerpt: 'Same here! Which one first?' }),
  notice('upvote', [maya, sofia], 60 * 20, { commentId: 'c2', excerpt: COMMENT }),
  notice('mention', [liam], 60 * 26, {
    postId: SEED_POST_IDS.liamRidge,
    excerpt:
      'Sunrise on the ridge trail today. @guest you have to come next time, the light on the ' +
      'valley at six is something else, and the coffee at the top tastes twice as good.',
  }),
  notice('downvote', [noah, maya, liam, sofia], 60 * 24 * 3, { commentId: 'c3', excerpt: COMMENT }),
  notice('dislike', [longest], 60 * 24 * 9, { excerpt: HELLO }),
];

const KINDS: NotificationKind[] = [
  'like',
  'comment',
  'follow',
  'reply',
  'upvote',
  'mention',
  'downvote',
  'dislike',
];
const PEOPLE = [maya, liam, sofia, noah];

/** 32 notifications, an hour or so apart, the first four unread. */
const many: Notification[] = Array.from({ length: 32 }, (_, index) => {
  const kind = KINDS[index % KINDS.length] as NotificationKind;
  const count = [1, 2, 4, 1, 3][index % 5] as number;
  const actors = Array.from(
    { length: count },
    (_unused, n) => PEOPLE[(index + n) % PEOPLE.length] as UserSummary,
  );
  return notice(kind, actors, 7 + index * 97, {
    id: `n-many-${index}`,
    unread: index < 4,
    ...(kind === 'follow' ? {} : { excerpt: index % 2 === 0 ? HELLO : COMMENT }),
  });
});

const views = (list: Notification[]) => list.map((n) => notificationViewOf(n, 'guest'));

const meta = {
  title: 'Screens/Notifications',
  component: NotificationsScreen,
  decorators: [withAppFrame],
  parameters: {
    docs: { story: inFrame('800px') },
    router: { initialEntries: ['/notifications'] },
  },
  args: {
    notifications: views(grouped),
    status: 'ready',
    more: 'end',
    onRetry: fn(),
    onLoadMore: fn(),
  },
} satisfies Meta<typeof NotificationsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Every kind, grouped: one, two or more people ("and 3 others"), the newest three unread (a dot,
 * a tinted row, "Unread" to screen readers). Each row is one link: to the post, or to the
 * follower's page.
 */
export const Grouped: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const list = canvas.getByRole('list', { name: 'Notifications' });
    const links = within(list).getAllByRole('link');
    await expect(links).toHaveLength(8);
    await expect(links[0]).toHaveAccessibleName(
      `Unread: Maya Okafor and 3 others liked your post ${HELLO} 5m`,
    );
    await expect(links[0]).toHaveAttribute('href', '/post/post-guest-hello');
    await expect(links[1]).toHaveAccessibleName(
      `Unread: Liam Chen and Maya Okafor commented on your post ${COMMENT} 42m`,
    );
    await expect(links[2]).toHaveAccessibleName('Unread: Sofia Martins followed you 3h');
    await expect(links[2]).toHaveAttribute('href', '/profile-page/sofia_bakes');
    await expect(links[3]).toHaveAccessibleName(
      'Noah Williams replied to your comment Same here! Which one first? 5h',
    );
    await expect(canvas.getByText("You're all caught up")).toBeVisible();
    // The names are bold; the nav's link says where one is.
    await expect(within(links[1] as HTMLElement).getByText('Maya Okafor').tagName).toBe('STRONG');
    const nav = within(canvas.getByRole('navigation', { name: 'Main' }));
    await expect(nav.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** Nothing yet: an invitation, and no list. */
export const Empty: Story = {
  args: { notifications: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'No notifications yet' }),
    ).toBeVisible();
    await expect(canvas.queryByRole('list', { name: 'Notifications' })).toBeNull();
    await expect(canvas.queryByText("You're all caught up")).toBeNull();
  },
};

/** The first page on its way. */
export const Loading: Story = {
  args: { notifications: [], status: 'loading', more: 'idle' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading notifications')).toBeVisible();
  },
};

/** The first page could not be read: 'Retry' asks again. */
export const Failed: Story = {
  args: { notifications: [], status: 'failed', more: 'idle' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { name: 'Notifications could not be loaded' }),
    ).toBeVisible();
    const retry = canvas.getByRole('button', { name: 'Retry' });
    await userEvent.click(retry);
    await expect(args.onRetry).toHaveBeenCalledOnce();
    retry.blur();
  },
};

/** A long list with more to read: 'Show more' asks for the next page. */
export const Long: Story = {
  args: { notifications: views(many), more: 'idle' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      within(canvas.getByRole('list', { name: 'Notifications' })).getAllByRole('link'),
    ).toHaveLength(32);
    const showMore = canvas.getByRole('button', { name: 'Show more' });
    await userEvent.click(showMore);
    await expect(args.onLoadMore).toHaveBeenCalledOnce();
    showMore.blur();
  },
};

/** The next page on its way: 'Show more' is busy (and ignores presses), a status says so. */
export const LoadingMore: Story = {
  args: { notifications: views(many.slice(0, 6)), more: 'loading' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const showMore = canvas.getByRole('button', { name: 'Show more' });
    await expect(showMore).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(showMore);
    await expect(args.onLoadMore).not.toHaveBeenCalled();
    showMore.blur();
    await expect(canvas.getByText('Loading more notifications')).toBeInTheDocument();
  },
};

/** The next page could not be read: it says so, and 'Retry' asks again. */
export const MoreFailed: Story = {
  args: { notifications: views(many.slice(0, 6)), more: 'failed' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'More notifications could not be loaded.',
    );
    const retry = canvas.getByRole('button', { name: 'Retry' });
    await userEvent.click(retry);
    await expect(args.onLoadMore).toHaveBeenCalledOnce();
    retry.blur();
  },
};

/** The grouped list in the dark theme. */
export const Dark: Story = { globals: { theme: 'dark' } };

/** At 390 px: the rows keep their avatars, sentence and time; the bell is in the tab bar. */
export const Phone: Story = {
  ...phoneStory,
  parameters: { ...phoneStory.parameters, appFrame: { aside: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = within(canvas.getByRole('navigation', { name: 'Main' }));
    await expect(nav.getByRole('link', { name: 'Notifications' })).toBeVisible();
    const list = canvas.getByRole('list', { name: 'Notifications' });
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
  },
};

/** At 390 px, in the dark theme. */
export const PhoneDark: Story = {
  ...phoneStory,
  globals: { ...phoneStory.globals, theme: 'dark' },
  parameters: { ...phoneStory.parameters, appFrame: { aside: false } },
};
