import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flag, Pencil, Share2, Trash2 } from 'lucide-react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Menu } from '../../src/components/ui';
import { Row, padded } from './storyLayout';

const onEdit = fn();
const onDelete = fn();

const meta = {
  title: 'UI/Menu',
  component: Menu,
  decorators: [
    padded,
    (Story) => (
      <Row style={{ justifyContent: 'center', paddingBottom: '10rem' }}>
        <Story />
      </Row>
    ),
  ],
  args: {
    label: 'Post options',
    items: [
      { label: 'Edit', icon: <Pencil aria-hidden="true" />, onSelect: onEdit },
      { label: 'Delete', icon: <Trash2 aria-hidden="true" />, onSelect: onDelete, danger: true },
    ],
  },
  beforeEach: () => {
    onEdit.mockClear();
    onDelete.mockClear();
  },
} satisfies Meta<typeof Menu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Post options' });
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('menu')).toBeNull();
  },
};

/** Opened by a click: the first item has focus. Left open for the snapshot. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Post options' });
    await userEvent.click(button);
    const menu = canvas.getByRole('menu', { name: 'Post options' });
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(button).toHaveAttribute('aria-controls', menu.id);
    const items = within(menu).getAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual(['Edit', 'Delete']);
    await waitFor(() => expect(items[0]).toHaveFocus());
  },
};

/** Arrow keys, Home and End move focus (wrapping); Escape closes and focus returns. */
export const KeyboardNavigation: Story = {
  args: {
    items: [
      { label: 'Edit', icon: <Pencil aria-hidden="true" />, onSelect: onEdit },
      { label: 'Share', icon: <Share2 aria-hidden="true" />, onSelect: fn() },
      { label: 'Report', icon: <Flag aria-hidden="true" />, onSelect: fn() },
      { label: 'Delete', icon: <Trash2 aria-hidden="true" />, onSelect: onDelete, danger: true },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Post options' });
    button.focus({ focusVisible: true });
    await userEvent.keyboard('{ArrowDown}');
    const item = (name: string) => canvas.getByRole('menuitem', { name });
    await waitFor(() => expect(item('Edit')).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(item('Share')).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(item('Delete')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(item('Edit')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(item('Delete')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(item('Edit')).toHaveFocus();
    await userEvent.keyboard('r');
    await expect(item('Report')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('menu')).toBeNull();
    await expect(button).toHaveFocus();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    // ArrowUp opens on the last item.
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(item('Delete')).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await expect(onEdit).not.toHaveBeenCalled();
    await expect(onDelete).not.toHaveBeenCalled();
    button.blur();
  },
};

/** Enter or Space chooses: the menu closes, focus returns, the item's onSelect runs once. */
export const SelectWithKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Post options' });
    button.focus({ focusVisible: true });
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByRole('menuitem', { name: 'Edit' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(onEdit).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByRole('menu')).toBeNull();
    await expect(button).toHaveFocus();

    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(canvas.getByRole('menuitem', { name: 'Edit' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard(' ');
    await expect(onDelete).toHaveBeenCalledTimes(1);
    await expect(onEdit).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByRole('menu')).toBeNull();
    button.blur();
  },
};

export const SelectWithPointer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Post options' }));
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Delete' }));
    await expect(onDelete).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByRole('menu')).toBeNull();
    canvas.getByRole('button', { name: 'Post options' }).blur();
  },
};

export const ClickOutsideCloses: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Post options' });
    await userEvent.click(button);
    await expect(canvas.getByRole('menu')).toBeVisible();
    await userEvent.click(canvasElement.ownerDocument.body);
    await waitFor(() => expect(canvas.queryByRole('menu')).toBeNull());
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(onEdit).not.toHaveBeenCalled();
  },
};

/** A disabled item is skipped by the arrow keys and cannot be chosen. */
export const DisabledItem: Story = {
  args: {
    items: [
      { label: 'Edit', icon: <Pencil aria-hidden="true" />, onSelect: onEdit, disabled: true },
      { label: 'Delete', icon: <Trash2 aria-hidden="true" />, onSelect: onDelete, danger: true },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Post options' }));
    await waitFor(() => expect(canvas.getByRole('menuitem', { name: 'Delete' })).toHaveFocus());
    await expect(canvas.getByRole('menuitem', { name: 'Edit' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Edit' }));
    await expect(onEdit).not.toHaveBeenCalled();
  },
};

/** `align="start"` lines the menu up with the trigger's left edge. */
export const AlignStart: Story = {
  args: { align: 'start', label: 'Comment options' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Comment options' });
    await userEvent.click(button);
    const menu = canvas.getByRole('menu');
    await expect(menu.getBoundingClientRect().left).toBe(button.getBoundingClientRect().left);
  },
};
