import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { StoryIndexPage } from '../../.storybook/blocks/StoryIndexPage';
import { phoneStory } from '../../.storybook/viewports';
import { darkTheme, lightTheme } from '../../src/components/ui/theme';
import { POST_IMAGES } from '../../src/seed/images';
import { MEDIA_MESSAGES } from '../../src/api/media';
import { PLAIN_REFUSALS } from '../../src/api/refusals';
import { failEndpoint } from '../../src/mocks/storybook';
import {
  expectCount,
  findPageHeading,
  logInAsGuest,
  signUpAsAda,
  expectNoToast,
  expectToast,
  expectToastGoneEarly,
  findPost,
  PAGE_TIMEOUT,
  postTexts,
  toastsSettled,
} from './journey';
import { pngFile, textRenamedPng } from '../imageFiles';
import { appLocation, loadMurmurCode, MurmurStory, reloadApp } from './MurmurStory';

/**
 * User journeys through the whole app on the full mock API (fresh seed per story). Each play
 * function is what a person does and sees; each ends once the toasts have closed, so the
 * snapshot shows where the journey arrives.
 */
const meta = {
  title: 'App/Journeys',
  component: MurmurStory,
  loaders: [loadMurmurCode],
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
    await expect(await findPageHeading(canvasElement, 'Home')).toBeVisible();
    await expectToast(canvasElement, 'Login successfully');
    await findPost(canvasElement, 'Hello Murmur!');
    await toastsSettled(canvasElement);
  },
};

/** A field marked invalid with `message` under it (its error message and description). */
async function expectMarked(field: HTMLElement, message: string): Promise<void> {
  await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
  await expect(field).toHaveAccessibleErrorMessage(message);
  await expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
}

/** The server's refusals as the forms say them, once, under the field (api/refusals.ts). */
const INVALID_CREDENTIALS = PLAIN_REFUSALS.invalidCredentials;
const USERNAME_TAKEN = PLAIN_REFUSALS.usernameTaken;

/**
 * Login with nothing filled in: the spec's toast, both fields marked with what they need, focus
 * on Username; typing in it takes its message away, and the toast goes with it.
 */
export const EmptyLoginIsRefused: Story = {
  args: { path: '/' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Login' }));
    await expectToast(canvasElement, 'Please fill the fields.');
    const username = canvas.getByLabelText('Username');
    await expectMarked(username, 'Enter your username.');
    await expectMarked(canvas.getByLabelText('Password'), 'Enter your password.');
    await waitFor(() => expect(username).toHaveFocus());
    await userEvent.keyboard('gue');
    await expect(username).toHaveValue('gue');
    await expectToastGoneEarly(canvasElement, 'Please fill the fields.');
    await expect(username).not.toHaveAttribute('aria-invalid');
    await expect(canvas.queryByText('Enter your username.')).toBeNull();
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('button', { name: 'Add Guest Credentials' })).toBeVisible();
    await toastsSettled(canvasElement);
  },
};

export const PhoneEmptyLoginIsRefused: Story = { ...EmptyLoginIsRefused, ...phoneStory };

/**
 * A wrong password: said once, in plain words, on Password, which takes focus (Username is not
 * blamed); no toast says it again. Editing the password takes them away; the right
 * one logs in.
 */
