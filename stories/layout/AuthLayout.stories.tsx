import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { AuthLayout } from '../../src/components/layout/AuthLayout';

const meta = {
  title: 'Layout/AuthLayout',
  component: AuthLayout,
  args: {
    heading: 'Log in to Murmur',
    intro: 'See what the people you follow are saying.',
    children: <p>The form goes here.</p>,
  },
  parameters: { docs: { story: inFrame('800px') }, router: false },
} satisfies Meta<typeof AuthLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The landing image beside the form column; the whole page is the main landmark. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('main')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Log in to Murmur' })).toBeVisible();
    await expect(canvas.getByRole('img', { name: /speech bubbles/i })).toBeVisible();
  },
};

export const Phone: Story = { ...phoneStory, play: Default.play };
