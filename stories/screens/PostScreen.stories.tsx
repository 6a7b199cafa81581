import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { PostCard } from '../../src/components/post';
import { PostScreen } from '../../src/components/screens/PostScreen';
import { threadsOf } from '../../src/machines';
import { withAppFrame } from '../post/decorators';
import { checkComment, postCardActions, threadPost, viewOf } from '../post/fixtures';

const actions = postCardActions();

/** The post's card as its page shows it: the whole conversation, threads and replies. */
const threadCard = (
  <PostCard
    post={threadPost}
    view={viewOf(threadPost)}
    actions={actions}
    checkComment={checkComment}
    thread={threadsOf(threadPost.comments)}
  />
);

const meta = {
  title: 'Screens/Post',
  component: PostScreen,
  decorators: [withAppFrame],
  parameters: {
    docs: { story: inFrame('900px') },
    router: { initialEntries: [`/post/${threadPost._id}`] },
  },
  args: { status: 'loaded', post: threadCard, onRetry: fn() },
} satisfies Meta<typeof PostScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A post's page: the post, then its comments as threads, the replies to a comment nested under
 * it. Reply opens an input under the thread; what is sent names the comment it answers.
 */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Post' })).toBeVisible();
    await expect(canvas.getByRole('article', { name: 'Maya Okafor' })).toBeVisible();
    const thread = canvas.getByRole('list', { name: "Comments on Maya Okafor's post" });
    // Two threads at the top level; the first holds two replies.
    const top = thread.querySelectorAll(':scope > li');
    await expect(top).toHaveLength(2);
    const replies = within(top[0] as HTMLElement).getByRole('list', { name: /^Replies to/ });
    await expect(within(replies).getAllByRole('listitem')).toHaveLength(2);
    await expect(replies).toHaveTextContent('Worth the wait.');
    // The comment input is open on the page.
    await expect(canvas.getByRole('textbox', { name: 'Add a comment' })).toBeVisible();
  },
};

/**
 * Opened from a feed, whose copy of the post holds only its newest comment: the post shows at
 * once, and 'Loading comments' in place of the thread until it is read whole.
 */
export const ReadingTheThread: Story = {
  args: {
    post: (
      <PostCard
        post={threadPost}
        view={viewOf(threadPost)}
        actions={actions}
        checkComment={checkComment}
        thread={threadsOf(threadPost.comments.slice(-1))}
        threadLoading
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('article', { name: 'Maya Okafor' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading comments');
    await expect(canvas.queryByRole('list', { name: /^Comments on/ })).toBeNull();
    await expect(canvas.getByRole('textbox', { name: 'Add a comment' })).toBeVisible();
  },
};

/**
 * Replying to a reply: the input opens under it, and the reply joins the first comment's thread.
 * Sent, the input closes and focus goes back to the Reply that opened it (its ring: Enter sent it).
 */
export const ReplyingToAComment: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const reply = canvas.getByRole('button', { name: 'Reply to Maya Okafor' });
    await userEvent.click(reply);
    await expect(reply).toHaveAttribute('aria-expanded', 'true');
    const input = canvas.getByRole('textbox', { name: 'Reply to Maya Okafor' });
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.type(input, 'See you at the launch{Enter}');
    const [first] = threadPost.comments;
    await expect(actions.onAddComment).toHaveBeenCalledWith(
      threadPost._id,
      'See you at the launch',
      first?._id,
    );
    await expect(canvas.queryByRole('textbox', { name: 'Reply to Maya Okafor' })).toBeNull();
    await expect(reply).toHaveFocus();
    await expect(reply).toHaveAttribute('aria-expanded', 'false');
    await expect(reply).toHaveStyle({ outlineStyle: 'solid' });
  },
};

/**
 * From the keyboard: Enter on Reply opens the input with focus in it; Escape closes it and hands
 * focus back to that Reply, with its ring, where Enter opens it again.
 */
export const ReplyClosesWithEscape: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const reply = canvas.getByRole('button', { name: 'Reply to Liam Chen' });
    reply.focus();
    await userEvent.keyboard('{Enter}');
    await expect(reply).toHaveAttribute('aria-expanded', 'true');
    const input = canvas.getByRole('textbox', { name: 'Reply to Liam Chen' });
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.type(input, 'Not now');
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('textbox', { name: 'Reply to Liam Chen' })).toBeNull();
    await expect(reply).toHaveAttribute('aria-expanded', 'false');
    await expect(reply).toHaveFocus();
    await expect(reply).toHaveStyle({ outlineStyle: 'solid' });
    await expect(actions.onAddComment).not.toHaveBeenCalledWith(
      threadPost._id,
      'Not now',
      expect.anything(),
    );
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: 'Reply to Liam Chen' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Escape}');
    await expect(reply).toHaveFocus();
  },
};

/** The page at phone width: nothing wider than the screen. */
export const PhoneLoaded: Story = {
  ...phoneStory,
  parameters: { ...phoneStory.parameters, appFrame: { aside: false } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(390);
  },
};

/** A deep link while the post is read: a spinner with its label. */
export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading post');
  },
};

/** Loading at phone width. */
export const PhoneLoading: Story = {
  ...phoneStory,
  parameters: { ...phoneStory.parameters, appFrame: { aside: false } },
  args: { status: 'loading' },
};

/** No such post (mistyped, or deleted): the page says so, with a way home. */
export const NotFound: Story = {
  args: { status: 'not-found' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: "This post doesn't exist" }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to Home' })).toHaveAttribute(
      'href',
      '/home-page',
    );
  },
};

/** Not found at phone width. */
export const PhoneNotFound: Story = {
  ...phoneStory,
  parameters: { ...phoneStory.parameters, appFrame: { aside: false } },
  args: { status: 'not-found' },
};

/** The post could not be read: a message and 'Retry'. */
export const Failed: Story = {
  args: { status: 'failed' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'This post could not be loaded' }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** Failed at phone width. */
export const PhoneFailed: Story = {
  ...phoneStory,
  parameters: { ...phoneStory.parameters, appFrame: { aside: false } },
  args: { status: 'failed' },
};
