import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { ShortcutsDialog, type ShortcutsDialogProps } from '../../src/components/layout';
import { Button, SHORTCUTS } from '../../src/components/ui';
import { padded } from '../ui/storyLayout';

/** Owns `open` as the app's shell does: the button stands for the '?' key. */
function SheetDemo(props: ShortcutsDialogProps) {
  const [open, setOpen] = useState(props.open);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Keyboard shortcuts
      </Button>
      <ShortcutsDialog
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
  title: 'Layout/ShortcutsDialog',
  component: ShortcutsDialog,
  decorators: [padded],
  render: (args) => <SheetDemo {...args} />,
  args: { open: false, onClose: fn() },
  // Each story in an iframe of its own on the docs page: two open sheets in one document would
  // repeat their groups' landmarks.
  parameters: { docs: { story: inFrame('720px') } },
} satisfies Meta<typeof ShortcutsDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** How long the sheet may take to show in a browser busy with the other worker's stories. */
const BUSY_BROWSER = { timeout: 15_000 } as const;

/** The term of a shortcut in the sheet, by what it does. */
function termOf(dialog: HTMLElement, label: string): HTMLElement {
  const description = within(dialog).getByText(label, { selector: 'dd' });
  return description.previousElementSibling as HTMLElement;
}

/**
 * '?' opens the sheet: every shortcut of the table, each with its keys and what it does, in its
 * group; Escape closes it and focus returns where it was.
 */
export const ListsEveryShortcut: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const opener = canvas.getByRole('button', { name: 'Keyboard shortcuts' });
    await userEvent.click(opener);
    // The first story of a worker can wait on a browser busy with the other worker's journeys
    // (a 2-core CI run once took over 5 s here).
    const dialog = await canvas.findByRole('dialog', { name: 'Keyboard shortcuts' }, BUSY_BROWSER);
    await expect(dialog).toHaveAccessibleDescription(/not typing in a field/u);
    for (const title of [
      'Reading the feed',
      'On the focused post',
      'Anywhere',
      'Going to a page',
    ]) {
      await expect(within(dialog).getByRole('heading', { level: 3, name: title })).toBeVisible();
      // Each group is named by its title (a screen reader announces it on entering the group).
      await expect(within(dialog).getByRole('region', { name: title })).toBeVisible();
    }
    // One row per shortcut of the table, no more, no fewer.
    await expect(dialog.querySelectorAll('dd')).toHaveLength(SHORTCUTS.length);
    await expect(termOf(dialog, 'Next post')).toHaveTextContent('j');
    await expect(termOf(dialog, 'Open the post')).toHaveTextContent('Enter or o');
    await expect(termOf(dialog, 'Bookmarks')).toHaveTextContent('g then b');
    await expect(termOf(dialog, 'Show these shortcuts')).toHaveTextContent('?');
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledOnce();
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(opener).toHaveFocus();
    // Shown open for the picture.
    await userEvent.click(opener);
    await canvas.findByRole('dialog', { name: 'Keyboard shortcuts' }, BUSY_BROWSER);
  },
};

/** Open: the picture of the sheet at desktop width. */
export const Open: Story = {
  args: { open: true },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement).findByRole(
      'dialog',
      { name: 'Keyboard shortcuts' },
      BUSY_BROWSER,
    );
    await expect(within(dialog).getAllByRole('heading', { level: 3 })).toHaveLength(4);
    await expect(termOf(dialog, 'Write a new post')).toHaveTextContent('n');
  },
};

/** On a phone the sheet fills the width and its list scrolls. */
export const Phone: Story = { ...phoneStory, args: Open.args, play: Open.play };

export const Dark: Story = { args: Open.args, globals: { theme: 'dark' }, play: Open.play };

export const DarkPhone: Story = {
  ...phoneStory,
  args: Open.args,
  globals: { ...phoneStory.globals, theme: 'dark' },
  play: Open.play,
};
