import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { PostDialog } from '../../src/components/post';
import type { PostDialogProps } from '../../src/components/post';
import { phoneStory } from '../../.storybook/viewports';
import { checkPostText, imageFileMessage, PERSON_MESSAGES } from '../../src/api/rules';
import { canSubmitPost } from '../../src/machines';
import { POST_IMAGES } from '../../src/mocks/data/images';
import { ownPost } from './fixtures';

const landscapeImage = POST_IMAGES.mountains;

/**
 * The dialog is controlled (the postDialog machine owns its state); the stories keep text and
 * image in local state so that typing and attaching behave as in the app, and still report every
 * change to the spies. The verdict and whether 'Post' is enabled come from the real post rule and
 * the machine's own selector, as the page passes them.
 */
function ControlledPostDialog(props: PostDialogProps) {
  const [text, setText] = useState(props.text);
  const [image, setImage] = useState(props.image);
  const [open, setOpen] = useState(props.open);
  return (
    <PostDialog
      {...props}
      open={open}
      text={text}
      image={image}
      verdict={checkPostText(text)}
      canSubmit={canSubmitPost(text)}
      onTextChange={(next) => {
        setText(next);
        props.onTextChange(next);
      }}
      onImageChange={(next) => {
        setImage(next);
        props.onImageChange(next);
      }}
      onClose={() => {
        setOpen(false);
        props.onClose();
      }}
    />
  );
}

const meta = {
  title: 'Post/PostDialog',
  component: PostDialog,
  render: (args) => <ControlledPostDialog {...args} />,
  args: {
    open: true,
    mode: 'create',
    text: '',
    image: null,
    verdict: checkPostText(''),
    canSubmit: false,
    checkImage: imageFileMessage,
    onTextChange: fn(),
    onImageChange: fn(),
    onSubmit: fn(),
    onClose: fn(),
    submitting: false,
    error: null,
  },
} satisfies Meta<typeof PostDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The open dialog (it opens with showModal() once mounted, so wait for it). */
const dialogOf = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('dialog', { name: 'Add Post' });

/** Opened to create: empty, the text area has focus, 'Post' is disabled, the counter reads 0/500. */
export const CreateEmpty: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement));
    const text = dialog.getByRole('textbox', { name: 'Post text' });
    await expect(text).toHaveAttribute('placeholder', 'Write something interesting...');
    await waitFor(() => expect(text).toHaveFocus());
    await expect(dialog.getByText('0/500')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Post' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
  },
};

/** Typing counts characters and enables 'Post', which submits. */
export const Typed: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(await dialogOf(canvasElement));
    await userEvent.type(
      dialog.getByRole('textbox', { name: 'Post text' }),
      'Trying out Murmur today.{Enter}Hello, everyone!',
    );
    await expect(args.onTextChange).toHaveBeenLastCalledWith(
      'Trying out Murmur today.\nHello, everyone!',
    );
    await expect(dialog.getByText('41/500')).toBeVisible();
    const post = dialog.getByRole('button', { name: 'Post' });
    await expect(post).toBeEnabled();
    await userEvent.click(post);
    await expect(args.onSubmit).toHaveBeenCalledOnce();
  },
};

/** Only spaces and line breaks: still blank (the counter reads 0), 'Post' stays disabled. */
export const WhitespaceOnly: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(await dialogOf(canvasElement));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Post text' }), '   {Enter}  ');
    await expect(dialog.getByText('0/500')).toBeVisible();
    const post = dialog.getByRole('button', { name: 'Post' });
    await expect(post).toBeDisabled();
    await userEvent.click(post);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Over 500 characters: the counter turns red and 'Post' is disabled. */
export const OverLimit: Story = {
  args: { text: 'So much to say. '.repeat(31) + 'And more' },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement));
    await expect(dialog.getByText('504/500')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Post text' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(dialog.getByRole('button', { name: 'Post' })).toBeDisabled();
  },
};

/** Attaching a picture reads it as a data URL and previews it; 'Remove image' takes it off. */
export const WithImagePreview: Story = {
  args: { text: 'Sunrise from the ridge' },
  play: async ({ canvasElement, args }) => {
    const dialog = within(await dialogOf(canvasElement));
    const blob = await (await fetch(landscapeImage)).blob();
    const file = new File([blob], 'mountains.svg', { type: blob.type });
    await userEvent.upload(dialog.getByLabelText('Add image'), file);
    await waitFor(() => expect(args.onImageChange).toHaveBeenCalledOnce());
    const [dataUrl] = args.onImageChange.mock.calls[0] as [string];
    await expect(dataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    await expect(dialog.getByRole('img', { name: 'Image to attach' })).toBeVisible();
    await expect(dialog.getByLabelText('Change image')).toBeInTheDocument();

    await userEvent.click(dialog.getByRole('button', { name: 'Remove image' }));
    await expect(args.onImageChange).toHaveBeenLastCalledWith(null);
    await expect(dialog.queryByRole('img', { name: 'Image to attach' })).toBeNull();
    // Attach it again for the picture.
    await userEvent.upload(dialog.getByLabelText('Add image'), file);
    await waitFor(() => expect(dialog.getByRole('img', { name: 'Image to attach' })).toBeVisible());
  },
};

/**
 * A file over 2 MB, then one that is not an image: a message each time (the image rule's own
 * words, the same as the edit-profile dialog's), nothing attached.
 */
export const InvalidImage: Story = {
  args: { text: 'Here is the report' },
  play: async ({ canvasElement, args }) => {
    const dialog = within(await dialogOf(canvasElement));
    const input = dialog.getByLabelText('Add image');
    await expect(input).toHaveAttribute('accept', 'image/*');
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'huge.png', {
      type: 'image/png',
    });
    await userEvent.upload(input, big);
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      PERSON_MESSAGES.image.tooLarge,
    );
    // The browser's picker hides non-images; a drop or "All files" can still deliver one.
    await fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.7'], 'report.pdf', { type: 'application/pdf' })] },
    });
    await expect(dialog.getByRole('alert')).toHaveTextContent(PERSON_MESSAGES.image.notImage);
    await expect(args.onImageChange).not.toHaveBeenCalled();
    await expect(dialog.queryByRole('img')).toBeNull();
  },
};

