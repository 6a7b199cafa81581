import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { DemoDataCard } from '../../src/components/user/DemoDataCard';

const meta = {
  title: 'User/DemoDataCard',
  component: DemoDataCard,
  args: { onReset: fn() },
  // The card is a region named 'Demo data': one per document.
  parameters: { layout: 'padded', docs: { story: inFrame('320px') } },
} satisfies Meta<typeof DemoDataCard>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Demo data' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Reset demo data' })).toBeEnabled();
  },
};

/** Cancelling the confirmation resets nothing. */
export const CancelKeepsTheData: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Reset demo data' }));
    const dialog = await canvas.findByRole('dialog', { name: 'Reset demo data?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(args.onReset).not.toHaveBeenCalled();
    await expect(canvas.queryByRole('dialog')).not.toBeInTheDocument();
  },
};

/** The confirmation, left open for the picture. */
export const Confirming: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Reset demo data' }));
    const dialog = await canvas.findByRole('dialog', { name: 'Reset demo data?' });
    await expect(within(dialog).getByText(/you will be logged out/)).toBeVisible();
    await expect(args.onReset).not.toHaveBeenCalled();
  },
};

export const ConfirmResets: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Reset demo data' }));
    const dialog = await canvas.findByRole('dialog', { name: 'Reset demo data?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset demo data' }));
    await expect(args.onReset).toHaveBeenCalledTimes(1);
  },
};

export const Phone: Story = { ...Default, ...phoneStory };

/**
 * On a server people share (the Node server with its reset on): the words say the data is
 * everyone's, and the confirmation that a reset ends everyone's work and sessions.
 */
export const SharedServer: Story = {
  args: { shared: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/shared by everyone who uses it/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Reset demo data' }));
    const dialog = await canvas.findByRole('dialog', { name: 'Reset demo data?' });
    await expect(within(dialog).getByText(/everyone will be logged out/)).toBeVisible();
  },
};
