import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import type { DemoInfoResponse } from '../../src/api/types';
import { StoryIndexPage } from '../../.storybook/blocks/StoryIndexPage';
import { phoneStory } from '../../.storybook/viewports';
import { findPost, PAGE_TIMEOUT } from './journey';
import { loadMurmurCode, MurmurStory } from './MurmurStory';

/**
 * The whole app, one story per route, on the full mock API with a fresh copy of the seed:
 * logged out and logged in, desktop and phone. The journeys are in Journeys.stories.tsx.
 */
const meta = {
  title: 'App/Routes',
  component: MurmurStory,
  loaders: [loadMurmurCode],
  parameters: { router: false, docs: { page: StoryIndexPage } },
} satisfies Meta<typeof MurmurStory>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Login: Story = {
  args: { path: '/' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: 'Add Guest Credentials' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Create New Account' })).toBeVisible();
  },
};

export const LoginPhone: Story = { ...Login, ...phoneStory };

/** `GET /api/demo` as a server people share answers it: no guest account, no demo reset. */
const sharedServer = {
  msw: {
    handlers: [
      http.get('*/api/demo', () =>
        HttpResponse.json<DemoInfoResponse>({ guest: false, reset: false }),
      ),
    ],
  },
};

/**
 * On a server without the guest account: no 'Add Guest Credentials' (the app on the mock assumes
 * one until the server says otherwise, so here it goes once the answer comes).
 */
export const LoginWithoutGuest: Story = {
  args: { path: '/' },
  parameters: sharedServer,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Login' })).toBeVisible();
    await waitFor(() =>
      expect(canvas.queryByRole('button', { name: 'Add Guest Credentials' })).toBeNull(),
    );
    await expect(canvas.getByRole('link', { name: 'Create New Account' })).toBeVisible();
  },
};

export const LoginWithoutGuestPhone: Story = {
  ...LoginWithoutGuest,
  ...phoneStory,
  parameters: { ...sharedServer, ...phoneStory.parameters },
};

export const Signup: Story = {
  args: { path: '/signup-page' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('First name')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Already have an account' })).toHaveAttribute(
      'href',
      '/',
    );
  },
};

export const SignupPhone: Story = { ...Signup, ...phoneStory };

/** A protected page while logged out: the login form instead. */
export const ProtectedWhileLoggedOut: Story = {
  args: { path: '/profile-page' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Login' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  },
};

/** Logged in, opening the login page: straight on to Home. */
export const LoginWhileLoggedIn: Story = {
  args: { path: '/', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Home', level: 1 }, PAGE_TIMEOUT),
    ).toBeVisible();
  },
};

export const Home: Story = {
  args: { path: '/home-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Home', level: 1 }, PAGE_TIMEOUT),
    ).toBeVisible();
    // The guest's own post and those of the two people they follow; not Sofia's or Noah's.
    await findPost(canvasElement, 'Hello Murmur!');
    await findPost(canvasElement, 'Blue hour from the rooftop');
    await expect(canvas.queryByText(/Scones are in the oven/)).not.toBeInTheDocument();
    const aside = canvas.getByRole('complementary', { name: 'Who to follow' });
    await expect(
      await within(aside).findByRole('button', { name: 'Follow Sofia Martins' }, PAGE_TIMEOUT),
    ).toBeVisible();
    // Only people not followed yet: Maya and Liam, whom the guest follows, are not suggested.
    await expect(within(aside).queryByRole('link', { name: 'Maya Okafor' })).toBeNull();
    await expect(within(aside).queryByRole('button', { name: /Maya Okafor/ })).toBeNull();
  },
};

export const HomePhone: Story = {
  ...Home,
  ...phoneStory,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Home', level: 1 }, PAGE_TIMEOUT),
    ).toBeVisible();
    await findPost(canvasElement, 'Hello Murmur!');
    await expect(canvas.getByRole('button', { name: 'New post' })).toBeVisible();
    // 'New Post' is hidden on phones; the round plus button does the same.
    await expect(canvas.queryByRole('button', { name: 'New Post' })).not.toBeInTheDocument();
  },
};

export const Explore: Story = {
  args: { path: '/explore-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Explore', level: 1 }, PAGE_TIMEOUT),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Trending' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Latest' })).toBeVisible();
    await findPost(canvasElement, 'Scones are in the oven');
    await expect(canvas.getAllByRole('article')).toHaveLength(8);
  },
};

export const ExplorePhone: Story = { ...Explore, ...phoneStory };

export const Bookmarks: Story = {
  args: { path: '/bookmark-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Your Bookmarks' }, PAGE_TIMEOUT),
    ).toBeVisible();
    await expect(await canvas.findByText('Nothing in bookmark')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'New Post' })).toBeDisabled();
  },
};

export const BookmarksPhone: Story = {
  ...Bookmarks,
  ...phoneStory,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Your Bookmarks' }, PAGE_TIMEOUT),
    ).toBeVisible();
    await expect(await canvas.findByText('Nothing in bookmark')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'New post' })).toBeDisabled();
  },
};

export const Profile: Story = {
  args: { path: '/profile-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Edit Profile' })).toBeVisible();
    // The card's handle, first on the page; the guest's posts below may carry it too by now (the
    // shell loads the posts while the page's code is still arriving).
    const [handle] = within(canvas.getByRole('main')).getAllByText('@guest');
    await expect(handle).toBeVisible();
    await findPost(canvasElement, 'Hello Murmur!');
    await expect(canvas.getByRole('button', { name: 'Change password' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Reset demo data' })).toBeVisible();
  },
};

export const ProfilePhone: Story = { ...Profile, ...phoneStory };

/** On a server with the demo reset off: the password setting, and no 'Demo data' card. */
export const ProfileWithoutDemoReset: Story = {
  args: { path: '/profile-page', signedIn: true },
  parameters: sharedServer,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findPost(canvasElement, 'Hello Murmur!');
    await expect(canvas.getByRole('region', { name: 'Password' })).toBeVisible();
    await waitFor(() =>
      expect(canvas.queryByRole('region', { name: 'Demo data' })).not.toBeInTheDocument(),
    );
  },
};

export const NotFound: Story = {
  args: { path: '/no-such-page' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Page not found' }, PAGE_TIMEOUT),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: /Go to Home/ })).toHaveAttribute(
      'href',
      '/home-page',
    );
  },
};
