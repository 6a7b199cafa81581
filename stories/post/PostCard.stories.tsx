import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { PostCard } from '../../src/components/post';
import { phoneStory } from '../../.storybook/viewports';
import { withColumn } from './decorators';
import {
  checkComment,
  commentsPost,
  imagePost,
  longPost,
  othersLikedPost,
  ownPost,
  postCardActions,
  textPost,
  viewer,
  viewOf,
} from './fixtures';

/** A post the guest liked, with two other likes. */
const likedTextPost = {
  ...textPost,
  likes: { ...textPost.likes, likeCount: 3, likedBy: [viewer] },
};

const actions = postCardActions();

const meta = {
  title: 'Post/PostCard',
  component: PostCard,
  decorators: [withColumn],
  args: { post: textPost, view: viewOf(textPost), actions, checkComment },
} satisfies Meta<typeof PostCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Someone else's text post, not liked, not bookmarked: no options menu. */
export const TextOnly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('article', { name: 'Sofia Martins' });
    await expect(card).toHaveTextContent('@sofia_bakes');
    await expect(canvas.getByText('5m')).toHaveAttribute('dateTime', textPost.createdAt);
    await expect(canvas.queryByRole('button', { name: 'Post options' })).toBeNull();

    const like = canvas.getByRole('button', { name: 'Like' });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(like).toHaveAccessibleDescription('0 likes');
    await userEvent.click(like);
    await expect(actions.onToggleLike).toHaveBeenCalledWith('post-sofia-scones');

    const bookmark = canvas.getByRole('button', { name: 'Bookmark' });
    await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(bookmark);
    await expect(actions.onToggleBookmark).toHaveBeenCalledWith('post-sofia-scones');
  },
};

/** A post with an attached picture, shown with its alt text. */
export const WithImage: Story = {
  args: { post: imagePost, view: viewOf(imagePost) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'Image attached by Liam Chen' })).toBeVisible();
  },
};

/** Long text with paragraphs, a long link and a very long word: it wraps inside the card. */
export const LongText: Story = {
  args: { post: longPost, view: viewOf(longPost) },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('article');
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
    // Line breaks in the text are kept.
    await expect(within(card).getByText(/^Notes from this week/)).toHaveStyle({
      whiteSpace: 'pre-wrap',
    });
  },
};

/** The current user liked it: Like is pressed; pressing it again sends the toggle (the machine unlikes). */
export const LikedByMe: Story = {
  args: { post: longPost, view: viewOf(longPost) },
  play: async ({ canvasElement }) => {
    const like = within(canvasElement).getByRole('button', { name: 'Like' });
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(like);
    await expect(actions.onToggleLike).toHaveBeenCalledTimes(1);
    await expect(actions.onToggleLike).toHaveBeenCalledWith('post-long');
  },
};

/** Liked by others but not by the current user: Like is not pressed. */
export const LikedByOthersOnly: Story = {
  args: { post: othersLikedPost, view: viewOf(othersLikedPost) },
  play: async ({ canvasElement }) => {
    const like = within(canvasElement).getByRole('button', { name: 'Like' });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(like).toHaveAccessibleDescription('3 likes');
  },
};

/** A like in flight: the optimistic state shows, further presses are ignored. */
export const LikePending: Story = {
  args: {
    post: likedTextPost,
    view: viewOf(likedTextPost, { likePending: true }),
  },
  play: async ({ canvasElement }) => {
    const like = within(canvasElement).getByRole('button', { name: 'Like' });
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(like);
    await expect(actions.onToggleLike).not.toHaveBeenCalled();
  },
};

/** In the current user's bookmarks: Bookmark is pressed; pressing sends the toggle. */
export const Bookmarked: Story = {
  args: { post: imagePost, view: viewOf(imagePost, { bookmarks: [imagePost] }) },
  play: async ({ canvasElement }) => {
    const bookmark = within(canvasElement).getByRole('button', { name: 'Bookmark' });
    await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(bookmark);
    await expect(actions.onToggleBookmark).toHaveBeenCalledWith('post-liam-ridge');
  },
};

/** The current user's own post: 'Post options' opens with the keyboard; Edit hands the post id up. */
export const OwnPostMenu: Story = {
  args: { post: ownPost, view: viewOf(ownPost) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const options = canvas.getByRole('button', { name: 'Post options' });
    options.focus({ focusVisible: true });
    await userEvent.keyboard('{Enter}');
    const menu = canvas.getByRole('menu', { name: 'Post options' });
    const items = within(menu).getAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual(['Edit', 'Delete']);
    await waitFor(() => expect(items[0]).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(actions.onEdit).toHaveBeenCalledWith(ownPost._id);
    await expect(options).toHaveFocus();
    // Open again and leave it open for the picture.
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(canvas.getByRole('menuitem', { name: 'Edit' })).toHaveFocus());
  },
};

/** Delete asks first: the confirmation is open, nothing deleted yet. */
export const DeleteConfirmation: Story = {
  args: { post: ownPost, view: viewOf(ownPost) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Post options' }));
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await canvas.findByRole('dialog', { name: 'Delete post?' });
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await expect(actions.onDelete).not.toHaveBeenCalled();
  },
};

