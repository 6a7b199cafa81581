import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { PostDialog } from '../../src/components/post';
import type { ImageUploadState, PostDialogProps } from '../../src/components/post';
import { phoneStory } from '../../.storybook/viewports';
import { checkMediaFile, MEDIA_MESSAGES, MEDIA_RULE, MEDIA_TYPES } from '../../src/api/media';
import { checkImageAltField, checkPostText } from '../../src/api/rules';
import { canSubmitPost, sameDraft, type Draft } from '../../src/machines';
import { POST_IMAGES } from '../../src/seed/images';
import { pngFile, pngOfSize } from '../imageFiles';
import { ownPost } from './fixtures';

const landscapeImage = POST_IMAGES.mountains;
/** The landscape as a person's file: a PNG drawn from the seed's SVG, twice its size for sharpness. */
const landscapeFile = () => pngFile(landscapeImage, { width: 960, height: 540 }, 'mountains.png');

/**
 * The dialog is controlled (the postDialog machine owns its state); the stories keep text, image,
 * alt text and the upload in local state so that typing and attaching behave as in the app, and
 * still report every change to the spies. The verdicts, whether 'Post' / 'Save' is enabled and
 * whether 'Discard' shows come from the real rules and the machine's own draft comparison, as the
 * page passes them: an edit must change something, a draft is what differs from where it
 * started, nothing is sent while an image uploads. A picked file is checked as the machine checks
 * it and then stays 'uploading' (the machine's tests and the journeys carry an upload through).
 */
