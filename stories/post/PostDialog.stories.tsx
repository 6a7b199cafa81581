import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { PostDialog } from '../../src/components/post';
import type { PostDialogProps } from '../../src/components/post';
import { phoneStory } from '../../.storybook/viewports';
import { POST_IMAGES } from '../../src/mocks/data/images';
import { ownPost } from './fixtures';

const landscapeImage = POST_IMAGES.mountains;

/**
 * The dialog is controlled (the postDialog machine owns its state); the stories keep text and
 * image in local state so that typing and attaching behave as in the app, and still report every
 * change to the spies.
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

/** Only spaces and line breaks: still blank, 'Post' stays disabled (F7). */
export const WhitespaceOnly: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(await dialogOf(canvasElement));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Post text' }), '   {Enter}  ');
    await expect(dialog.getByText('6/500')).toBeVisible();
    const post = dialog.getByRole('button', { name: 'Post' });
    await expect(post).toBeDisabled();
    await userEvent.click(post);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Over 500 characters: the counter turns red and 'Post' is disabled (F7). */
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

/** A file that is not an image, then one over 2 MB: a message each time, nothing attached. */
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
      'The image is larger than 2 MB. Choose a smaller one.',
    );
    // The browser's picker hides non-images; a drop or "All files" can still deliver one.
    await fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.7'], 'report.pdf', { type: 'application/pdf' })] },
    });
    await expect(dialog.getByRole('alert')).toHaveTextContent(
      'Choose an image file (PNG, JPEG, GIF or WebP).',
    );
    await expect(args.onImageChange).not.toHaveBeenCalled();
    await expect(dialog.queryByRole('img')).toBeNull();
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

/** Edit mode with the text cleared: 'Post' is disabled too (F7). */
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