/** A file of exactly 2 MiB attaches; one byte more is refused with the rule's message. */
export const ImageAtSizeLimit: Story = {
  args: { text: 'Exactly at the limit' },
  play: async ({ canvasElement, args }) => {
    const dialog = within(await dialogOf(canvasElement));
    const limit = 2 * 1024 * 1024;
    const atLimit = new File([new Uint8Array(limit)], 'x.png', { type: 'image/png' });
    await userEvent.upload(dialog.getByLabelText('Add image'), atLimit);
    await waitFor(() => expect(args.onImageChange).toHaveBeenCalledOnce());
    const [dataUrl] = args.onImageChange.mock.calls[0] as [string];
    await expect(dataUrl).toMatch(/^data:image\/png;base64,/);
    await expect(dialog.queryByRole('alert')).toBeNull();
    await expect(dialog.getByRole('img', { name: 'Image to attach' })).toBeInTheDocument();
    // Take it off (its bytes are no real picture), then try one byte more.
    await userEvent.click(dialog.getByRole('button', { name: 'Remove image' }));
    const overLimit = new File([new Uint8Array(limit + 1)], 'x.png', { type: 'image/png' });
    await userEvent.upload(dialog.getByLabelText('Add image'), overLimit);
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      PERSON_MESSAGES.image.tooLarge,
    );
    await expect(args.onImageChange).toHaveBeenCalledTimes(2);
    await expect(args.onImageChange).toHaveBeenLastCalledWith(null);
    await expect(dialog.queryByRole('img', { name: 'Image to attach' })).toBeNull();
  },
};

/**
 * Characters are counted as a person sees them: 500 emoji (each two UTF-16 units) fill the post
 * exactly and may be posted; one more is refused. The text is cleared at the end, so the picture
 * never depends on the machine's emoji font.
 */
export const EmojiAtLimit: Story = {
  args: { text: '😀'.repeat(500) },
  play: async ({ canvasElement, args }) => {
    const dialog = within(await dialogOf(canvasElement));
    const text = dialog.getByRole('textbox', { name: 'Post text' });
    const post = dialog.getByRole('button', { name: 'Post' });
    await expect(dialog.getByText('500/500')).toBeVisible();
    await expect(text).not.toHaveAttribute('aria-invalid', 'true');
    await expect(post).toBeEnabled();
    await userEvent.click(post);
    await expect(args.onSubmit).toHaveBeenCalledOnce();

    await userEvent.click(text);
    await userEvent.paste('😀');
    await expect(dialog.getByText('501/500')).toBeVisible();
    await expect(text).toHaveAttribute('aria-invalid', 'true');
    await expect(post).toBeDisabled();

    await userEvent.clear(text);
    await expect(dialog.getByText('0/500')).toBeVisible();
  },
};

/** Edit mode opens prefilled with the post's text (and its image); the heading stays 'Add Post'. */
export const EditPrefilled: Story = {
  args: { mode: 'edit', text: ownPost.content, image: landscapeImage },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement));
    await expect(dialog.getByRole('heading', { name: 'Add Post' })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Edit post text' })).toHaveValue(
      ownPost.content,
    );
    await expect(dialog.getByRole('img', { name: 'Image to attach' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Post' })).toBeEnabled();
  },
};

/** Edit mode with the text cleared: 'Post' is disabled too. */
export const EditBlank: Story = {
  args: { mode: 'edit', text: ownPost.content },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement));
    await userEvent.clear(dialog.getByRole('textbox', { name: 'Edit post text' }));
    await expect(dialog.getByRole('button', { name: 'Post' })).toBeDisabled();
  },
};

/** Saving: 'Post' spins and ignores presses; Escape does not close. */
export const Submitting: Story = {
  args: { text: 'Trying out Murmur today.', submitting: true },
  play: async ({ canvasElement, args }) => {
    const dialog = within(await dialogOf(canvasElement));
    const post = dialog.getByRole('button', { name: 'Post' });
    await expect(post).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(post);
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).not.toHaveBeenCalled();
    await expect(await dialogOf(canvasElement)).toBeVisible();
  },
};

/** The save failed: the server's message shows above the buttons; the text is kept. */
export const Failed: Story = {
  args: {
    text: 'Trying out Murmur today.',
    error: 'The token is invalid. Unauthorized access error.',
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement));
    await expect(dialog.getByRole('alert')).toHaveTextContent(
      'The token is invalid. Unauthorized access error.',
    );
    await expect(dialog.getByRole('button', { name: 'Post' })).toBeEnabled();
  },
};

/** Escape asks to close; the Close button does too. */
export const ClosesWithEscape: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await dialogOf(canvasElement);
    await waitFor(() => expect(within(dialog).getByRole('textbox')).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledOnce();
    await waitFor(() => expect(within(canvasElement).queryByRole('dialog')).toBeNull());
  },
};

export const PhoneCreate: Story = {
  ...phoneStory,
  args: { text: 'Trying out Murmur today.\nHello, everyone!' },
};

export const PhoneWithImageAndError: Story = {
  ...phoneStory,
  args: {
    mode: 'edit',
    text: ownPost.content,
    image: landscapeImage,
    error: 'Something went wrong! Please try again.',
  },
};
