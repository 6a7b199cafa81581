import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import styled from 'styled-components';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { AppLayout } from '../../src/components/layout/AppLayout';
import { CommentComposer } from '../../src/components/post/CommentComposer';
import { SearchBox } from '../../src/components/search/SearchBox';
import { WhoToFollow } from '../../src/components/user/WhoToFollow';
import { followSuggestions, guestUser, longestNameUser } from '../fixtures-user';
import { checkComment } from '../post/fixtures';

/**
 * Stand-in page content for the main column (the real screens are stories of their own): a
 * title and a few post-shaped cards, enough to see the frame around them.
 */
function SamplePage({ title, short = false }: { title: string; short?: boolean }) {
  const all = [
    {
      who: 'Maya Okafor',
      text: 'Shipped the new focus styles today. Tab through the app and tell me what you think!',
    },
    {
      who: 'Liam Chen',
      text: 'Morning run along the river: 8 km, one heron, zero rain. A good start to the week.',
    },
    { who: 'Guest User', text: 'Hello, Murmur! Just looking around for now.' },
  ];
  // On phones one card keeps the page within the screen, so the picture shows the fixed bars
  // where a person sees them (a full-page capture draws fixed bars at the first screen's foot).
  const notes = short ? all.slice(0, 1) : all;
  return (
    <Page>
      <h1>{title}</h1>
      {notes.map((note) => (
        <Card key={note.who}>
          <strong>{note.who}</strong>
          <p>{note.text}</p>
        </Card>
      ))}
    </Page>
  );
}

const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  h1 {
    font-size: ${({ theme }) => theme.font.size.xxl};
    line-height: ${({ theme }) => theme.font.lineHeight.tight};
  }