function ControlledPostDialog(props: PostDialogProps) {
  const [text, setText] = useState(props.text);
  const [image, setImage] = useState(props.image);
  const [imageAlt, setImageAlt] = useState(props.imageAlt);
  const [upload, setUpload] = useState<ImageUploadState | null>(props.upload ?? null);
  const [imageError, setImageError] = useState(props.imageError ?? null);
  // The image a cancelled upload goes back to: none when the story starts with one on its way.
  const [before, setBefore] = useState(props.upload ? null : props.image);
  const [open, setOpen] = useState(props.open);
  const draft: Draft = { text, imgContent: image, imgAlt: imageAlt };
  const start: Draft =
    props.mode === 'edit'
      ? { text: props.text, imgContent: props.image, imgAlt: props.imageAlt }
      : { text: '', imgContent: null, imgAlt: '' };
  const changed = !sameDraft(draft, start);
  const altVerdict = checkImageAltField(imageAlt);
  return (
    <PostDialog
      {...props}
      open={open}
      text={text}
      image={image}
      upload={upload}
      imageError={imageError}
      imageAlt={imageAlt}
      verdict={checkPostText(text)}
      altVerdict={altVerdict}
      canSubmit={
        upload === null &&
        canSubmitPost(text) &&
        altVerdict.problem === null &&
        (props.mode === 'create' || changed)
      }
      canDiscard={changed && !props.submitting}
      onTextChange={(next) => {
        setText(next);
        props.onTextChange(next);
      }}
      onPickImage={(file) => {
        props.onPickImage(file);
        const problem = checkMediaFile(file);
        setImageError(problem === null ? null : MEDIA_MESSAGES[problem]);
        if (problem !== null) return;
        if (upload === null) setBefore(image);
        setImage(URL.createObjectURL(file));
        setUpload({ status: 'uploading', progress: null });
      }}
      onCancelUpload={() => {
        props.onCancelUpload();
        setImage(before);
        setUpload(null);
        setImageError(null);
      }}
      onRemoveImage={() => {
        props.onRemoveImage();
        setImage(null);
        setImageAlt('');
      }}
      onImageAltChange={(next) => {
        setImageAlt(next);
        props.onImageAltChange(next);
      }}
      onClose={() => {
        setOpen(false);
        props.onClose();
      }}
      onDiscard={() => {
        setOpen(false);
        props.onDiscard();
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
    imageAlt: '',
    verdict: checkPostText(''),
    altVerdict: checkImageAltField(''),
    canSubmit: false,
    canDiscard: false,
    imageTypes: MEDIA_TYPES,
    onTextChange: fn(),
    onPickImage: fn(),
    onRemoveImage: fn(),
    onCancelUpload: fn(),
    onRetryUpload: fn(),
    onImageAltChange: fn(),
    onSubmit: fn(),
    onClose: fn(),
    onDiscard: fn(),
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

/**
 * A picked picture shows at once, from the file itself, while it uploads: its bar says it is on
 * its way and 'Post' waits. 'Cancel upload' stops it and takes it off.
 */
export const WithImagePreview: Story = {
  args: { text: 'Sunrise from the ridge' },
  play: async ({ canvasElement, args }) => {
    const dialog = within(await dialogOf(canvasElement));
    const file = await landscapeFile();
    await userEvent.upload(dialog.getByLabelText('Add image'), file);
    await expect(args.onPickImage).toHaveBeenCalledOnce();
    await expect(args.onPickImage).toHaveBeenCalledWith(file);
    await expect(dialog.getByRole('img', { name: 'Image to attach' })).toBeVisible();
    await expect(dialog.getByRole('progressbar', { name: 'Uploading image' })).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveTextContent('Uploading image…');
    await expect(dialog.getByRole('button', { name: 'Post' })).toBeDisabled();
    await expect(dialog.getByLabelText('Change image')).toBeInTheDocument();

    await userEvent.click(dialog.getByRole('button', { name: 'Cancel upload' }));
    await expect(args.onCancelUpload).toHaveBeenCalledOnce();
    await expect(dialog.queryByRole('img', { name: 'Image to attach' })).toBeNull();
    // The button went with the picture: the focus is on picking another.
    await expect(dialog.getByLabelText('Add image')).toHaveFocus();
    await expect(dialog.getByRole('button', { name: 'Post' })).toBeEnabled();
    // Pick it again for the picture.
    await userEvent.upload(dialog.getByLabelText('Add image'), file);
    await waitFor(() => expect(dialog.getByRole('img', { name: 'Image to attach' })).toBeVisible());
  },
};

/**
 * What the picker refuses before sending a byte, in the words the server would use: a file over
 * 10 MB, and one whose type is not a picture. (A file whose type lies is sent, and refused by
 * the server once it reads the bytes: UploadRefused.)
 */
export const InvalidImage: Story = {
  args: { text: 'Here is the report' },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement));
    const input = dialog.getByLabelText('Add image');
    await expect(input).toHaveAttribute('accept', MEDIA_TYPES.join(','));
    const big = new File([new Uint8Array(MEDIA_RULE.maxBytes + 1)], 'huge.png', {
      type: 'image/png',
    });
    await userEvent.upload(input, big);
    await expect(await dialog.findByRole('alert')).toHaveTextContent(MEDIA_MESSAGES.tooLarge);
    await expect(input).toHaveAccessibleDescription(MEDIA_MESSAGES.tooLarge);
    // The browser's picker hides non-images; a drop or "All files" can still deliver one.
    await fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.7'], 'report.pdf', { type: 'application/pdf' })] },
    });
    await expect(dialog.getByRole('alert')).toHaveTextContent(MEDIA_MESSAGES.notImage);
    await expect(dialog.queryByRole('img')).toBeNull();
    await expect(dialog.queryByRole('progressbar')).toBeNull();
  },
};

/** A picture of exactly 10 MiB is taken (its upload starts); one byte more is refused. */
export const ImageAtSizeLimit: Story = {
  args: { text: 'Exactly at the limit' },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement));
    const limit = MEDIA_RULE.maxBytes;
    const atLimit = await pngOfSize(landscapeImage, limit);
    await expect(atLimit.size).toBe(limit);
    await userEvent.upload(dialog.getByLabelText('Add image'), atLimit);
    await expect(dialog.queryByRole('alert')).toBeNull();
    await expect(dialog.getByRole('progressbar', { name: 'Uploading image' })).toBeVisible();
    // Stop it, then try one byte more.
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel upload' }));
    const overLimit = await pngOfSize(landscapeImage, limit + 1);
    await userEvent.upload(dialog.getByLabelText('Add image'), overLimit);
    await expect(await dialog.findByRole('alert')).toHaveTextContent(MEDIA_MESSAGES.tooLarge);
    await expect(dialog.queryByRole('img', { name: 'Image to attach' })).toBeNull();
  },
};

