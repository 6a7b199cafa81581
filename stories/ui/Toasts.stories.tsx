import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLayoutEffect } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button, Toasts, toast } from '../../src/components/ui';
import type { ToastsProps } from '../../src/components/ui';
import { inFrame } from '../../.storybook/docs';
import { Row, padded } from './storyLayout';

function ToastDemo(props: ToastsProps) {
  // Toasts raised before this story (another story's, still queued) are not this story's. Done
  // as the demo mounts, not in the story's `beforeEach`: Storybook runs that again when it draws
  // the story once more in the other theme, and the toasts being shown would start to close.
  useLayoutEffect(() => {
    toast.dismiss();
  }, []);
  return (
    <>
      <Row>
        <Button variant="secondary" onClick={() => toast.success('Post created')}>
          Success toast
        </Button>
        <Button variant="secondary" onClick={() => toast.error('Something went wrong')}>
          Error toast
        </Button>
        <Button variant="secondary" onClick={() => toast.info('Link copied')}>
          Info toast
        </Button>
      </Row>
      <Toasts {...props} />
    </>
  );
}

const meta = {
  title: 'UI/Toasts',
  component: Toasts,
  decorators: [padded],
  render: (args) => <ToastDemo {...args} />,
  // Each container is a landmark named 'Notifications': one per document.
  parameters: { docs: { story: inFrame('240px') } },
} satisfies Meta<typeof Toasts>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The app's configuration: bottom-right, gone after 3000 ms. */
export const AutoClose: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Success toast' });
    await userEvent.click(button);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Post created');
    const container = alert.closest('.Toastify__toast-container');
    await expect(container).toHaveClass('Toastify__toast-container--bottom-right');
    // Not before 2.5 s, and gone after 3 s (plus its exit animation).
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await expect(canvas.getByRole('alert')).toBeInTheDocument();
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull(), { timeout: 3000 });
    // And removed from the page once its exit has run, for a stable picture.
    await waitFor(() => expect(canvasElement.querySelector('.Toastify__toast')).toBeNull());
    button.blur();
  },
};

/** Toasts as they look, held open (`autoClose={false}`) for the snapshot. */
export const Showing: Story = {
  args: { autoClose: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Success toast' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Error toast' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Info toast' }));
    await waitFor(() => expect(canvas.getAllByRole('alert')).toHaveLength(3));
    canvas.getByRole('button', { name: 'Info toast' }).blur();
  },
};

/** Each toast has a close button. */
export const Dismiss: Story = {
  args: { autoClose: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Error toast' }));
    const alert = await canvas.findByRole('alert');
    await userEvent.click(
      within(alert.closest('.Toastify__toast') ?? alert).getByRole('button', { name: /close/i }),
    );
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
    await waitFor(() => expect(canvasElement.querySelector('.Toastify__toast')).toBeNull());
  },
};
