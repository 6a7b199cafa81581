import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CommentComposer } from '../../src/components/post';
import { phoneStory } from '../../.storybook/viewports';
import { withColumn } from './decorators';
import { checkComment } from './fixtures';

const meta = {
  title: 'Post/CommentComposer',
  component: CommentComposer,
  decorators: [withColumn],
  args: { check: checkComment, onSubmit: fn() },
} satisfies Meta<typeof CommentComposer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing typed: Post is disabled; blank text cannot be posted, even with Enter. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Add a comment' });
    await expect(input).toHaveAttribute('placeholder', 'Add a comment...');
    await expect(canvas.getByRole('button', { name: 'Post' })).toBeDisabled();
    await userEvent.type(input, '    {Enter}');
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: 'Post' })).toBeDisabled();
    await userEvent.clear(input);
    input.blur();
  },
};

/** Typed text: Post is enabled, no counter yet (it appears near the limit). */
export const Typed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Add a comment' }), 'Count me in!');
    await expect(canvas.getByRole('button', { name: 'Post' })).toBeEnabled();
    await expect(canvas.queryByText('12/300')).toBeNull();
  },
};

/** Posting with the button sends the trimmed text and clears the input. */
export const Posting: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Add a comment' });
    await userEvent.type(input, ' See you there ');
    await userEvent.click(canvas.getByRole('button', { name: 'Post' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith('See you there');
    await expect(input).toHaveValue('');
    await expect(canvas.getByRole('button', { name: 'Post' })).toBeDisabled();
  },
};

/**
 * Ctrl+Enter and Cmd+Enter post the comment too (as in the post dialog), once each, and only when
 * the rule allows it: blank text is not posted.
 */
export const CtrlEnterPosts: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Add a comment' });
    await userEvent.type(input, '   ');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.type(input, ' Count me in ');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith('Count me in');
    await expect(input).toHaveValue('');
    await userEvent.type(input, 'And me');
    await userEvent.keyboard('{Meta>}{Enter}{/Meta}');
    await expect(args.onSubmit).toHaveBeenCalledTimes(2);
    await expect(args.onSubmit).toHaveBeenLastCalledWith('And me');
    await expect(input).toHaveValue('');
    input.blur();
  },
};

/** Near the limit the counter shows; over 300 characters it turns red and Post is disabled. */
export const OverLimit: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Add a comment' });
    await userEvent.click(input);
    await userEvent.paste('a'.repeat(260));
    await expect(canvas.getByText('260/300')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Post' })).toBeEnabled();
    await userEvent.paste('b'.repeat(45));
    await expect(canvas.getByText('305/300')).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('button', { name: 'Post' })).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/**
 * 300 characters and a trailing space: the rule counts the trimmed text, so the counter reads
 * 300/300 and the comment posts (the server takes it too).
 */
export const AtLimitWithTrailingSpace: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Add a comment' });
    await userEvent.click(input);
    await userEvent.paste(`${'a'.repeat(300)} `);
    await expect(canvas.getByText('300/300')).toBeVisible();
    await expect(input).not.toHaveAttribute('aria-invalid', 'true');
    const post = canvas.getByRole('button', { name: 'Post' });
    await expect(post).toBeEnabled();
    await userEvent.click(post);
    await expect(args.onSubmit).toHaveBeenCalledWith('a'.repeat(300));
    await expect(input).toHaveValue('');
  },
};

/**
 * An emoji of several code points (a family: seven code points) counts one character, as the
 * rule counts it. Cleared at the end, so the picture never depends on the emoji font.
 */
export const EmojiCountAsOne: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Add a comment' });
    await userEvent.click(input);
    await userEvent.paste('👩‍👩‍👧‍👦'.repeat(300));
    await expect(canvas.getByText('300/300')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Post' })).toBeEnabled();
    await userEvent.paste('👍');
    await expect(canvas.getByText('301/300')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Post' })).toBeDisabled();
    await userEvent.clear(input);
    input.blur();
  },
};

export const Phone: Story = {
  ...phoneStory,
  play: async ({ canvasElement }) => {
    await userEvent.type(
      within(canvasElement).getByRole('textbox', { name: 'Add a comment' }),
      'Bringing napkins',
    );
  },
};
