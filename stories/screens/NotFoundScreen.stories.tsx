import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { NotFoundScreen } from '../../src/components/screens/NotFoundScreen';

const meta = {
  title: 'Screens/NotFound',
  component: NotFoundScreen,
  parameters: { docs: { story: inFrame('640px') }, router: { initialEntries: ['/no-such-page'] } },
} satisfies Meta<typeof NotFoundScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to Home' })).toHaveAttribute(
      'href',
      '/home-page',
    );
  },
};

export const Phone: Story = { ...phoneStory, play: Default.play };