`;

const Card = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const aside = <WhoToFollow people={followSuggestions()} onToggleFollow={fn()} />;

/** The search field as the app gives it, before anything is typed. */
const search = (
  <SearchBox
    query=""
    status="idle"
    results={null}
    onQueryChange={fn()}
    onClear={fn()}
    onRetry={fn()}
    onChoosePerson={fn()}
    onChoosePost={fn()}
  />
);

/** The search field holding what is typed, as the page's search machine keeps it. */
function TypedSearch() {
  const [query, setQuery] = useState('');
  return (
    <SearchBox
      query={query}
      status="idle"
      results={null}
      onQueryChange={setQuery}
      onClear={() => setQuery('')}
      onRetry={fn()}
      onChoosePerson={fn()}
      onChoosePost={fn()}
    />
  );
}

const meta = {
  title: 'Layout/AppLayout',
  component: AppLayout,
  args: {
    user: guestUser,
    onNewPost: fn(),
    newPostDisabled: false,
    themeChoice: 'system',
    onThemeChange: fn(),
    onLogout: fn(),
    aside,
    children: <SamplePage title="Home" />,
  },
  parameters: { docs: { story: inFrame('800px') }, router: { initialEntries: ['/home-page'] } },
} satisfies Meta<typeof AppLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

const NAV_TARGETS = [
  ['Home', '/home-page'],
  ['Explore', '/explore-page'],
  ['Notifications', '/notifications'],
  ['Bookmark', '/bookmark-page'],
  ['Profile', '/profile-page'],
] as const;

/** Home active: landmarks, brand link, the five links, New Post. */
export const Home: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = within(canvas.getByRole('navigation', { name: 'Main' }));
    for (const [name, href] of NAV_TARGETS) {
      await expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Explore' })).not.toHaveAttribute('aria-current');
    await expect(canvas.getByRole('link', { name: 'Murmur' })).toHaveAttribute(
      'href',
      '/home-page',
    );
    await expect(canvas.getByRole('main')).toContainElement(
      canvas.getByRole('heading', { level: 1, name: 'Home' }),
    );
    await expect(canvas.getByRole('complementary', { name: 'Who to follow' })).toBeVisible();
    await expect(canvas.getByText('@guest')).toBeVisible();
    // The phone's round button is not there at this width.
    await expect(canvas.queryByRole('button', { name: 'New post' })).toBeNull();
    const newPost = canvas.getByRole('button', { name: 'New Post' });
    await userEvent.click(newPost);
    await expect(args.onNewPost).toHaveBeenCalledOnce();
    newPost.blur();
  },
};

export const Explore: Story = {
  args: { children: <SamplePage title="Explore" /> },
  parameters: { router: { initialEntries: ['/explore-page'] } },
  play: async ({ canvasElement }) => {
    const nav = within(within(canvasElement).getByRole('navigation', { name: 'Main' }));
    await expect(nav.getByRole('link', { name: 'Explore' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  },
};

/** On the bookmark page the page passes newPostDisabled: New Post is disabled. */
export const BookmarkNewPostDisabled: Story = {
  args: { newPostDisabled: true, children: <SamplePage title="Your Bookmarks" /> },
  parameters: { router: { initialEntries: ['/bookmark-page'] } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      within(canvas.getByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: 'Bookmark',
      }),
    ).toHaveAttribute('aria-current', 'page');
    const newPost = canvas.getByRole('button', { name: 'New Post' });
    await expect(newPost).toBeDisabled();
    await userEvent.click(newPost, { pointerEventsCheck: 0 });
    await expect(args.onNewPost).not.toHaveBeenCalled();
  },
};

export const Profile: Story = {
  args: { children: <SamplePage title="Guest User" /> },
  parameters: { router: { initialEntries: ['/profile-page'] } },
  play: async ({ canvasElement }) => {
    const nav = within(within(canvasElement).getByRole('navigation', { name: 'Main' }));
    await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** Without a side panel the column is left out. */
export const WithoutAside: Story = {
  args: { aside: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('complementary')).toBeNull();
  },
};

/**
 * A signed-in person with the longest name the rules allow (40 + 35): at the foot of the
 * navigation it stays on one line, cut with an ellipsis, the full name in its tooltip.
 * (On phones this corner is not shown.)
 */
export const CurrentUserLongestName: Story = {
  args: { user: longestNameUser },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const full = 'Bartholomew-Maximilian-Alexander-Augusto Vandersteenhoven-Castellanos-Rivera';
    for (const text of [full, '@bartholomew_augusto']) {
      const line = canvas.getByTitle(text);
      await expect(line).toHaveTextContent(text);
      const lineHeight = parseFloat(getComputedStyle(line).lineHeight);
      await expect(line.getBoundingClientRect().height).toBeCloseTo(lineHeight, 0);
    }
    const name = canvas.getByTitle(full);
    await expect(name.scrollWidth).toBeGreaterThan(name.clientWidth); // cut, with an ellipsis
    await expect(name).toHaveStyle({ textOverflow: 'ellipsis' });
    await expect(name).toHaveAttribute('dir', 'auto');
  },
};

/**
 * The current user's card opens the account menu above it: Profile, the three themes (the one in
 * force checked) and Log out, by pointer or keyboard (ArrowUp opens it on its last item). The
 * picture shows it open, by keyboard.
 */
export const AccountMenu: Story = {
  args: { themeChoice: 'light' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    // Named by its text (the name, the @username) and a hidden ', account menu'.
    const card = canvas.getByRole('button', { name: /^Guest User\s*@guest\s*, account menu$/ });
    await expect(card).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(card);
    const menu = within(canvas.getByRole('menu', { name: 'Account' }));
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await expect(menu.getByRole('menuitemradio', { name: 'Light theme' })).toBeChecked();
    await expect(menu.getByRole('menuitemradio', { name: 'Dark theme' })).not.toBeChecked();
    await userEvent.click(menu.getByRole('menuitemradio', { name: 'Dark theme' }));
    await expect(args.onThemeChange).toHaveBeenCalledWith('dark');
    await expect(canvas.queryByRole('menu')).toBeNull();
    await expect(card).toHaveFocus();

    await userEvent.keyboard('{ArrowUp}');
    const reopened = within(canvas.getByRole('menu', { name: 'Account' }));
    const logOut = reopened.getByRole('menuitem', { name: 'Log out' });
    await expect(logOut).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onLogout).toHaveBeenCalledOnce();

    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
  },
};

/** The first Tab shows 'Skip to content'; it moves focus to the main column. */
export const KeyboardSkipLink: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const skip = canvas.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toHaveFocus();
    await expect(skip).toHaveAttribute('href', '#main-content');
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Murmur' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Home' })).toHaveFocus();
  },
};

/** Phone: sticky title, bottom tab bar, and the round "New post" button instead of New Post. */
export const PhoneHome: Story = {
  ...phoneStory,
  args: { children: <SamplePage title="Home" short /> },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'New Post' })).toBeNull();
    const title = canvas.getByRole('link', { name: 'Murmur' });
    await expect(title).toBeVisible();
    await expect(title).toHaveAttribute('href', '/home-page');
    await expect(canvas.getByRole('banner')).toContainElement(title);
    const nav = within(canvas.getByRole('navigation', { name: 'Main' }));
    for (const [name, href] of NAV_TARGETS) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
      await expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const plus = canvas.getByRole('button', { name: 'New post' });
    await userEvent.click(plus);
    await expect(args.onNewPost).toHaveBeenCalledOnce();
    plus.blur();
  },
};

const onComment = fn();

/**
 * Phone, writing a comment: the round "New post" button steps aside while a field of a form in
 * the page is typed into, so a composer scrolled to the bottom right never has its Post button
 * under it, and comes back a moment after the typing ends.
 */
export const PhoneWritingAComment: Story = {
  ...phoneStory,
  args: {
    children: (
      <>
        <SamplePage title="Home" short />
        <CommentComposer check={checkComment} onSubmit={onComment} />
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const plus = canvas.getByRole('button', { name: 'New post' });
    await expect(plus).toBeVisible();
    await userEvent.click(canvas.getByRole('textbox', { name: 'Add a comment' }));
    await expect(plus).not.toBeVisible();
    await userEvent.keyboard('Lovely morning');
    await expect(plus).not.toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Post' }));
    await expect(onComment).toHaveBeenCalledWith('Lovely morning');
    await waitFor(() => expect(getComputedStyle(plus).opacity).toBe('1'));
    await expect(plus).toBeVisible();
  },
};

export const PhoneExplore: Story = {
  ...phoneStory,
  args: { children: <SamplePage title="Explore" short /> },
  parameters: { ...phoneStory.parameters, router: { initialEntries: ['/explore-page'] } },
};

export const PhoneBookmarkNewPostDisabled: Story = {
  ...phoneStory,
  args: { newPostDisabled: true, children: <SamplePage title="Your Bookmarks" short /> },
  parameters: { ...phoneStory.parameters, router: { initialEntries: ['/bookmark-page'] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'New post' })).toBeDisabled();
  },
};

export const PhoneProfile: Story = {
  ...phoneStory,
  args: { children: <SamplePage title="Guest User" short /> },
  parameters: { ...phoneStory.parameters, router: { initialEntries: ['/profile-page'] } },
};

/**
 * Three notifications unread: a badge at the end of the Notifications link, which says it
 * ('Notifications, 3 unread'). The badge takes no room: the label stays where it was.
 */
export const UnreadNotifications: Story = {
  args: { unreadNotifications: 3 },
  play: async ({ canvasElement }) => {
    const nav = within(within(canvasElement).getByRole('navigation', { name: 'Main' }));
    const link = nav.getByRole('link', { name: 'Notifications, 3 unread' });
    await expect(link).toHaveAttribute('href', '/notifications');
    await expect(within(link).getByText('3')).toBeVisible();
    const explore = nav.getByRole('link', { name: 'Explore' }).getBoundingClientRect();
    await expect(link.getBoundingClientRect().height).toBe(explore.height);
  },
};

/** More than 99 unread: the badge reads '99+', and so does the link's name. */
export const ManyUnreadNotifications: Story = {
  args: { unreadNotifications: 120 },
  parameters: { router: { initialEntries: ['/notifications'] } },
  play: async ({ canvasElement }) => {
    const nav = within(within(canvasElement).getByRole('navigation', { name: 'Main' }));
    const link = nav.getByRole('link', { name: 'Notifications, 99+ unread' });
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(within(link).getByText('99+')).toBeVisible();
  },
};

/**
 * Phone: the five links share the tab bar, and the count sits on the bell's corner without
 * moving the icon or the label.
 */
export const PhoneUnreadNotifications: Story = {
  ...phoneStory,
  args: { unreadNotifications: 120, children: <SamplePage title="Home" short /> },
  play: async ({ canvasElement }) => {
    const nav = within(within(canvasElement).getByRole('navigation', { name: 'Main' }));
    const bell = nav.getByRole('link', { name: 'Notifications, 99+ unread' });
    await expect(within(bell).getByText('99+')).toBeVisible();
    const links = nav.getAllByRole('link');
    await expect(links).toHaveLength(5);
    for (const link of links) {
      // Every label fits its tab: nothing cut, nothing wider than the screen.
      await expect(link.scrollWidth).toBeLessThanOrEqual(link.clientWidth);
      await expect(link.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    }
    const icon = (link: HTMLElement) => link.querySelector('svg')?.getBoundingClientRect().top;
    await expect(icon(bell)).toBe(icon(links[0] as HTMLElement));
  },
};

/**
 * The live stream is down and reconnecting: a quiet line at the foot of the page says updates are
 * paused (a polite status, read once), over the page so nothing moves.
 */
export const LiveUpdatesPaused: Story = {
  args: { liveDown: true },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent('Live updates paused. Reconnecting…');
    // Over the page, not in its flow: nothing moves as it comes and goes.
    await expect(getComputedStyle(status).position).toBe('fixed');
  },
};

/** On a phone, the line sits above the tab bar and the round new-post button's row. */
export const PhoneLiveUpdatesPaused: Story = {
  ...phoneStory,
  args: { liveDown: true, children: <SamplePage title="Home" short /> },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    const bar = within(canvasElement).getByRole('navigation', { name: 'Main' });
    await expect(status.getBoundingClientRect().bottom).toBeLessThanOrEqual(
      bar.getBoundingClientRect().top,
    );
  },
};

/** With the search: at the top of the right column, above 'Who to follow'; `/` focuses it. */
export const WithSearch: Story = {
  args: { search },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole('combobox', { name: 'Search people and posts' });
    const panel = canvas.getByRole('complementary', { name: 'Who to follow' });
    await expect(field.getBoundingClientRect().bottom).toBeLessThan(
      panel.getBoundingClientRect().top,
    );
    await userEvent.keyboard('/');
    await expect(field).toHaveFocus();
  },
};

/**
 * Phone: 'Search' in the top bar opens the field under the title, inside the bar, so the page's
 * heading moves down instead of being covered; `/` opens it too, and the button closes it.
 */
export const PhoneSearchOpens: Story = {
  ...phoneStory,
  args: { search, children: <SamplePage title="Home" short /> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const heading = canvas.getByRole('heading', { name: 'Home', level: 1 });
    const before = heading.getBoundingClientRect().top;
    await userEvent.keyboard('/');
    const field = canvas.getByRole('combobox', { name: 'Search people and posts' });
    await expect(field).toHaveFocus();
    const bar = canvas.getByRole('banner');
    await expect(bar).toContainElement(field);
    const after = heading.getBoundingClientRect().top;
    await expect(after).toBeGreaterThan(before);
    await expect(after).toBeGreaterThanOrEqual(bar.getBoundingClientRect().bottom);
    await userEvent.click(canvas.getByRole('button', { name: 'Close search' }));
    await expect(field).not.toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await expect(field).toHaveFocus();
  },
};

/**
 * Phone, from the keyboard: Escape first does the field's own work (closing its list, then
 * clearing what was typed); once there is nothing left for it, Escape closes the search and focus
 * goes back to the 'Search' button, with its ring.
 */
export const PhoneSearchClosesWithEscape: Story = {
  ...phoneStory,
  args: { search: <TypedSearch />, children: <SamplePage title="Home" short /> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Search' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const field = canvas.getByRole('combobox', { name: 'Search people and posts' });
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.type(field, 'maya');
    await userEvent.keyboard('{Escape}');
    await expect(field).toHaveValue('maya');
    await userEvent.keyboard('{Escape}');
    await expect(field).toHaveValue('');
    await expect(field).toBeVisible();
    await expect(field).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(field).not.toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toHaveAccessibleName('Search');
    await expect(button).toHaveFocus();
    await expect(button).toHaveStyle({ outlineStyle: 'solid' });
  },
};