export const WrongPasswordIsMarkedOnPassword: Story = {
  args: { path: '/' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Username'), 'guest');
    const password = canvas.getByLabelText('Password');
    await userEvent.type(password, 'guest12{Enter}');
    await expectMarked(password, INVALID_CREDENTIALS);
    await expectNoToast(canvasElement);
    await expect(canvas.getByText(INVALID_CREDENTIALS)).toBeVisible();
    await waitFor(() => expect(password).toHaveFocus());
    await expect(canvas.getByLabelText('Username')).not.toHaveAttribute('aria-invalid');
    await userEvent.type(password, '34');
    await expect(password).not.toHaveAttribute('aria-invalid');
    await expect(canvas.queryByText(INVALID_CREDENTIALS)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(await findPageHeading(canvasElement, 'Home')).toBeVisible();
    await expectToast(canvasElement, 'Login successfully');
    await toastsSettled(canvasElement);
  },
};

export const PhoneWrongPasswordIsMarkedOnPassword: Story = {
  ...WrongPasswordIsMarkedOnPassword,
  ...phoneStory,
};

/** ' guest ' with spaces around it is the guest: it logs in. */
export const SpacedUsernameLogsIn: Story = {
  args: { path: '/' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Username'), ' guest ');
    await userEvent.type(canvas.getByLabelText('Password'), 'guest1234');
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(await findPageHeading(canvasElement, 'Home')).toBeVisible();
    await expectToast(canvasElement, 'Login successfully');
    await findPost(canvasElement, 'Hello Murmur!');
    await toastsSettled(canvasElement);
  },
};

export const PhoneSpacedUsernameLogsIn: Story = { ...SpacedUsernameLogsIn, ...phoneStory };

/**
 * Six spaces are a password (never trimmed), not an empty field: no 'Please fill the fields.';
 * the server judges it like any other, wrong, and Password is marked with its words.
 */
export const SixSpacePasswordIsAWrongPassword: Story = {
  args: { path: '/' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Username'), 'guest');
    const password = canvas.getByLabelText('Password');
    await userEvent.type(password, '      ');
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expectMarked(password, INVALID_CREDENTIALS);
    await waitFor(() => expect(password).toHaveFocus());
    await expect(canvas.queryByText('Please fill the fields.')).toBeNull();
    await expect(canvas.queryByText('Enter your password.')).toBeNull();
    await toastsSettled(canvasElement);
  },
};

export const PhoneSixSpacePasswordIsAWrongPassword: Story = {
  ...SixSpacePasswordIsAWrongPassword,
  ...phoneStory,
};

export const SignupLandsOnExplore: Story = {
  args: { path: '/signup-page' },
  play: async ({ canvasElement }) => {
    await signUpAsAda(canvasElement, { username: 'ada_l', password: 'engine1843' });
    await expect(await findPageHeading(canvasElement, 'Explore')).toBeVisible();
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
    await signUpAsAda(canvasElement, {
      username: 'ada_l',
      password: 'engine1843',
      confirm: 'engine1844',
    });
    await expectToast(canvasElement, 'Both Passwords do not match');
    const confirm = canvas.getByLabelText('Confirm password');
    await expectMarked(confirm, 'Enter the same password twice.');
    await waitFor(() => expect(confirm).toHaveFocus());
    await expect(canvas.getByLabelText('First name')).toHaveValue('Ada');
    await toastsSettled(canvasElement);
  },
};

/**
 * Sign-up with nothing filled in: the spec's toast, all five fields marked with what they need,
 * focus on First name; typing in it takes its message away, and the toast goes with it.
 */
export const SignupEmptyIsRefused: Story = {
  args: { path: '/signup-page' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Create New Account' }));
    await expectToast(canvasElement, 'Please fill the fields');
    const firstName = canvas.getByLabelText('First name');
    await expectMarked(firstName, 'Enter your first name.');
    await expectMarked(canvas.getByLabelText('Last name'), 'Enter your last name.');
    await expectMarked(canvas.getByLabelText('Username'), 'Enter your username.');
    await expectMarked(canvas.getByLabelText('Password'), 'Enter your password.');
    await expectMarked(canvas.getByLabelText('Confirm password'), 'Enter your password again.');
    await waitFor(() => expect(firstName).toHaveFocus());
    await userEvent.keyboard('Ada');
    await expectToastGoneEarly(canvasElement, 'Please fill the fields');
    await expect(firstName).not.toHaveAttribute('aria-invalid');
    await expect(canvas.queryByText('Enter your first name.')).toBeNull();
    await toastsSettled(canvasElement);
  },
};

export const PhoneSignupEmptyIsRefused: Story = { ...SignupEmptyIsRefused, ...phoneStory };

/**
 * A taken username (the guest's, typed with spaces around it: the server reads it trimmed): said
 * once, in plain words, under Username, which takes focus, and in no toast; editing
 * the username takes them away and the account is created.
 */
export const SignupTakenUsernameIsMarked: Story = {
  args: { path: '/signup-page' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('First name'), 'Ada');
    await userEvent.type(canvas.getByLabelText('Last name'), 'Lovelace');
    const username = canvas.getByLabelText('Username');
    await userEvent.type(username, ' guest ');
    await userEvent.type(canvas.getByLabelText('Password'), 'engine1843');
    await userEvent.type(canvas.getByLabelText('Confirm password'), 'engine1843');
    await userEvent.click(canvas.getByRole('button', { name: 'Create New Account' }));
    await expectMarked(username, USERNAME_TAKEN);
    await expectNoToast(canvasElement);
    await expect(canvas.queryByText(/Unprocessable Entity/)).toBeNull();
    await waitFor(() => expect(username).toHaveFocus());
    await expect(canvas.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    await userEvent.clear(username);
    await userEvent.type(username, 'ada_l');
    await expect(username).not.toHaveAttribute('aria-invalid');
    await expect(canvas.queryByText(USERNAME_TAKEN)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Create New Account' }));
    await expect(await findPageHeading(canvasElement, 'Explore')).toBeVisible();
    await expectToast(
      canvasElement,
      'Congratulations, your account has been successfully created!',
    );
    await toastsSettled(canvasElement);
  },
};

export const PhoneSignupTakenUsernameIsMarked: Story = {
  ...SignupTakenUsernameIsMarked,
  ...phoneStory,
};

export const ProtectedLinkReturnsAfterLogin: Story = {
  args: { path: '/bookmark-page' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Told why they are asked to log in.
    await expect(await canvas.findByText('Log in to continue')).toBeVisible();
    await logInAsGuest(canvasElement);
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

    await expect(within(created).queryByText('edited')).toBeNull();

    // The edit dialog says so, waits for a change, and marks the post edited.
    await userEvent.click(within(created).getByRole('button', { name: 'Post options' }));
    await userEvent.click(await canvas.findByRole('menuitem', { name: 'Edit' }));
    const editDialog = await canvas.findByRole('dialog', { name: 'Edit Post' });
    const textbox = within(editDialog).getByRole('textbox');
    await expect(textbox).toHaveValue('Drafting in the open.');
    const save = within(editDialog).getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await userEvent.clear(textbox);
    await userEvent.type(textbox, 'Edited, and better for it.');
    await userEvent.click(save);
    await expectToast(canvasElement, 'Post edited!');
    const edited = await findPost(canvasElement, 'Edited, and better for it.');
    await expect(within(edited).getByText('edited')).toBeVisible();

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

/** A comment vote is a toggle. Upvote, press Upvote again: the vote is withdrawn. */
export const UpvoteThenWithdrawIt: Story = {
  args: { path: '/explore-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The card shows the latest comment; the first one is on the post's page.
    const card = await findPost(canvasElement, 'we finally have an ear');
    await userEvent.click(within(card).getByRole('link', { name: 'View all 2 comments' }));
    const comments = await canvas.findByRole('list', { name: /^Comments on/ }, PAGE_TIMEOUT);
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

/**
 * From Home, a post's time opens its page (titled after its author and text), where the whole
 * conversation shows; a reply to a comment nests under it. Back on Home, the card shows the
 * reply as its latest comment, and the count grew.
 */
export const OpenAPostAndReplyToAComment: Story = {
  args: { path: '/home-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = await findPost(canvasElement, 'Shipped the accessibility pass');
    const time = card.querySelector('time')?.closest('a');
    if (!time) throw new Error('the time links to the post');
    await userEvent.click(time);
    await findPageHeading(canvasElement, 'Post');
    await waitFor(() =>
      expect(document.title).toMatch(/^Maya Okafor: “Shipped the accessibility pass.*” · Murmur$/u),
    );
    const thread = await canvas.findByRole('list', { name: /^Comments on/ }, PAGE_TIMEOUT);
    await expect(within(thread).getAllByRole('listitem')).toHaveLength(2);

    await userEvent.click(within(thread).getByRole('button', { name: 'Reply to Liam Chen' }));
    const input = canvas.getByRole('textbox', { name: 'Reply to Liam Chen' });
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.type(input, 'Trying this recipe tonight{Enter}');
    const replies = await within(thread).findByRole('list', { name: 'Replies to Liam Chen' });
    await expect(await within(replies).findByText('Trying this recipe tonight')).toBeVisible();

    await userEvent.click(canvas.getAllByRole('link', { name: 'Home' })[0] as HTMLElement);
    const again = await findPost(canvasElement, 'Shipped the accessibility pass');
    await expect(again).toHaveTextContent('Trying this recipe tonight');
    await expect(within(again).getByRole('link', { name: 'View all 3 comments' })).toBeVisible();

    // The like (here taking back the guest's) answers the post as its card shows it, with the
    // newest comment and the count: the thread held for the post's page stays whole.
    const like = within(again).getByRole('button', { name: 'Like' });
    await userEvent.click(like);
    await waitFor(() => expect(like).not.toHaveAttribute('aria-busy'));
    await userEvent.click(within(again).getByRole('link', { name: 'View all 3 comments' }));
    const whole = await canvas.findByRole('list', { name: /^Comments on/ }, PAGE_TIMEOUT);
    await expect(within(whole).getByText('Trying this recipe tonight')).toBeVisible();
    await expect(within(whole).getAllByRole('listitem')).toHaveLength(3);
  },
};

/** A post's address that names no post: the page says so, with a way home. */
export const UnknownPostIsNotFound: Story = {
  args: { path: '/post/post-that-never-was', signedIn: true },
  play: async ({ canvasElement }) => {
    await findPageHeading(canvasElement, "This post doesn't exist");
    await expect(document.title).toBe('Post not found · Murmur');
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Go to Home' }));
    await findPageHeading(canvasElement, 'Home');
  },
};

export const RefusedLikeRollsBack: Story = {
  args: { path: '/home-page', signedIn: true },
  parameters: {
    msw: {
      handlers: [
        failEndpoint('POST /post/:postId/like', 400, 'Cannot like a post that is already liked. '),
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
    // The card's comment input opens on demand.
    await userEvent.click(within(card).getByRole('button', { name: 'Comment' }));
    const input = within(card).getByRole('textbox', { name: 'Add a comment' });
    const send = within(card).getByRole('button', { name: 'Post' });
    await expect(send).toBeDisabled();
    await userEvent.type(input, 'That light!');
    await userEvent.click(send);
    await expect(await within(card).findByText('That light!')).toBeVisible();
    await expect(input).toHaveValue('');

    await userEvent.click(within(card).getByRole('button', { name: 'Comment options' }));
    await userEvent.click(await canvas.findByRole('menuitem', { name: 'Delete' }));
    // It asks first; Cancel keeps the comment.
    let confirm = await canvas.findByRole('dialog', { name: 'Delete comment?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(within(card).getByText('That light!')).toBeVisible();

    await userEvent.click(within(card).getByRole('button', { name: 'Comment options' }));
    await userEvent.click(await canvas.findByRole('menuitem', { name: 'Delete' }));
    confirm = await canvas.findByRole('dialog', { name: 'Delete comment?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(card).queryByText('That light!')).not.toBeInTheDocument());
    await expectToast(canvasElement, 'Comment deleted');
    // It was the only comment: focus is on the comments' heading, not at the top of the page.
    await expect(within(card).getByRole('heading', { name: 'Comments' })).toHaveFocus();
    await toastsSettled(canvasElement);
  },
};

/**
 * After a post is deleted, focus is on the post that followed it, or on the list's heading
 * when none did, and a toast says 'Post deleted'. Done from the keyboard, as a keyboard user would.
 */
export const DeletedPostsHandFocusOn: Story = {
  args: { path: '/home-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Write something interesting...' }),
    );
    const dialog = await canvas.findByRole('dialog', { name: 'Add Post' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'Here for a moment.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    const created = await findPost(canvasElement, 'Here for a moment.');
    const [, following] = postTexts(canvasElement);
    if (following === undefined) throw new Error('Home shows more than one post');

    // The new post, on top of Home, deleted with the keyboard.
    within(created).getByRole('button', { name: 'Post options' }).focus({ focusVisible: true });
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(canvas.getByRole('menuitem', { name: 'Delete' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    const confirm = await canvas.findByRole('dialog', { name: 'Delete post?' });
    await userEvent.tab();
    await expect(within(confirm).getByRole('button', { name: 'Delete' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expectToast(canvasElement, 'Post deleted');
    await waitFor(() => expect(created).not.toBeInTheDocument());
    const focused = canvasElement.ownerDocument.activeElement;
    await expect(focused?.tagName).toBe('LI');
    await expect(focused?.textContent).toBe(following);

    // On Profile, the guest's only post: once it is gone, focus is on the 'Posts' heading.
    await userEvent.click(canvas.getAllByRole('link', { name: 'Profile' })[0] as HTMLElement);
    await canvas.findByRole('heading', { name: 'Posts', level: 2 }, PAGE_TIMEOUT);
    const hello = await findPost(canvasElement, 'Hello Murmur!');
    await userEvent.click(within(hello).getByRole('button', { name: 'Post options' }));
    await userEvent.click(await canvas.findByRole('menuitem', { name: 'Delete' }));
    const again = await canvas.findByRole('dialog', { name: 'Delete post?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    await expect(await canvas.findByText('No posts yet', {}, PAGE_TIMEOUT)).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Posts', level: 2 })).toHaveFocus();
    await expectToast(canvasElement, 'Post deleted');
    await toastsSettled(canvasElement);
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

/**
 * 'Who to follow' lists only people not followed yet; one followed from it stays there, showing
 * Unfollow (a mistaken click can be undone), until the page is left: coming back to it does not
 * bring them back.
 */
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
    await expect(within(aside).queryByRole('button', { name: /Maya Okafor/ })).toBeNull();
    await expect(unfollow).toBeVisible();

    // Another page: Sofia is followed now, so she is no longer suggested.
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Explore' }));
    await expect(await findPageHeading(canvasElement, 'Explore')).toBeVisible();
    const asideNow = canvas.getByRole('complementary', { name: 'Who to follow' });
    await within(asideNow).findByRole('button', { name: 'Follow Noah Williams' });
    await expect(within(asideNow).queryByRole('button', { name: /Sofia Martins/ })).toBeNull();

    // Nor on coming back to the page she was followed on; then on to Explore again.
    for (const [link, heading] of [
      ['Home', 'Home'],
      ['Explore', 'Explore'],
    ] as const) {
      await userEvent.click(within(nav).getByRole('link', { name: link }));
      await expect(await findPageHeading(canvasElement, heading)).toBeVisible();
      const asideThen = canvas.getByRole('complementary', { name: 'Who to follow' });
      await within(asideThen).findByRole('button', { name: 'Follow Noah Williams' });
      await expect(within(asideThen).queryByRole('button', { name: /Sofia Martins/ })).toBeNull();
    }
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
    // Liam's ridge photo has the most likes (4); Trending reads its own first page.
    const first = (await canvas.findAllByRole('article'))[0] as HTMLElement;
    await expectCount(within(first).getByRole('button', { name: 'Like' }), 4);
  },
};

/** A link to `?sort=trending` opens Trending (it survives a reload); each page names the tab. */
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

/** A 64 × 64 violet square: a picture the browser decodes (the mock makes it into media). */
const AVATAR_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAnklEQVRoge2SQQkAQRDDKvSk1HtWxD3CQCEC0tD04zTRDboB6BW7C3GX6AbdAPSK3YW4S3SDbgB6xe5C3CW6QTcAvWJ3Ie4S3aAbgF6xuxB3iW7QDUCv2F2Iu0Q36AagV+wuxF2iG3QD0Ct2F+Iu0Q26AegVuwtxl+gG3QD0it2FuEt0g24AesXuQtwlukE3AL1idyHuEt2gG4Be8Q8PnuFxtOREKCwAAAAASUVORK5CYII=';

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
    // A text file that says it is a PNG is sent, and refused once the mock reads its bytes: the
    // same file would be refused again, so there is no retry.
    const picker = within(dialog).getByLabelText('Change avatar');
    await userEvent.upload(picker, textRenamedPng());
    await expect(await within(dialog).findByText(MEDIA_MESSAGES.notImage)).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: 'Retry upload' })).toBeNull();
    await expect(within(dialog).queryByRole('button', { name: 'Cancel upload' })).toBeNull();
    // A real picture uploads as it is picked; 'Save' waits for it, then saves its link.
    const bytes = Uint8Array.from(atob(AVATAR_PNG), (c) => c.charCodeAt(0));
    await userEvent.upload(picker, new File([bytes], 'me.png', { type: 'image/png' }));
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await expect(within(dialog).queryByText(MEDIA_MESSAGES.notImage)).toBeNull();
    await userEvent.click(save);
    await expectToast(canvasElement, 'Profile updated!');
    const avatar = await canvas.findByRole('img', { name: "Guest User's profile picture" });
    await expect(avatar.getAttribute('src')).toMatch(/\/api\/media\/[A-Za-z0-9_-]{32}-400\.webp$/);
    // The guest's own post shows it too, offering its small square for its small size (the
    // browser may still take the large one it already has: it is cached).
    const card = (await canvas.findAllByRole('article'))[0] as HTMLElement;
    await waitFor(
      async () => {
        const small = card.querySelector<HTMLImageElement>('img[srcset]');
        await expect(small?.getAttribute('srcset')).toMatch(
          /-96\.webp 96w, [^ ]*\/api\/media\/[A-Za-z0-9_-]{32}-400\.webp 400w$/,
        );
        await expect(small?.getAttribute('sizes')).toBe('2.5rem');
      },
      { timeout: 5000 },
    );
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

/** The `authorization` of every logout request the app sent in this story, in order. */
const logoutTokens: string[] = [];

/**
 * Logging out ends the session on the server: the app sends its token to `POST /api/auth/logout`
 * first, and that token is refused from then on, so a copy of it left anywhere is worth nothing.
 */
export const LogoutEndsTheSessionOnTheServer: Story = {
  args: { path: '/profile-page', signedIn: true },
  parameters: {
    msw: {
      handlers: [
        // Notes the token and lets the mock API answer as usual.
        http.post('*/api/auth/logout', ({ request }) => {
          logoutTokens.push(request.headers.get('authorization') ?? '');
        }),
      ],
    },
  },
  beforeEach: () => {
    logoutTokens.length = 0;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Log out' }, PAGE_TIMEOUT));
    await expectToast(canvasElement, 'Loggedout Successfully.');
    await expect(await canvas.findByRole('button', { name: 'Login' })).toBeVisible();
    await expect(logoutTokens).toHaveLength(1);
    const [token = ''] = logoutTokens;
    await expect(token).not.toBe('');
    const refused = await fetch('/api/users/bookmark', { headers: { authorization: token } });
    await expect(refused.status).toBe(401);
    // Read to its end: a body left unread keeps the request open for the browser.
    await refused.text();
    await toastsSettled(canvasElement);
  },
};

/** No network when logging out: the person is logged out here all the same, as they asked. */
export const LogoutWithoutTheServer: Story = {
  args: { path: '/profile-page', signedIn: true },
  parameters: {
    msw: { handlers: [http.post('*/api/auth/logout', () => HttpResponse.error())] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Log out' }, PAGE_TIMEOUT));
    await expectToast(canvasElement, 'Loggedout Successfully.');
    await expect(await canvas.findByRole('button', { name: 'Login' })).toBeVisible();
    await toastsSettled(canvasElement);
  },
};

const WRONG_CURRENT_PASSWORD = 'The current password is not correct.';
const PASSWORD_CHANGED = 'Password changed. Every other session was logged out.';

/**
 * Change password from the profile: a wrong current password is said under that field (and
 * nowhere else); the right one changes it, the dialog closes and the server's words are a toast.
 * The guest then logs out, the old password no longer works and the new one does.
 */
export const ChangePassword: Story = {
  args: { path: '/profile-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Change password' }, PAGE_TIMEOUT),
    );
    const dialog = within(await canvas.findByRole('dialog', { name: 'Change password' }));
    const current = dialog.getByLabelText('Current password');
    await userEvent.type(current, 'not-the-password');
    await userEvent.type(dialog.getByLabelText('New password'), 'murmur-2026');
    await userEvent.type(dialog.getByLabelText('Confirm new password'), 'murmur-2026');
    await userEvent.click(dialog.getByRole('button', { name: 'Change password' }));
    await expectMarked(current, WRONG_CURRENT_PASSWORD);
    await waitFor(() => expect(current).toHaveFocus());
    await expect(canvasElement.querySelectorAll('.Toastify__toast')).toHaveLength(0);

    await userEvent.clear(current);
    await expect(current).not.toHaveAttribute('aria-invalid');
    await userEvent.type(current, 'guest1234');
    await userEvent.click(dialog.getByRole('button', { name: 'Change password' }));
    await expectToast(canvasElement, PASSWORD_CHANGED);
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Change password' })).toHaveFocus();
    await toastsSettled(canvasElement);

    await userEvent.click(canvas.getByRole('button', { name: 'Log out' }));
    await logInAsGuest(canvasElement);
    await expectMarked(canvas.getByLabelText('Password'), INVALID_CREDENTIALS);
    await userEvent.clear(canvas.getByLabelText('Password'));
    await userEvent.type(canvas.getByLabelText('Password'), 'murmur-2026{Enter}');
    await expect(await findPageHeading(canvasElement, 'Home')).toBeVisible();
    await toastsSettled(canvasElement);
  },
};

/** At phone size: the dialog fills the width, the refusal under its field, focus on it. */
export const PhoneChangePasswordRefused: Story = {
  args: { path: '/profile-page', signedIn: true },
  ...phoneStory,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Change password' }, PAGE_TIMEOUT),
    );
    const dialog = within(await canvas.findByRole('dialog', { name: 'Change password' }));
    const current = dialog.getByLabelText('Current password');
    await userEvent.type(current, 'guest');
    await userEvent.type(dialog.getByLabelText('New password'), 'murmur-2026');
    await userEvent.type(dialog.getByLabelText('Confirm new password'), 'murmur-2026');
    await userEvent.click(dialog.getByRole('button', { name: 'Change password' }));
    await expectMarked(current, WRONG_CURRENT_PASSWORD);
    await waitFor(() => expect(current).toHaveFocus());
  },
};

export const FailedLoadThenRetry: Story = {
  args: { path: '/home-page', signedIn: true },
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/feed/home', () => HttpResponse.json({ error: 'Boom' }, { status: 500 }), {
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
    await logInAsGuest(canvasElement);
    const again = await findPost(canvasElement, 'Blue hour from the rooftop');
    await expect(within(again).getByRole('button', { name: 'Like' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expectToast(canvasElement, 'Login successfully');
    await toastsSettled(canvasElement);
  },
};

/** Where `element` is on screen. */
const boxOf = (element: Element) => element.getBoundingClientRect();

export const PhoneBarsNeverCoverTheCommentBoxOrToasts: Story = {
  args: { path: '/explore-page', signedIn: true },
  ...phoneStory,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findPost(canvasElement, 'Scones are in the oven');
    const tabBar = canvas.getByRole('navigation', { name: 'Main' });
    const plus = canvas.getByRole('button', { name: 'New post' });
    const topBar = canvas.getByRole('banner');
    /** Below the title bar and above the floating button (which sits above the tab bar). */
    const expectClearOfTheBars = async (element: Element) => {
      const box = boxOf(element);
      await expect(box.top).toBeGreaterThanOrEqual(boxOf(topBar).bottom);
      await expect(box.bottom).toBeLessThanOrEqual(boxOf(plus).top);
      await expect(box.bottom).toBeLessThanOrEqual(boxOf(tabBar).top);
    };

    // The Comment action of a card whose actions sit just above the tab bar: its box opens
    // under the bars, and focusing it scrolls it clear of them.
    const card = canvas.getAllByRole('article').at(-2) as HTMLElement;
    const comment = within(card).getByRole('button', { name: 'Comment' });
    window.scrollBy(0, boxOf(comment).bottom - (boxOf(tabBar).top - 8));
    await userEvent.click(comment);
    const box = within(card).getByRole('textbox', { name: 'Add a comment' });
    await waitFor(() => expect(box).toHaveFocus());
    await waitFor(() => expectClearOfTheBars(box));
    await expectClearOfTheBars(within(card).getByRole('button', { name: 'Post' }));

    // The plus button steps aside while the comment box is typed into, and comes back once the
    // person leaves it.
    await expect(plus).not.toBeVisible();
    await userEvent.tab();
    await waitFor(() => expect(plus).toBeVisible());

    // A toast comes in under the title bar, clear of it and of the tab bar and plus button.
    await userEvent.click(plus);
    const dialog = await canvas.findByRole('dialog', { name: 'Add Post' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'Toasts keep clear of the bars.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    await expectToast(canvasElement, 'Post created!');
    const toast = canvas
      .getAllByRole('alert')
      .find((alert) => alert.textContent.includes('Post created!'));
    await waitFor(() => expectClearOfTheBars(toast as HTMLElement));
    await toastsSettled(canvasElement);
  },
};

/** The post dialog's text box, once the dialog (create or edit) is open. */
async function openComposer(canvasElement: HTMLElement): Promise<HTMLElement> {
  const canvas = within(canvasElement);
  await userEvent.click(
    await canvas.findByRole('button', { name: 'Write something interesting...' }, PAGE_TIMEOUT),
  );
  return canvas.findByRole('dialog', { name: 'Add Post' });
}

async function expectDialogClosed(canvasElement: HTMLElement): Promise<void> {
  await waitFor(() => expect(within(canvasElement).queryByRole('dialog')).toBeNull());
}

/**
 * Text typed in the post dialog is never lost. Escape, the close button and a click on the
 * backdrop each keep it as a draft that reopening restores, the caret after it; 'Discard' throws
 * it away.
 */
export const DraftKeptByEveryClose: Story = {
  args: { path: '/home-page', signedIn: true },
  play: async ({ canvasElement }) => {
    let dialog = await openComposer(canvasElement);
    await userEvent.type(within(dialog).getByRole('textbox'), 'Half a thought');
    await userEvent.keyboard('{Escape}');
    await expectDialogClosed(canvasElement);

    dialog = await openComposer(canvasElement);
    const text = within(dialog).getByRole('textbox');
    await expect(text).toHaveValue('Half a thought');
    await waitFor(() => expect(text).toHaveFocus());
    await userEvent.keyboard(', and more'); // typed where the caret is: after the draft
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await expectDialogClosed(canvasElement);

    dialog = await openComposer(canvasElement);
    await expect(within(dialog).getByRole('textbox')).toHaveValue('Half a thought, and more');
    await userEvent.click(dialog); // the backdrop: the <dialog> itself, outside its panel
    await expectDialogClosed(canvasElement);

    dialog = await openComposer(canvasElement);
    await expect(within(dialog).getByRole('textbox')).toHaveValue('Half a thought, and more');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await expectDialogClosed(canvasElement);

    dialog = await openComposer(canvasElement);
    await expect(within(dialog).getByRole('textbox')).toHaveValue('');
    await expect(within(dialog).queryByRole('button', { name: 'Discard' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await expectDialogClosed(canvasElement);
  },
};

/**
 * The draft survives a reload, whether the dialog was closed first or left open. The
 * harness reloads the app as the browser would (new machines on the same storage and data).
 */
export const DraftSurvivesAReload: Story = {
  args: { path: '/home-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    let dialog = await openComposer(canvasElement);
    await userEvent.type(within(dialog).getByRole('textbox'), 'Written before the reload.');
    await userEvent.keyboard('{Escape}');
    await expectDialogClosed(canvasElement);

    reloadApp('/home-page');
    await findPost(canvasElement, 'Hello Murmur!');
    dialog = await openComposer(canvasElement);
    await expect(within(dialog).getByRole('textbox')).toHaveValue('Written before the reload.');

    // Reloaded with the dialog still open: nothing typed is lost either.
    await userEvent.keyboard(' And after it.');
    reloadApp('/home-page');
    await findPost(canvasElement, 'Hello Murmur!');
    await expect(canvas.queryByRole('dialog')).toBeNull();
    dialog = await openComposer(canvasElement);
    await expect(within(dialog).getByRole('textbox')).toHaveValue(
      'Written before the reload. And after it.',
    );
    await expect(within(dialog).getByRole('button', { name: 'Discard' })).toBeVisible();
  },
};

/**
 * The server refuses the post (400): the dialog stays open with the text and says why; the
 * text is still there after closing and reopening.
 */
export const RefusedPostKeepsItsText: Story = {
  args: { path: '/home-page', signedIn: true },
  parameters: {
    msw: {
      handlers: [failEndpoint('POST /post', 400, 'postData.content must not be empty')],
    },
  },
  play: async ({ canvasElement }) => {
    let dialog = await openComposer(canvasElement);
    await userEvent.type(within(dialog).getByRole('textbox'), 'Not lost on a refusal.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    // Said once, in the dialog, not again in a toast.
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'postData.content must not be empty',
    );
    await expect(canvasElement.querySelector('.Toastify__toast')).toBeNull();
    await expect(within(dialog).getByRole('textbox')).toHaveValue('Not lost on a refusal.');
    const post = within(dialog).getByRole('button', { name: 'Post' });
    await expect(post).toBeEnabled();
    // Focus stayed on 'Post' while it was sending: the keyboard goes on from there.
    await expect(post).toHaveFocus();
    await toastsSettled(canvasElement);
    await userEvent.keyboard('{Escape}');
    await expectDialogClosed(canvasElement);
    dialog = await openComposer(canvasElement);
    const text = within(dialog).getByRole('textbox');
    await expect(text).toHaveValue('Not lost on a refusal.');
    // The picture is of the reopened draft with the caret in it, not of the moment before.
    await waitFor(() => expect(text).toHaveFocus());
  },
};

/**
 * The server fails (500) once: the text stays; sent again, it is posted, and the draft is
 * gone (the composer opens empty).
 */
export const FailedPostKeepsItsText: Story = {
  args: { path: '/home-page', signedIn: true },
  parameters: {
    msw: {
      handlers: [
        http.post(
          '*/api/post',
          () => HttpResponse.json({ error: 'The database is not answering' }, { status: 500 }),
          { once: true },
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    let dialog = await openComposer(canvasElement);
    await userEvent.type(within(dialog).getByRole('textbox'), 'Not lost on a failure.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The database is not answering',
    );
    await expect(within(dialog).getByRole('textbox')).toHaveValue('Not lost on a failure.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    await expectToast(canvasElement, 'Post created!');
    await findPost(canvasElement, 'Not lost on a failure.');
    await toastsSettled(canvasElement);
    dialog = await openComposer(canvasElement);
    await expect(within(dialog).getByRole('textbox')).toHaveValue('');
    await userEvent.keyboard('{Escape}');
    await expectDialogClosed(canvasElement);
  },
};

/**
 * A picture posted with a description shows with it as its alt text; Ctrl+Enter sends the
 * post from the description field.
 */
export const AltTextDescribesTheImage: Story = {
  args: { path: '/home-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const dialog = await openComposer(canvasElement);
    await userEvent.type(within(dialog).getByRole('textbox'), 'The ridge at dawn.');
    await userEvent.upload(
      within(dialog).getByLabelText('Add image'),
      await pngFile(POST_IMAGES.mountains, { width: 960, height: 540 }, 'ridge.png'),
    );
    const alt = await within(dialog).findByRole('textbox', { name: 'Image description' });
    await userEvent.type(alt, 'Blue mountain ridges fading into an orange sky');
    // The picture uploads while it is described; 'Post' waits for it.
    await waitFor(() => expect(within(dialog).queryByRole('progressbar')).toBeNull());
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await expectToast(canvasElement, 'Post created!');
    const card = await findPost(canvasElement, 'The ridge at dawn.');
    const image = within(card).getByRole<HTMLImageElement>('img', {
      name: 'Blue mountain ridges fading into an orange sky',
    });
    await expect(image).toBeVisible();
    // Uploaded as media: a file of its own, not the picked bytes inline.
    await expect(image.getAttribute('src')).toMatch(/\/api\/media\/[\w-]{32}\.(webp|jpg|png)$/);
    await toastsSettled(canvasElement);
  },
};

export const HashtagFiltersExploreThenClear: Story = {
  args: { path: '/home-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const dialog = await openComposer(canvasElement);
    await userEvent.type(within(dialog).getByRole('textbox'), 'Proofing overnight. #SourDough');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    const card = await findPost(canvasElement, 'Proofing overnight.');

    await userEvent.click(within(card).getByRole('link', { name: '#SourDough' }));
    await expect(await findPageHeading(canvasElement, 'Explore')).toBeVisible();
    await waitFor(() =>
      expect(
        canvas
          .getAllByRole('status')
          .some((status) => status.textContent.includes('Posts tagged #sourdough')),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(postTexts(canvasElement)).toEqual([expect.stringContaining('Proofing overnight.')]),
    );
    await waitFor(() => expect(document.title).toBe('#sourdough · Explore · Murmur'));

    await userEvent.click(canvas.getByRole('button', { name: 'Show all posts' }));
    await waitFor(() => expect(canvas.queryByText(/Posts tagged/)).toBeNull());
    await waitFor(() => expect(postTexts(canvasElement).length).toBeGreaterThan(8));
    await expectToast(canvasElement, 'Post created!');
    await toastsSettled(canvasElement);
  },
};

/** A profile section's count and label on the card ('1Follower', '0Followers'). */
function sectionCount(root: HTMLElement, label: 'Post' | 'Following' | 'Follower'): string {
  const sections = within(root).getByRole('list', { name: 'Profile sections' });
  return within(sections).getByRole('link', { name: new RegExp(label) }).textContent;
}

/**
 * A post author's name on Home opens their profile: card, Unfollow (the guest follows
 * Maya), her posts; following there changes the count at once; her Followers list shows the
 * guest as 'You'. The page is named after her.
 */
export const AuthorProfileFromHomeThenFollow: Story = {
  args: { path: '/home-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = await findPost(canvasElement, 'Shipped the accessibility pass');
    await userEvent.click(within(card).getByRole('link', { name: 'Maya Okafor' }));
    await expect(await findPageHeading(canvasElement, 'Maya Okafor')).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Maya Okafor (@maya_okafor) · Murmur'));
    // The page's own controls ('Who to follow' beside it lists only people not followed yet).
    const page = within(canvas.getByRole('main'));
    await waitFor(() =>
      expect(postTexts(canvasElement)).toEqual([
        expect.stringContaining('Hot take: CSS subgrid'),
        expect.stringContaining('Shipped the accessibility pass'),
      ]),
    );
    // Someone else's page is not one's own Profile in the navigation.
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await expect(within(nav).getByRole('link', { name: 'Profile' })).not.toHaveAttribute(
      'aria-current',
    );
    // Whom the guest follows arrives with the people list, maybe after the posts: wait for it.
    await waitFor(() => expect(sectionCount(canvasElement, 'Follower')).toBe('1Follower'));
    const unfollow = await page.findByRole(
      'button',
      { name: 'Unfollow Maya Okafor' },
      PAGE_TIMEOUT,
    );
    await userEvent.click(unfollow);
    await page.findByRole('button', { name: 'Follow Maya Okafor' });
    await waitFor(() => expect(sectionCount(canvasElement, 'Follower')).toBe('0Followers'));
    // The button shows at once but stays busy (ignoring clicks) until the server has answered.
    await waitFor(
      () =>
        expect(page.getByRole('button', { name: 'Follow Maya Okafor' })).not.toHaveAttribute(
          'aria-busy',
        ),
      PAGE_TIMEOUT,
    );
    await userEvent.click(page.getByRole('button', { name: 'Follow Maya Okafor' }));
    await page.findByRole('button', { name: 'Unfollow Maya Okafor' }, PAGE_TIMEOUT);
    await waitFor(() => expect(sectionCount(canvasElement, 'Follower')).toBe('1Follower'));

    await userEvent.click(canvas.getByRole('link', { name: /Follower/ }));
    const followers = await canvas.findByRole('list', { name: "Maya's followers" });
    await expect(within(followers).getByRole('link', { name: 'Guest User' })).toHaveAttribute(
      'href',
      '/profile-page',
    );
    await expect(within(followers).getByText('You')).toBeVisible();
    await toastsSettled(canvasElement);
  },
};

/**
 * Someone the guest does not follow, found on Explore: their profile's Follow puts their
 * posts on Home.
 */
export const FollowSomeoneNewFromTheirProfile: Story = {
  args: { path: '/explore-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = await findPost(canvasElement, 'Scones are in the oven');
    await userEvent.click(within(card).getByRole('link', { name: 'Sofia Martins' }));
    await findPageHeading(canvasElement, 'Sofia Martins');
    const page = within(canvas.getByRole('main'));
    await userEvent.click(await page.findByRole('button', { name: 'Follow Sofia Martins' }));
    await page.findByRole('button', { name: 'Unfollow Sofia Martins' });
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Home' }));
    await expect(await findPageHeading(canvasElement, 'Home')).toBeVisible();
    await findPost(canvasElement, 'Scones are in the oven');
    await toastsSettled(canvasElement);
  },
};

/** A username no one has: 'This account doesn't exist', and a way home. */
export const UnknownUsernameIsNotFound: Story = {
  args: { path: '/profile-page/nobody_here', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await findPageHeading(canvasElement, "This account doesn't exist")).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Account not found · Murmur'));
    await userEvent.click(canvas.getByRole('link', { name: 'Go to Home' }));
    await expect(await findPageHeading(canvasElement, 'Home')).toBeVisible();
  },
};

/** An @mention in a post leads to that person's profile; one's own name to /profile-page. */
export const MentionOpensTheirProfile: Story = {
  args: { path: '/home-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const dialog = await openComposer(canvasElement);
    await userEvent.type(within(dialog).getByRole('textbox'), 'Thanks @liam_chen for the photos!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    const card = await findPost(canvasElement, 'Thanks @liam_chen');
    await expect(within(card).getByRole('link', { name: 'Guest User' })).toHaveAttribute(
      'href',
      '/profile-page',
    );
    await userEvent.click(within(card).getByRole('link', { name: '@liam_chen' }));
    await expect(await findPageHeading(canvasElement, 'Liam Chen')).toBeVisible();
    await expectToast(canvasElement, 'Post created!');
    await toastsSettled(canvasElement);
  },
};

/** At phone width: someone's profile and their Following list fit the screen. */
export const PhonePersonProfile: Story = {
  ...phoneStory,
  args: { path: '/profile-page/maya_okafor?show=following', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole(
        'heading',
        { level: 3, name: 'Not following anyone yet' },
        PAGE_TIMEOUT,
      ),
    ).toBeVisible();
    const page = within(canvas.getByRole('main'));
    await expect(page.getByRole('button', { name: 'Unfollow Maya Okafor' })).toBeVisible();
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(390);
  },
};

/** `#rrggbb` as the `rgb(r, g, b)` a computed style reports. */
function rgbOf(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${String(r)}, ${String(g)}, ${String(b)})`;
}

/**
 * Log in, choose Dark in the navigation: the page turns dark. After a reload the app starts
 * dark (the choice was remembered) and the switch still says Dark.
 */
export const DarkThemeSurvivesReload: Story = {
  args: { path: '/' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pageBackground = () => getComputedStyle(document.body).backgroundColor;
    await logInAsGuest(canvasElement);
    const home = () => canvas.getByRole('heading', { name: 'Home', level: 1 });
    await waitFor(() => expect(home()).toBeVisible(), PAGE_TIMEOUT);
    await findPost(canvasElement, 'Hello Murmur!');
    await expect(pageBackground()).toBe(rgbOf(lightTheme.colors.background));

    const theme = canvas.getByRole('group', { name: 'Theme' });
    await expect(within(theme).getByRole('radio', { name: 'System' })).toBeChecked();
    await userEvent.click(within(theme).getByText('Dark'));
    // A 2-core CI run, busy drawing Home's cards in the other worker, took over a second here.
    await waitFor(
      () => expect(pageBackground()).toBe(rgbOf(darkTheme.colors.background)),
      PAGE_TIMEOUT,
    );
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark');

    const before = home();
    reloadApp('/home-page');
    await waitFor(() => expect(before).not.toBeInTheDocument());
    await waitFor(() => expect(home()).toBeVisible(), PAGE_TIMEOUT);
    await findPost(canvasElement, 'Hello Murmur!');
    // The post can be found in the same task that mounts the app, before its theme is applied.
    await waitFor(
      () => expect(pageBackground()).toBe(rgbOf(darkTheme.colors.background)),
      PAGE_TIMEOUT,
    );
    await expect(
      within(canvas.getByRole('group', { name: 'Theme' })).getByRole('radio', { name: 'Dark' }),
    ).toBeChecked();
    await toastsSettled(canvasElement);
  },
};

/**
 * Search by keyboard alone: `/` focuses the search, 'maya' finds her, ArrowDown and Enter open
 * her profile and close the search.
 */
export const SearchMayaOpensHerProfileByKeyboard: Story = {
  args: { path: '/' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await logInAsGuest(canvasElement);
    await findPageHeading(canvasElement, 'Home');
    await findPost(canvasElement, 'Hello Murmur!');

    await userEvent.keyboard('/');
    const search = canvas.getByRole('combobox', { name: 'Search people and posts' });
    await expect(search).toHaveFocus();
    await userEvent.keyboard('maya');
    const maya = await canvas.findByRole('option', { name: /Maya Okafor/ }, PAGE_TIMEOUT);
    await userEvent.keyboard('{ArrowDown}');
    await expect(search).toHaveAttribute('aria-activedescendant', maya.id);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(appLocation()).toBe('/profile-page/maya_okafor'));
    await expect(await findPageHeading(canvasElement, 'Maya Okafor')).toBeVisible();
    await expect(
      within(canvas.getByRole('main')).getByRole('button', { name: 'Unfollow Maya Okafor' }),
    ).toBeVisible();
    await expect(canvas.queryByRole('listbox')).toBeNull();
    await expect(canvas.queryByRole('combobox', { expanded: true })).toBeNull();
    await toastsSettled(canvasElement);
  },
};

/**
 * A word from a post ('fog'), by keyboard alone: Enter on the post opens the post's own page, and
 * the search is cleared.
 */
export const SearchFindsAPostByKeyboard: Story = {
  args: { path: '/home-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findPost(canvasElement, 'Hello Murmur!');
    await userEvent.keyboard('/');
    await userEvent.keyboard('fog');
    const option = await canvas.findByRole(
      'option',
      { name: /miles this morning in the fog/ },
      PAGE_TIMEOUT,
    );
    await expect(canvas.getByRole('group', { name: 'Posts' })).toContainElement(option);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(await findPageHeading(canvasElement, 'Post')).toBeVisible();
    await waitFor(() => expect(appLocation()).toMatch(/^\/post\/[^/?]+$/));
    await findPost(canvasElement, 'Twenty miles this morning in the fog.');
    await expect(canvas.getByRole('combobox', { name: 'Search people and posts' })).toHaveValue('');
  },
};
