import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CommentList } from '../../src/components/post';
import { phoneStory } from '../../.storybook/viewports';
import { withColumn } from './decorators';
import type { Comment } from '../../src/api/types';
import { checkComment, commentsPost, longComment, viewOf, voteComments } from './fixtures';

/** Comments of the seeded launch post with what the guest may do on each (the real selector). */
function listOf(comments: Comment[]) {
  return { comments, views: viewOf({ ...commentsPost, comments }).comments };
}

const meta = {
  title: 'Post/CommentList',
  component: CommentList,
  decorators: [withColumn],
  args: {
    ...listOf(commentsPost.comments),
    checkComment,
    onEditComment: fn(),
    onDeleteComment: fn(),
    onUpvoteComment: fn(),
    onDownvoteComment: fn(),
  },
} satisfies Meta<typeof CommentList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Others' comments have no menu; the current user's own has 'Comment options'. */
export const MenuOnlyOnOwnComment: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.getAllByRole('button', { name: 'Comment options' })).toHaveLength(1);
    const options = canvas.getByRole('button', { name: 'Comment options' });
    options.focus({ focusVisible: true });
    await userEvent.keyboard('{ArrowDown}');
    const items = canvas.getAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual(['Edit', 'Delete']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onDeleteComment).toHaveBeenCalledWith('comment-launch-sprint');
  },
};

/** Comments missing from the views: no menus at all, and no vote pressed. */
export const NoMenus: Story = {
  args: { views: {} },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).queryByRole('button', { name: 'Comment options' }),
    ).toBeNull();
  },
};

/** My votes are pressed; seeded comments without votes count 0. Pressing my vote again asks to withdraw it (A13). */
export const Votes: Story = {
  args: listOf(voteComments),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const [up, down, none] = canvas.getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    const upvote = within(up).getByRole('button', { name: 'Upvote' });
    await expect(upvote).toHaveAttribute('aria-pressed', 'true');
    await expect(upvote).toHaveAccessibleDescription('2 upvotes');
    await userEvent.click(upvote);
    await expect(args.onUpvoteComment).toHaveBeenCalledWith('comment-up');
    await expect(within(down).getByRole('button', { name: 'Downvote' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(within(none).getByRole('button', { name: 'Upvote' })).toHaveAccessibleDescription(
      '0 upvotes',
    );
    await userEvent.click(within(none).getByRole('button', { name: 'Downvote' }));
    await expect(args.onDownvoteComment).toHaveBeenCalledWith('comment-none');
    upvote.blur();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** Inline edit: over the limit Save is disabled with a red counter; Cancel keeps the text. */
export const EditOverLimit: Story = {
  args: { editingCommentId: 'comment-launch-sprint' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const editor = canvas.getByRole('textbox', { name: 'Edit comment' });
    await userEvent.click(editor);
    await userEvent.paste(' '.concat('x'.repeat(280)));
    await expect(canvas.getByText('313/300')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(args.onEditComment).not.toHaveBeenCalled();
  },
};

/** Escape leaves the editor without saving. */
export const EditCancelledWithEscape: Story = {
  args: { editingCommentId: 'comment-launch-sprint' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Edit comment' }), ' Or not.');
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('textbox', { name: 'Edit comment' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Comment options' })).toHaveFocus();
    await expect(canvas.getByText(/our next sprint\.$/)).toBeVisible();
    await expect(args.onEditComment).not.toHaveBeenCalled();
  },
};

/** No comments yet. */
export const Empty: Story = { args: listOf([]) };

export const Phone: Story = {
  ...phoneStory,
  args: listOf([...commentsPost.comments, longComment]),
};
