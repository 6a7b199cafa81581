import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { MockUnavailableScreen } from '../../src/components/screens/MockUnavailableScreen';

const meta = {
  title: 'Screens/MockUnavailable',
  component: MockUnavailableScreen,
  args: {
    onReload: fn(),
    detail:
      'SecurityError: Failed to register a ServiceWorker: The user denied permission to use Service Worker.',
  },
  // It renders before the app (and its router) exists.
  parameters: { docs: { story: inFrame('640px') }, router: false },
} satisfies Meta<typeof MockUnavailableScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Murmur could not start' }),
    ).toBeVisible();
    await expect(canvas.getByRole('list', { name: 'What to try' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Reload the page' }));
    await expect(args.onReload).toHaveBeenCalledOnce();
  },
};

/** The technical detail opens from its disclosure. */
export const DetailsOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('Technical details'));
    await expect(canvas.getByText(/user denied permission/)).toBeVisible();
  },
};

export const WithoutDetail: Story = {
  args: { detail: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText('Technical details')).toBeNull();
  },
};

export const Phone: Story = { ...phoneStory };
