import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CommentList } from '../../src/components/post';
import type { CommentListProps } from '../../src/components/post';
import { phoneStory } from '../../.storybook/viewports';
import { longestNameUser } from '../fixtures-user';
import { withColumn } from './decorators';
import type { Comment } from '../../src/api/types';
import {
  checkComment,
  commentsPost,
  longComment,
  makeComment,
  ownPost,
  person,
  viewOf,
  voteComments,
} from './fixtures';

/** Comments of the seeded launch post with what the guest may do on each (the real selector). */
function listOf(comments: Comment[]) {
  return { comments, views: viewOf({ ...commentsPost, comments }).comments };
}

/**
 * Three comments by others on the guest's own post: as its author the guest may delete each
 * (and edit none).
 */
const onOwnPost = (() => {
  const [welcome] = ownPost.comments as [Comment];
  const author = person('sofia_bakes');
  const comments = [
    welcome,
    makeComment('comment-hello-2', author, 'Second!', '2026-03-14T11:50:00+00:00'),
    makeComment('comment-hello-3', author, 'And a third.', '2026-03-14T11:55:00+00:00'),
  ];
  return { comments, views: viewOf({ ...ownPost, comments }).comments };
})();

/** Removes a comment once its deletion is confirmed, as the app does when the server answers. */
function CommentsThatGo(props: CommentListProps) {
  const [comments, setComments] = useState(props.comments);
  return (
    <CommentList
      {...props}
      comments={comments}
      onDeleteComment={(commentId) => {
        props.onDeleteComment(commentId);
        setComments((list) => list.filter((comment) => comment._id !== commentId));
      }}
    />
  );
}

/** Deletes a comment from the keyboard: its menu, Delete, then Delete in the confirmation. */
async function deleteWithKeys(canvasElement: HTMLElement, item: HTMLElement) {
  within(item).getByRole('button', { name: 'Comment options' }).focus({ focusVisible: true });
  await userEvent.keyboard('{ArrowDown}');
  await waitFor(() => expect(within(item).getByRole('menuitem', { name: 'Delete' })).toHaveFocus());
  await userEvent.keyboard('{Enter}');
  const confirm = await within(canvasElement).findByRole('dialog', { name: 'Delete comment?' });
  await waitFor(() =>
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus(),
  );
  await userEvent.tab();
  await userEvent.keyboard('{Enter}');
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
    // It asks first, with Cancel focused and, as the menu was used from the keyboard, its ring.
    const confirm = await canvas.findByRole('dialog', { name: 'Delete comment?' });
    const cancel = within(confirm).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel).toHaveFocus());
    await expect(cancel.matches(':focus-visible')).toBe(true);
    await expect(args.onDeleteComment).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
  },
};

/** Delete asks first: 'Delete comment?', Cancel focused, nothing deleted yet. */
export const DeleteAsksToConfirm: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Comment options' }));
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Delete' }));
    const confirm = await canvas.findByRole('dialog', { name: 'Delete comment?' });
    await expect(confirm).toHaveAccessibleDescription('This comment will be removed for good.');
    // Cancel is focused; chosen with clicks, without a ring.
    const cancel = within(confirm).getByRole('button', { name: 'Cancel' });
    await expect(cancel).toHaveFocus();
    await expect(cancel.matches(':focus-visible')).toBe(false);
    await expect(within(confirm).getByRole('button', { name: 'Delete' })).toBeVisible();
    await expect(args.onDeleteComment).not.toHaveBeenCalled();
  },
};

/** Cancel keeps the comment; focus is back on its menu button. */
export const DeleteCancelled: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const options = canvas.getByRole('button', { name: 'Comment options' });
    await userEvent.click(options);
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Delete' }));
    const confirm = await canvas.findByRole('dialog', { name: 'Delete comment?' });
    // The dialog hands focus back once more when its close event arrives, a task after it
    // closed: the picture without the focus is taken after that, not before.
    const closeEvent = new Promise((resolve) =>
      confirm.addEventListener('close', resolve, { once: true }),
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await closeEvent;
    await expect(args.onDeleteComment).not.toHaveBeenCalled();
    await expect(canvas.getByText('Saving this for our next sprint.')).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    await expect(options).toHaveFocus();
    options.blur();
  },
};

/** Confirming deletes it: the comment's id goes to the page, which sends it to the server. */
export const DeleteConfirmed: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Comment options' }));
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Delete' }));
    const confirm = await canvas.findByRole('dialog', { name: 'Delete comment?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await expect(args.onDeleteComment).toHaveBeenCalledOnce();
    await expect(args.onDeleteComment).toHaveBeenCalledWith('comment-launch-sprint');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
  },
};