/** On its way: the thumbnail dimmed, a bar and its percent; 'Post' waits; it can be cancelled. */
export const Uploading: Story = {
  args: {
    text: 'Sunrise from the ridge',
    image: landscapeImage,
    upload: { status: 'uploading', progress: 0.45 },
  },
  play: async ({ canvasElement, args }) => {
    const dialog = within(await dialogOf(canvasElement));
    const bar = dialog.getByRole('progressbar', { name: 'Uploading image' });
    await expect(bar).toHaveAttribute('value', '45');
    await expect(dialog.getByText('45%')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Post' })).toBeDisabled();
    await expect(dialog.queryByRole('button', { name: 'Remove image' })).toBeNull();
    await expect(dialog.getByRole('button', { name: 'Cancel upload' })).toBeEnabled();
    await expect(args.onCancelUpload).not.toHaveBeenCalled();
  },
};

/** The network failed on the way: why, and 'Retry upload' sends the same file again. */
export const UploadFailed: Story = {
  args: {
    text: 'Sunrise from the ridge',
    image: landscapeImage,
    upload: { status: 'failed', canRetry: true },
    imageError: 'Network error. Please check your connection and try again.',
  },
  play: async ({ canvasElement, args }) => {
    const dialog = within(await dialogOf(canvasElement));
    await expect(dialog.getByRole('alert')).toHaveTextContent('Network error.');
    await expect(dialog.queryByRole('progressbar')).toBeNull();
    await expect(dialog.getByRole('button', { name: 'Post' })).toBeDisabled();
    await userEvent.click(dialog.getByRole('button', { name: 'Retry upload' }));
    await expect(args.onRetryUpload).toHaveBeenCalledOnce();
    // 'Retry upload' goes while it uploads again: the focus waits by the picture.
    await expect(dialog.getByRole('button', { name: 'Cancel upload' })).toHaveFocus();
  },
};

/**
 * The server read the bytes and refused them (a text file named '.png', a JPEG cut short): the
 * picked file goes (a file that is not a picture has nothing to show), its words are said by the
 * picker, and the image picked before it stays. Nothing to retry or cancel.
 */
export const UploadRefused: Story = {
  args: {
    text: 'Sunrise from the ridge',
    image: landscapeImage,
    imageError: MEDIA_MESSAGES.unreadable,
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement));
    await expect(dialog.getByRole('alert')).toHaveTextContent(MEDIA_MESSAGES.unreadable);
    await expect(dialog.queryByRole('button', { name: 'Retry upload' })).toBeNull();
    await expect(dialog.queryByRole('button', { name: 'Cancel upload' })).toBeNull();
    await expect(dialog.queryByRole('progressbar')).toBeNull();
    await expect(dialog.getByRole('img', { name: 'Image to attach' })).toHaveAttribute(
      'src',
      landscapeImage,
    );
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

/** The open edit dialog, named 'Edit Post'. */
const editDialogOf = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('dialog', { name: 'Edit Post' });

/**
 * Edit mode says 'Edit Post' and 'Save', opens prefilled with the post's text and image, the
 * caret at the end of the text, and Save stays disabled until something changed (and again when
 * the text is back as it was).
 */
export const EditPrefilled: Story = {
  args: { mode: 'edit', text: ownPost.content, image: landscapeImage },
  play: async ({ canvasElement, args }) => {
    const dialog = within(await editDialogOf(canvasElement));
    await expect(dialog.getByRole('heading', { name: 'Edit Post' })).toBeVisible();
    await expect(dialog.queryByRole('heading', { name: 'Add Post' })).toBeNull();
    const text = dialog.getByRole<HTMLTextAreaElement>('textbox', { name: 'Edit post text' });
    await expect(text).toHaveValue(ownPost.content);
    await waitFor(() => expect(text).toHaveFocus());
    await expect(text.selectionStart).toBe(ownPost.content.length);
    await expect(text.selectionEnd).toBe(ownPost.content.length);
    await expect(dialog.getByRole('img', { name: 'Image to attach' })).toBeVisible();
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(dialog.queryByRole('button', { name: 'Post' })).toBeNull();
    await expect(save).toBeDisabled();
    await expect(dialog.queryByRole('button', { name: 'Discard' })).toBeNull();

    // Typing goes on from the end; the change enables Save.
    await userEvent.keyboard('!');
    await expect(text).toHaveValue(`${ownPost.content}!`);
    await expect(save).toBeEnabled();
    // Back as it was: nothing to save again.
    await userEvent.keyboard('{Backspace}');
    await expect(save).toBeDisabled();
    await userEvent.click(save);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A changed alt text alone is a change: Save is enabled. */
export const EditAltTextOnly: Story = {
  args: { mode: 'edit', text: ownPost.content, image: landscapeImage },
  play: async ({ canvasElement, args }) => {
    const dialog = within(await editDialogOf(canvasElement));
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await userEvent.type(
      dialog.getByRole('textbox', { name: 'Image description' }),
      'Mountains at sunrise',
    );
    await expect(save).toBeEnabled();
    await userEvent.click(save);
    await expect(args.onSubmit).toHaveBeenCalledOnce();
  },
};

/** Edit mode with the text cleared: 'Save' is disabled too. */
export const EditBlank: Story = {
  args: { mode: 'edit', text: ownPost.content },
  play: async ({ canvasElement }) => {
    const dialog = within(await editDialogOf(canvasElement));
    await userEvent.clear(dialog.getByRole('textbox', { name: 'Edit post text' }));
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  },
};

/**
 * Ctrl+Enter (and Cmd+Enter) sends, like the button, but only when sending is allowed: nothing
 * happens while the text is blank. A plain Enter is a new line.
 */
export const CtrlEnterSubmits: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(await dialogOf(canvasElement));
    const text = dialog.getByRole('textbox', { name: 'Post text' });
    await waitFor(() => expect(text).toHaveFocus());
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.keyboard('   {Control>}{Enter}{/Control}');
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(text);
    await userEvent.type(text, 'First line{Enter}second line');
    await expect(text).toHaveValue('First line\nsecond line');
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await userEvent.keyboard('{Meta>}{Enter}{/Meta}');
    await expect(args.onSubmit).toHaveBeenCalledTimes(2);
    // Neither shortcut added a line break.
    await expect(text).toHaveValue('First line\nsecond line');
  },
};

/**
 * A family emoji of seven code points counts one character and may be posted;
 * whitespace-only text counts 0 and may not. The picture ends on the blank text, so it never
 * depends on the machine's emoji font.
 */
export const FamilyEmojiAndWhitespace: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement));
    const text = dialog.getByRole('textbox', { name: 'Post text' });
    const post = dialog.getByRole('button', { name: 'Post' });
    await userEvent.type(text, '👨‍👩‍👧‍👦');
    await expect(text).toHaveValue('👨‍👩‍👧‍👦');
    await expect(dialog.getByText('1/500')).toBeVisible();
    await expect(post).toBeEnabled();

    await userEvent.clear(text);
    await userEvent.type(text, '        {Enter}   ');
    await expect(dialog.getByText('0/500')).toBeVisible();
    await expect(post).toBeDisabled();
    await expect(dialog.queryByRole('button', { name: 'Discard' })).toBeNull();
  },
};

