import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button, ConfirmDialog } from '../../src/components/ui';
import type { ConfirmDialogProps } from '../../src/components/ui';
import { padded } from './storyLayout';

const meta = {
  title: 'UI/ConfirmDialog',
  component: ConfirmDialog,
  decorators: [padded],
  args: {
    open: true,
    title: 'Delete post?',
    message: 'This post will be removed from your profile and every feed. This cannot be undone.',
    confirmLabel: 'Delete',
    danger: true,
    onConfirm: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The post delete confirmation. Cancel has the initial focus; Delete confirms. */
export const DeletePost: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const dialog = await canvas.findByRole('dialog', { name: 'Delete post?' });
    await expect(dialog).toHaveAccessibleDescription(
      'This post will be removed from your profile and every feed. This cannot be undone.',
    );
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await expect(args.onCancel).not.toHaveBeenCalled();
    // The picture: the dialog as it opens, Cancel focused without a ring (opened by a click).
    cancel.focus({ focusVisible: false });
  },
};

export const NotDanger: Story = {
  args: {
    title: 'Log out?',
    message: 'You can log in again at any time.',
    confirmLabel: 'Log out',
    danger: false,
  },
  play: async ({ canvasElement, args }) => {
    const dialog = await within(canvasElement).findByRole('dialog', { name: 'Log out?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onConfirm).not.toHaveBeenCalled();
    within(dialog).getByRole('button', { name: 'Cancel' }).focus({ focusVisible: false });
  },
};

/** Deleting: the confirm button spins; Cancel, Escape and a second click do nothing. */
export const Busy: Story = {
  args: { busy: true },
  play: async ({ canvasElement, args }) => {
    const dialog = await within(canvasElement).findByRole('dialog', { name: 'Delete post?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    await expect(confirm).toHaveAttribute('aria-busy', 'true');
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.click(confirm);
    await userEvent.keyboard('{Escape}');
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await expect(args.onCancel).not.toHaveBeenCalled();
    await expect(dialog).toBeVisible();
  },
};

function DeleteFlow(props: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete post
      </Button>
      <ConfirmDialog
        {...props}
        open={open}
        onCancel={() => {
          props.onCancel();
          setOpen(false);
        }}
        onConfirm={() => {
          props.onConfirm();
          setOpen(false);
        }}
      />
    </>
  );
}

/**
 * Opened from the keyboard (Enter on the button that asks): Cancel has focus with its ring, as
 * its opener had. (Opened with a click, it has none: see EscapeCancels.)
 */
export const OpenedFromTheKeyboard: Story = {
  args: { open: false },
  render: (args) => <DeleteFlow {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: 'Delete post' }).focus({ focusVisible: true });
    await userEvent.keyboard('{Enter}');
    const dialog = await canvas.findByRole('dialog', { name: 'Delete post?' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel).toHaveFocus());
    await expect(cancel.matches(':focus-visible')).toBe(true);
  },
};

/** Escape cancels and gives focus back to the button that asked. */
export const EscapeCancels: Story = {
  args: { open: false },
  render: (args) => <DeleteFlow {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const opener = canvas.getByRole('button', { name: 'Delete post' });
    await userEvent.click(opener);
    const dialog = await canvas.findByRole('dialog', { name: 'Delete post?' });
    // Opened with a click: Cancel has focus without a ring.
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel).toHaveFocus());
    await expect(cancel.matches(':focus-visible')).toBe(false);
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    // Closed from the keyboard: focus is back on the opener, with its ring.
    await waitFor(() => expect(opener).toHaveFocus());
    await expect(opener.matches(':focus-visible')).toBe(true);
  },
};
