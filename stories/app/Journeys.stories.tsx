import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { StoryIndexPage } from '../../.storybook/blocks/StoryIndexPage';
import { phoneStory } from '../../.storybook/viewports';
import { failEndpoint } from '../../src/mocks/storybook';
import {
  expectCount,
  expectToast,
  findPost,
  PAGE_TIMEOUT,
  postTexts,
  toastsSettled,
} from './journey';
import { MurmurStory } from './MurmurStory';

/**
 * User journeys through the whole app on the full mock API (fresh seed per story). Each play
 * function is what a person does and sees; each ends once the toasts have closed, so the
 * snapshot shows where the journey arrives.
 */
const meta = {
  title: 'App/Journeys',
  component: MurmurStory,
  parameters: { router: false, docs: { page: StoryIndexPage } },
} satisfies Meta<typeof MurmurStory>;
export default meta;

type Story = StoryObj<typeof meta>;

export const GuestLoginLandsOnHome: Story = {
  args: { path: '/' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add Guest Credentials' }));
    await expect(canvas.getByLabelText('Username')).toHaveValue('guest');
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(
      await canvas.findByRole('heading', { name: 'Home', level: 1 }, PAGE_TIMEOUT),
    ).toBeVisible();
    await expectToast(canvasElement, 'Login successfully');
    await findPost(canvasElement, 'Hello Murmur!');
    await toastsSettled(canvasElement);
  },
};

export const EmptyLoginIsRefused: Story = {
  args: { path: '/' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Login' }));
    await expectToast(canvasElement, 'Please fill the fields.');
    await expect(canvas.getByRole('button', { name: 'Add Guest Credentials' })).toBeVisible();
    await toastsSettled(canvasElement);
  },
};

export const SignupLandsOnExplore: Story = {
  args: { path: '/signup-page' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('First name'), 'Ada');
    await userEvent.type(canvas.getByLabelText('Last name'), 'Lovelace');
    await userEvent.type(canvas.getByLabelText('Username'), 'ada_l');
    await userEvent.type(canvas.getByLabelText('Password'), 'engine1843');
    await userEvent.type(canvas.getByLabelText('Confirm password'), 'engine1843');
    await userEvent.click(canvas.getByRole('button', { name: 'Create New Account' }));
    await expect(
      await canvas.findByRole('heading', { name: 'Explore', level: 1 }, PAGE_TIMEOUT),
    ).toBeVisible();
    await expectToast(
      canvasElement,
      'Congratulations, your account has been successfully created!',
    );
    await toastsSettled(canvasElement);
  },
};

export const SignupPasswordsMustMatch: Story = {
  args: { path: '/signup-page' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('First name'), 'Ada');
    await userEvent.type(canvas.getByLabelText('Last name'), 'Lovelace');
    await userEvent.type(canvas.getByLabelText('Username'), 'ada_l');
    await userEvent.type(canvas.getByLabelText('Password'), 'engine1843');
    await userEvent.type(canvas.getByLabelText('Confirm password'), 'engine1844');
    await userEvent.click(canvas.getByRole('button', { name: 'Create New Account' }));
    await expectToast(canvasElement, 'Both Passwords do not match');
    await expect(canvas.getByLabelText('First name')).toHaveValue('Ada');
    await toastsSettled(canvasElement);
  },
};

export const ProtectedLinkReturnsAfterLogin: Story = {
  args: { path: '/bookmark-page' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // A18: told why they are asked to log in.
    await expect(await canvas.findByText('Log in to continue')).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Add Guest Credentials' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(
      await canvas.findByRole('heading', { name: 'Your Bookmarks' }, PAGE_TIMEOUT),
    ).toBeVisible();
    await expectToast(canvasElement, 'Login successfully');
    await toastsSettled(canvasElement);
  },
};