/** Cancelling (Escape) deletes nothing and returns focus to the menu button. */
export const DeleteCancelled: Story = {
  args: { post: ownPost, view: viewOf(ownPost) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const options = canvas.getByRole('button', { name: 'Post options' });
    await userEvent.click(options);
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Delete' }));
    await canvas.findByRole('dialog', { name: 'Delete post?' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(options).toHaveFocus();
    await expect(actions.onDelete).not.toHaveBeenCalled();
  },
};

/** Confirming deletes the post by its id. */
export const DeleteConfirmed: Story = {
  args: { post: ownPost, view: viewOf(ownPost) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Post options' }));
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await canvas.findByRole('dialog', { name: 'Delete post?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(actions.onDelete).toHaveBeenCalledWith('post-guest-hello');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
  },
};

/** The post is being deleted: busy, a spinner in place of its menu. */
export const Deleting: Story = {
  args: { post: ownPost, view: viewOf(ownPost, { deleting: true }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('article')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Deleting post');
    await expect(canvas.queryByRole('button', { name: 'Post options' })).toBeNull();
  },
};

/**
 * Comments open on someone else's post: the current user's own comment has 'Comment options'
 * (Edit, Delete); the others have none. Votes show counts; my upvote is pressed.
 */
export const WithComments: Story = {
  args: { post: commentsPost, view: viewOf(commentsPost), defaultCommentsOpen: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Comment' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const comments = within(canvas.getByRole('list', { name: /^Comments/ })).getAllByRole(
      'listitem',
    );
    await expect(comments).toHaveLength(2);
    const [liams, mine] = comments as [HTMLElement, HTMLElement];
    await expect(within(liams).queryByRole('button', { name: 'Comment options' })).toBeNull();
    await expect(within(mine).getByRole('button', { name: 'Comment options' })).toBeVisible();

    const up = within(liams).getByRole('button', { name: 'Upvote' });
    await expect(up).toHaveAttribute('aria-pressed', 'false');
    await expect(up).toHaveAccessibleDescription('0 upvotes');
    await userEvent.click(up);
    await expect(actions.onUpvoteComment).toHaveBeenCalledWith(
      'post-maya-launch',
      'comment-launch-congrats',
    );
    await userEvent.click(within(mine).getByRole('button', { name: 'Downvote' }));
    await expect(actions.onDownvoteComment).toHaveBeenCalledWith(
      'post-maya-launch',
      'comment-launch-sprint',
    );
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** The post author sees Delete (not Edit) on others' comments of their post. */
export const CommentMenuOnOwnPost: Story = {
  args: { post: ownPost, view: viewOf(ownPost), defaultCommentsOpen: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Comment options' }));
    const items = canvas.getAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual(['Delete']);
    await userEvent.click(items[0] as HTMLElement);
    await expect(actions.onDeleteComment).toHaveBeenCalledWith(
      'post-guest-hello',
      'comment-hello-welcome',
    );
  },
};

/** Editing a comment inline: Save is disabled when blank, Escape cancels, Save sends the text. */
export const CommentBeingEdited: Story = {
  args: {
    post: commentsPost,
    view: viewOf(commentsPost),
    defaultCommentsOpen: true,
    editingCommentId: 'comment-launch-sprint',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = canvas.getByRole('textbox', { name: 'Edit comment' });
    await expect(editor).toHaveValue('Saving this for our next sprint.');
    await userEvent.clear(editor);
    await userEvent.type(editor, '   ');
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(editor);
    await userEvent.type(editor, 'Saving this for the next sprint.');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(actions.onEditComment).toHaveBeenCalledWith(
      'post-maya-launch',
      'comment-launch-sprint',
      'Saving this for the next sprint.',
    );
    // Back to the comment, then open the editor again from the menu for the picture.
    await userEvent.click(canvas.getByRole('button', { name: 'Comment options' }));
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Edit' }));
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: 'Edit comment' })).toHaveFocus(),
    );
  },
};

/** The Comment action opens the comments and puts the cursor in the input; a comment posts. */
export const AddingAComment: Story = {
  args: { post: commentsPost, view: viewOf(commentsPost) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('list', { name: /^Comments/ })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Comment' }));
    await expect(canvas.getByRole('list', { name: /^Comments/ })).toBeVisible();
    const input = canvas.getByRole('textbox', { name: 'Add a comment' });
    await expect(input).toHaveFocus();
    await userEvent.type(input, '  Congratulations!  {Enter}');
    await expect(actions.onAddComment).toHaveBeenCalledWith('post-maya-launch', 'Congratulations!');
    await expect(input).toHaveValue('');
  },
};

/** At phone width, with an image and comments open. */
export const Phone: Story = {
  ...phoneStory,
  args: {
    post: imagePost,
    view: viewOf(imagePost, { bookmarks: [imagePost] }),
    defaultCommentsOpen: true,
  },
};

/** Long text at phone width: still no overflow. */
export const PhoneLongText: Story = {
  ...phoneStory,
  args: { post: longPost, view: viewOf(longPost) },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('article');
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
  },
};

/** Own post with comments open at phone width, the menu open. */
export const PhoneOwnPostWithComments: Story = {
  ...phoneStory,
  args: { post: commentsPost, view: viewOf(commentsPost), defaultCommentsOpen: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Comment options' }));
    await expect(canvas.getByRole('menu', { name: 'Comment options' })).toBeVisible();
  },
};