/**
 * An attached image gets an optional description. It is counted like every text; over 1000
 * characters the counter turns red, a message says so and 'Post' is disabled. Removing the image
 * removes its description too.
 */
export const ImageAltText: Story = {
  args: { text: 'Sunrise from the ridge', image: landscapeImage },
  play: async ({ canvasElement, args }) => {
    const dialog = within(await dialogOf(canvasElement));
    const alt = dialog.getByRole('textbox', { name: 'Image description' });
    await expect(alt).toHaveAccessibleDescription(/Optional: what the image shows/);
    await userEvent.type(alt, 'Mountains at sunrise');
    await expect(args.onImageAltChange).toHaveBeenLastCalledWith('Mountains at sunrise');
    await expect(dialog.getByText('20/1000')).toBeVisible();
    const post = dialog.getByRole('button', { name: 'Post' });
    await expect(post).toBeEnabled();

    await userEvent.click(alt);
    await userEvent.paste('.'.repeat(981));
    await expect(dialog.getByText('1001/1000')).toBeVisible();
    await expect(
      dialog.getByText('Image description can be at most 1000 characters.'),
    ).toBeVisible();
    await expect(alt).toHaveAttribute('aria-invalid', 'true');
    await expect(post).toBeDisabled();
    await userEvent.keyboard('{Backspace}');
    await expect(post).toBeEnabled();

    await userEvent.click(dialog.getByRole('button', { name: 'Remove image' }));
    await expect(args.onRemoveImage).toHaveBeenCalledOnce();
    await expect(dialog.getByLabelText('Add image')).toHaveFocus();
    await expect(dialog.queryByRole('textbox', { name: 'Image description' })).toBeNull();
    await userEvent.upload(dialog.getByLabelText('Add image'), await landscapeFile());
    await expect(await dialog.findByRole('textbox', { name: 'Image description' })).toHaveValue('');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Image description' }), 'Ridge');
    // Described while it uploads; the picture ends there (the bar still on its way).
  },
};