export const CreateEditAndDeleteAPost: Story = {
  args: { path: '/home-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Write something interesting...' }),
    );
    const dialog = await canvas.findByRole('dialog', { name: 'Add Post' });
    const post = within(dialog).getByRole('button', { name: 'Post' });
    await expect(post).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox'), 'Drafting in the open.');
    await userEvent.click(post);
    await expectToast(canvasElement, 'Post created!');
    const created = await findPost(canvasElement, 'Drafting in the open.');
    await expect(postTexts(canvasElement)[0]).toContain('Drafting in the open.');

    await userEvent.click(within(created).getByRole('button', { name: 'Post options' }));
    await userEvent.click(await canvas.findByRole('menuitem', { name: 'Edit' }));
    const editDialog = await canvas.findByRole('dialog', { name: 'Add Post' });
    const textbox = within(editDialog).getByRole('textbox');
    await expect(textbox).toHaveValue('Drafting in the open.');
    await userEvent.clear(textbox);
    await userEvent.type(textbox, 'Edited, and better for it.');
    await userEvent.click(within(editDialog).getByRole('button', { name: 'Post' }));
    await expectToast(canvasElement, 'Post edited!');
    const edited = await findPost(canvasElement, 'Edited, and better for it.');

    await userEvent.click(within(edited).getByRole('button', { name: 'Post options' }));
    await userEvent.click(await canvas.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await canvas.findByRole('dialog', { name: 'Delete post?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(canvas.queryByText('Edited, and better for it.')).not.toBeInTheDocument(),
    );
    await toastsSettled(canvasElement);
  },
};

export const LikeAndUnlike: Story = {
  args: { path: '/home-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const card = await findPost(canvasElement, 'Blue hour from the rooftop');
    const like = within(card).getByRole('button', { name: 'Like' });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    await expectCount(like, 1);
    // The like waits for the server (the button is busy and ignores presses until it answers).
    await waitFor(() => expect(like).not.toHaveAttribute('aria-busy'));
    await userEvent.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'));
    await expectCount(like, 0);
  },
};

/** A13: a comment vote is a toggle. Upvote, press Upvote again: the vote is withdrawn. */
export const UpvoteThenWithdrawIt: Story = {
  args: { path: '/explore-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const card = await findPost(canvasElement, 'we finally have an ear');
    await userEvent.click(within(card).getByRole('button', { name: 'Comment' }));
    const comments = within(card).getByRole('list', { name: /^Comments/ });
    const comment = within(comments).getAllByRole('listitem')[0];
    if (comment === undefined) throw new Error('the loaf post has a comment');
    const upvote = within(comment).getByRole('button', { name: 'Upvote' });
    await expect(upvote).toHaveAttribute('aria-pressed', 'false');
    await expectCount(upvote, 1);
    await userEvent.click(upvote);
    await waitFor(() => expect(upvote).toHaveAttribute('aria-pressed', 'true'));
    await expectCount(upvote, 2);
    await waitFor(() => expect(upvote).not.toHaveAttribute('aria-busy'));
    await userEvent.click(upvote);
    await waitFor(() => expect(upvote).toHaveAttribute('aria-pressed', 'false'));
    await expectCount(upvote, 1);
  },
};

