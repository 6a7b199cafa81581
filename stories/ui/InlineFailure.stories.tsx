import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { InlineFailure } from '../../src/components/ui';
import { padded } from './storyLayout';

const meta = {
  title: 'UI/InlineFailure',
  component: InlineFailure,
  decorators: [padded],
  args: {
    message: 'People could not be loaded.',
    onRetry: fn(),
  },
} satisfies Meta<typeof InlineFailure>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The reason and 'Retry', which asks for the load again. */
export const WithRetry: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('People could not be loaded.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** Nothing to retry: the reason alone. */
export const WithoutRetry: Story = {
  args: { onRetry: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('People could not be loaded.')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};