/**
 * Once there is something unsent, 'Discard' is offered beside 'Post'; it asks the owner to
 * throw the draft away (and close). Closing any other way keeps it: the owner's business.
 */
export const DiscardOffered: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(await dialogOf(canvasElement));
    await expect(dialog.queryByRole('button', { name: 'Discard' })).toBeNull();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Post text' }), 'Second thoughts');
    const discard = dialog.getByRole('button', { name: 'Discard' });
    await expect(discard).toBeVisible();
    await userEvent.click(discard);
    await expect(args.onDiscard).toHaveBeenCalledOnce();
    await expect(args.onClose).not.toHaveBeenCalled();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A draft with an image, its description and the Discard button, at rest (the picture). */
export const DraftWithImage: Story = {
  args: {
    text: 'Sunrise from the ridge',
    image: landscapeImage,
    imageAlt: 'Mountain ridges in layers of blue under an orange sky',
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement));
    await expect(dialog.getByRole('textbox', { name: 'Image description' })).toHaveValue(
      'Mountain ridges in layers of blue under an orange sky',
    );
    await expect(dialog.getByRole('button', { name: 'Discard' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Post' })).toBeEnabled();
  },
};

/** Saving: 'Post' spins and ignores presses; Escape does not close. */
export const Submitting: Story = {
  args: { text: 'Trying out Murmur today.', submitting: true },
  play: async ({ canvasElement, args }) => {
    const dialog = within(await dialogOf(canvasElement));
    const post = dialog.getByRole('button', { name: 'Post' });
    await expect(post).toHaveAttribute('aria-busy', 'true');
    // Nothing to throw away while it is being sent.
    await expect(dialog.queryByRole('button', { name: 'Discard' })).toBeNull();
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

/** A failed upload at phone width, the widest row: the buttons wrap rather than overflow. */
export const PhoneUploadFailed: Story = {
  ...phoneStory,
  args: {
    text: 'Sunrise from the ridge',
    image: landscapeImage,
    upload: { status: 'failed', canRetry: true },
    imageError: 'Network error. Please check your connection and try again.',
  },
};