export const RefusedLikeRollsBack: Story = {
  args: { path: '/home-page', signedIn: true },
  parameters: {
    msw: {
      handlers: [
        failEndpoint('POST /posts/like/:postId', 400, 'Cannot like a post that is already liked. '),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const card = await findPost(canvasElement, 'Blue hour from the rooftop');
    const like = within(card).getByRole('button', { name: 'Like' });
    await userEvent.click(like);
    await expectToast(canvasElement, /Cannot like a post that is already liked/);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'));
    await expectCount(like, 0);
    await toastsSettled(canvasElement);
  },
};

export const CommentThenDeleteIt: Story = {
  args: { path: '/home-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = await findPost(canvasElement, 'Blue hour from the rooftop');
    const input = within(card).getByRole('textbox', { name: 'Add a comment' });
    const send = within(card).getByRole('button', { name: 'Post' });
    await expect(send).toBeDisabled();
    await userEvent.type(input, 'That light!');
    await userEvent.click(send);
    await expect(await within(card).findByText('That light!')).toBeVisible();
    await expect(input).toHaveValue('');

    await userEvent.click(within(card).getByRole('button', { name: 'Comment options' }));
    await userEvent.click(await canvas.findByRole('menuitem', { name: 'Delete' }));
    await waitFor(() => expect(within(card).queryByText('That light!')).not.toBeInTheDocument());
  },
};

export const BookmarkThenRemove: Story = {
  args: { path: '/home-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = await findPost(canvasElement, 'Blue hour from the rooftop');
    const bookmark = within(card).getByRole('button', { name: 'Bookmark' });
    await userEvent.click(bookmark);
    await waitFor(() => expect(bookmark).toHaveAttribute('aria-pressed', 'true'));

    await userEvent.click(canvas.getAllByRole('link', { name: 'Bookmark' })[0] as HTMLElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Your Bookmarks' }, PAGE_TIMEOUT),
    ).toBeVisible();
    const saved = await findPost(canvasElement, 'Blue hour from the rooftop');
    await userEvent.click(within(saved).getByRole('button', { name: 'Bookmark' }));
    await expect(await canvas.findByText('Nothing in bookmark', {}, PAGE_TIMEOUT)).toBeVisible();
  },
};

export const FollowJoinsTheFeed: Story = {
  args: { path: '/home-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findPost(canvasElement, 'Hello Murmur!');
    await expect(canvas.queryByText(/Scones are in the oven/)).not.toBeInTheDocument();
    const aside = canvas.getByRole('complementary', { name: 'Who to follow' });
    await userEvent.click(
      await within(aside).findByRole('button', { name: 'Follow Sofia Martins' }),
    );
    const unfollow = await within(aside).findByRole('button', { name: 'Unfollow Sofia Martins' });
    // Confirmed by the server, not only shown optimistically.
    await waitFor(() => expect(unfollow).not.toHaveAttribute('aria-busy', 'true'));
    await findPost(canvasElement, 'Scones are in the oven');
    // Newest first: Sofia's scones (11:55) now top the feed.
    await expect(postTexts(canvasElement)[0]).toContain('Scones are in the oven');
  },
};

export const TrendingAndLatest: Story = {
  args: { path: '/explore-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findPost(canvasElement, 'Scones are in the oven');
    const trending = canvas.getByRole('button', { name: 'Trending' });
    const latest = canvas.getByRole('button', { name: 'Latest' });

    await userEvent.click(latest);
    await expect(latest).toHaveAttribute('aria-pressed', 'true');
    await expect(postTexts(canvasElement)[0]).toContain('Scones are in the oven');

    await userEvent.click(trending);
    await expect(trending).toHaveAttribute('aria-pressed', 'true');
    await expect(latest).toHaveAttribute('aria-pressed', 'false');
    // Liam's ridge photo has the most likes (4).
    const first = canvas.getAllByRole('article')[0] as HTMLElement;
    await expectCount(within(first).getByRole('button', { name: 'Like' }), 4);
  },
};

/** A18: a link to `?sort=trending` opens Trending (it survives a reload); each page names the tab. */
export const TrendingFromTheLinkAndPageTitles: Story = {
  args: { path: '/explore-page?sort=trending', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findPost(canvasElement, 'Scones are in the oven');
    await expect(canvas.getByRole('button', { name: 'Trending' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const first = canvas.getAllByRole('article')[0] as HTMLElement;
    await expectCount(within(first).getByRole('button', { name: 'Like' }), 4);
    await waitFor(() => expect(document.title).toBe('Explore · Murmur'));

    await userEvent.click(canvas.getAllByRole('link', { name: 'Profile' })[0] as HTMLElement);
    await waitFor(() => expect(document.title).toBe('Guest User (@guest) · Murmur'));
    await userEvent.click(canvas.getAllByRole('link', { name: 'Home' })[0] as HTMLElement);
    await waitFor(() => expect(document.title).toBe('Home · Murmur'));
  },
};

const AVATAR_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR42mNk+M9Qz0AEYBxVSF+FAP5FDvcfRYWgAAAAAElFTkSuQmCC';

export const EditProfile: Story = {
  args: { path: '/profile-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit Profile' }));
    const dialog = await canvas.findByRole('dialog', { name: 'Edit Profile' });
    const bio = within(dialog).getByLabelText('Bio');
    await userEvent.clear(bio);
    await userEvent.type(bio, 'Trying every corner of Murmur.');
    const website = within(dialog).getByLabelText('Website');
    await userEvent.clear(website);
    await userEvent.type(website, 'not a url');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(await within(dialog).findByText(/http/i)).toBeVisible();
    await userEvent.clear(website);
    await userEvent.type(website, 'https://example.com/guest');
    const bytes = Uint8Array.from(atob(AVATAR_PNG), (c) => c.charCodeAt(0));
    const file = new File([bytes], 'me.png', { type: 'image/png' });
    const picker = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!picker) throw new Error('The avatar picker is missing');
    await userEvent.upload(picker, file);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast(canvasElement, 'Profile updated!');
    await expect(await canvas.findByText('Trying every corner of Murmur.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: /example\.com\/guest/ })).toHaveAttribute(
      'href',
      'https://example.com/guest',
    );
    await toastsSettled(canvasElement);
  },
};

export const Logout: Story = {
  args: { path: '/profile-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Log out' }));
    await expectToast(canvasElement, 'Loggedout Successfully.');
    await expect(
      await canvas.findByRole('button', { name: 'Add Guest Credentials' }),
    ).toBeVisible();
    await toastsSettled(canvasElement);
  },
};