/**
 * Once a deleted comment is gone, focus is on the comment that followed it, not at the top
 * of the page; with a ring, as it was done from the keyboard.
 */
export const DeletedFocusGoesToTheNextComment: Story = {
  args: onOwnPost,
  render: (args) => <CommentsThatGo {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const [first] = canvas.getAllByRole('listitem') as [HTMLElement];
    await deleteWithKeys(canvasElement, first);
    await expect(args.onDeleteComment).toHaveBeenCalledWith('comment-hello-welcome');
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(2));
    const [next] = canvas.getAllByRole('listitem') as [HTMLElement];
    await expect(next).toHaveTextContent('Second!');
    await waitFor(() => expect(next).toHaveFocus());
    await expect(next).toHaveStyle({ outlineStyle: 'solid' });
  },
};

/** When the deleted comment was the last, focus is on the list's 'Comments' heading. */
export const DeletedLastFocusGoesToTheHeading: Story = {
  args: onOwnPost,
  render: (args) => <CommentsThatGo {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const last = canvas.getAllByRole('listitem')[2] as HTMLElement;
    await deleteWithKeys(canvasElement, last);
    await expect(args.onDeleteComment).toHaveBeenCalledWith('comment-hello-3');
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(2));
    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Comments' })).toHaveFocus());
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

/** My votes are pressed; seeded comments without votes count 0. Pressing my vote again asks to withdraw it. */
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

/**
 * Inline edit: it opens with the caret after the text; over the limit Save is disabled with a red
 * counter; Cancel keeps the text.
 */
export const EditOverLimit: Story = {
  args: { editingCommentId: 'comment-launch-sprint' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const editor = canvas.getByRole<HTMLTextAreaElement>('textbox', { name: 'Edit comment' });
    // Opened with the caret after the text, as the post editor opens.
    await waitFor(() => expect(editor).toHaveFocus());
    await expect(editor.selectionStart).toBe(editor.value.length);
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

/**
 * Enter saves an edit, as it posts a new comment; Shift+Enter starts a new line in it. A blank
 * edit is not saved by Enter either.
 */
export const EditEnterSaves: Story = {
  args: { editingCommentId: 'comment-launch-sprint' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const editor = canvas.getByRole('textbox', { name: 'Edit comment' });
    await userEvent.clear(editor);
    await userEvent.type(editor, '   {Enter}');
    await expect(args.onEditComment).not.toHaveBeenCalled();
    await userEvent.clear(editor);
    await userEvent.type(editor, 'First line{Shift>}{Enter}{/Shift}second line');
    await expect(editor).toHaveValue('First line\nsecond line');
    await expect(args.onEditComment).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onEditComment).toHaveBeenCalledOnce();
    await expect(args.onEditComment).toHaveBeenCalledWith(
      'comment-launch-sprint',
      'First line\nsecond line',
    );
    await expect(canvas.queryByRole('textbox', { name: 'Edit comment' })).toBeNull();
  },
};

export const EditEnterSavesPhone: Story = { ...EditEnterSaves, ...phoneStory };

/** No comments yet. */
export const Empty: Story = { args: listOf([]) };

export const Phone: Story = {
  ...phoneStory,
  args: listOf([...commentsPost.comments, longComment]),
};

/**
 * An edited comment says so beside its time ('edited', the date in its tooltip); on a phone a long
 * name keeps its room and the @username gives way first, so the header never cuts both to a few
 * letters.
 */
export const EditedWithLongNamePhone: Story = {
  ...phoneStory,
  args: listOf([
    {
      ...makeComment(
        'comment-edited-long',
        longestNameUser,
        'Fixed a typo in this one.',
        '2026-03-14T11:50:00+00:00',
      ),
      editedAt: '2026-03-14T11:58:00+00:00',
    },
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const edited = canvas.getByText('edited');
    await expect(edited).toHaveAttribute('dateTime', '2026-03-14T11:58:00+00:00');
    await expect(edited).toHaveAttribute('title', expect.stringMatching(/^Edited /));
    const name = canvas.getByTitle(
      'Bartholomew-Maximilian-Alexander-Augusto Vandersteenhoven-Castellanos-Rivera',
    );
    const handle = canvas.getByTitle('@bartholomew_augusto');
    // The name keeps most of the line; the username gave way first.
    await expect(name.getBoundingClientRect().width).toBeGreaterThan(120);
    await expect(handle.getBoundingClientRect().width).toBeLessThan(
      name.getBoundingClientRect().width / 2,
    );
  },
};
