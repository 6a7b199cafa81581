import type { Meta, StoryObj } from '@storybook/react-vite';
import { useRef, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button, Dialog, TextArea, TextField } from '../../src/components/ui';
import type { DialogProps } from '../../src/components/ui';
import { padded } from './storyLayout';

/** The dialog with a button that opens it: the controlled pattern every screen uses. */
function DialogDemo(props: DialogProps) {
  const [open, setOpen] = useState(props.open);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open dialog</Button>
      <Dialog
        {...props}
        open={open}
        onClose={() => {
          props.onClose();
          setOpen(false);
        }}
      />
    </>
  );
}

const meta = {
  title: 'UI/Dialog',
  component: Dialog,
  decorators: [padded],
  render: (args) => <DialogDemo {...args} />,
  args: {
    open: false,
    onClose: fn(),
    title: 'Edit profile',
    children: (
      <>
        <TextField label="Website" placeholder="Portfolio URL" />
      </>
    ),
    footer: <Button>Save</Button>,
  },
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opened by a button, closed with Escape: focus goes to the first field, then back to the button. */
export const EscapeCloses: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const opener = canvas.getByRole('button', { name: 'Open dialog' });
    await userEvent.click(opener);
    const dialog = await canvas.findByRole('dialog', { name: 'Edit profile' });
    // showModal(): the browser traps focus and makes the page behind inert.
    await expect(dialog.matches(':modal')).toBe(true);
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Website' })).toHaveFocus());
    await expect(args.onClose).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    // The <dialog> element itself is closed (not only hidden from the accessibility tree).
    await expect(dialog).not.toHaveAttribute('open');
    // Closed from the keyboard: focus is back on the opener, with its ring.
    await waitFor(() => expect(opener).toHaveFocus());
    await expect(opener.matches(':focus-visible')).toBe(true);
  },
};

export const CloseButton: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const opener = canvas.getByRole('button', { name: 'Open dialog' });
    await userEvent.click(opener);
    const dialog = await canvas.findByRole('dialog', { name: 'Edit profile' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    // Closed with a click: focus is back on the opener, without a ring. (The closing <dialog>
    // hands focus back first, ring or not by the browser's guess; the app's own decision follows.)
    await waitFor(() => expect(opener).toHaveFocus());
    await waitFor(() => expect(opener.matches(':focus-visible')).toBe(false));
  },
};

/** A click on the dimmed backdrop (the dialog element itself, outside its panel) closes it. */
export const BackdropClick: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Open dialog' }));
    const dialog = await canvas.findByRole('dialog', { name: 'Edit profile' });
    await userEvent.click(dialog);
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    // As with the Close button: the app's ring decision follows the <dialog>'s own hand-back.
    const opener = canvas.getByRole('button', { name: 'Open dialog' });
    await waitFor(() => expect(opener).toHaveFocus());
    await waitFor(() => expect(opener.matches(':focus-visible')).toBe(false));
  },
};

/** Open: the state the snapshot shows. */
export const Open: Story = {
  args: {
    open: true,
    title: 'Edit profile',
    children: (
      <div style={{ display: 'grid', gap: '1rem' }}>
        <TextField label="Website" placeholder="Portfolio URL" type="url" />
        <TextArea label="Bio" placeholder="Write something interesting..." rows={3} />
      </div>
    ),
    footer: <Button>Save</Button>,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const dialog = await canvas.findByRole('dialog', { name: 'Edit profile' });
    await expect(
      within(dialog).getByRole('heading', { level: 2, name: 'Edit profile' }),
    ).toBeVisible();
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Website' })).toHaveFocus(),
    );
  },
};

/**
 * The post dialog's size from the spec: at most 40rem wide, a 10rem body that grows with a long
 * text (up to the window, then it scrolls).
 */
export const PostDialogSize: Story = {
  args: {
    open: true,
    title: 'Add Post',
    maxWidth: '40rem',
    minBodyHeight: '10rem',
    children: (
      <TextArea label="Post text" hideLabel placeholder="Write something interesting..." rows={3} />
    ),
    footer: <Button>Post</Button>,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const dialog = await canvas.findByRole('dialog', { name: 'Add Post' });
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    await expect(dialog.getBoundingClientRect().width).toBe(40 * rem);
    const body = within(dialog).getByRole('textbox', { name: 'Post text' }).parentElement
      ?.parentElement;
    await expect(body?.getBoundingClientRect().height).toBe(10 * rem);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Post text' }),
      'Line\n'.repeat(9) + 'Line',
    );
    await expect(body?.getBoundingClientRect().height).toBeGreaterThan(10 * rem);
    await expect(body?.scrollHeight).toBe(body?.clientHeight);
  },
};

function InitialFocusDemo(props: DialogProps) {
  const saveRef = useRef<HTMLButtonElement>(null);
  return (
    <DialogDemo
      {...props}
      initialFocusRef={saveRef}
      footer={
        <Button ref={saveRef} onClick={props.onClose}>
          Got it
        </Button>
      }
    />
  );
}

/** `initialFocusRef` picks what gets focus, here the footer's button instead of the field. */
export const InitialFocus: Story = {
  args: {
    title: 'Welcome to Murmur',
    children: <p>Follow a few people to fill your home feed.</p>,
  },
  render: (args) => <InitialFocusDemo {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Open dialog' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Got it' })).toHaveFocus());
  },
};

/** Long content scrolls inside the body; the header and footer stay put. */
export const LongContent: Story = {
  args: {
    open: true,
    title: 'Community guidelines',
    bodyHeight: '14rem',
    children: (
      <div style={{ display: 'grid', gap: '0.75rem' }}>
        <a href="#guidelines">Read the full guidelines</a>
        {Array.from({ length: 8 }, (_, index) => (
          <p key={index}>
            {index + 1}. Be kind and assume good intent. Share what you know, credit what you
            borrow, and keep conversations on topic so that everyone can follow along.
          </p>
        ))}
      </div>
    ),
    footer: <Button>I agree</Button>,
  },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement).findByRole('dialog', {
      name: 'Community guidelines',
    });
    const link = within(dialog).getByRole('link', { name: 'Read the full guidelines' });
    const body = link.parentElement?.parentElement;
    if (!body) throw new Error('no body');
    await expect(body.scrollHeight).toBeGreaterThan(body.clientHeight);
  },
};