export const FailedLoadThenRetry: Story = {
  args: { path: '/home-page', signedIn: true },
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/posts', () => HttpResponse.json({ error: 'Boom' }, { status: 500 }), {
          once: true,
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const retry = await canvas.findByRole('button', { name: 'Retry' });
    await expect(canvas.queryAllByRole('article')).toHaveLength(0);
    await userEvent.click(retry);
    await findPost(canvasElement, 'Hello Murmur!');
    await expect(canvas.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  },
};

export const NewPostFromThePhonePlusButton: Story = {
  args: { path: '/explore-page', signedIn: true },
  ...phoneStory,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findPost(canvasElement, 'Scones are in the oven');
    await userEvent.click(canvas.getByRole('button', { name: 'New post' }));
    const dialog = await canvas.findByRole('dialog', { name: 'Add Post' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'Posted from my phone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    await findPost(canvasElement, 'Posted from my phone.');
    await expectToast(canvasElement, 'Post created!');
    await toastsSettled(canvasElement);
  },
};

export const ResetDemoData: Story = {
  args: { path: '/home-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = await findPost(canvasElement, 'Blue hour from the rooftop');
    await userEvent.click(within(card).getByRole('button', { name: 'Like' }));
    await userEvent.click(canvas.getAllByRole('link', { name: 'Profile' })[0] as HTMLElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Reset demo data' }));
    const confirm = await canvas.findByRole('dialog', { name: 'Reset demo data?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reset demo data' }));
    await expectToast(canvasElement, 'Demo data restored. Log in again to continue.');
    await userEvent.click(await canvas.findByRole('button', { name: 'Add Guest Credentials' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    const again = await findPost(canvasElement, 'Blue hour from the rooftop');
    await expect(within(again).getByRole('button', { name: 'Like' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expectToast(canvasElement, 'Login successfully');
    await toastsSettled(canvasElement);
  },
};
