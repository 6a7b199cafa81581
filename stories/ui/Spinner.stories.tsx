import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Spinner } from '../../src/components/ui';
import { Caption, Row, padded } from './storyLayout';

const meta = {
  title: 'UI/Spinner',
  component: Spinner,
  decorators: [padded],
  args: { label: 'Loading posts' },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
} satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Without reduced motion the ring turns (the ReducedMotion story shows the other side). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent('Loading posts');
    const ring = status.querySelector('[aria-hidden="true"]');
    if (!ring) throw new Error('no ring');
    if (!window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      await expect(getComputedStyle(ring).animationName).not.toBe('none');
    }
  },
};

export const WithVisibleLabel: Story = {
  args: { showLabel: true, label: 'Loading your feed…' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading your feed…')).toBeVisible();
  },
};

export const Sizes: Story = {
  render: (args) => (
    <Row style={{ alignItems: 'flex-end' }}>
      {(['sm', 'md', 'lg'] as const).map((size) => (
        <div key={size}>
          <Spinner {...args} size={size} label={`Loading, ${size}`} />
          <Caption>{size}</Caption>
        </div>
      ))}
    </Row>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('status')).toHaveLength(3);
  },
};

/**
 * Under `prefers-reduced-motion: reduce` the ring stands still. The test-runner emulates the
 * setting for stories with `parameters.reducedMotion: 'reduce'`; viewed by hand, turn on reduced
 * motion in the system settings (the play function says so when it is off).
 */
export const ReducedMotion: Story = {
  parameters: { reducedMotion: 'reduce' },
  play: async ({ canvasElement }) => {
    const ring = within(canvasElement).getByRole('status').querySelector('[aria-hidden="true"]');
    if (!ring) throw new Error('no ring');
    if (!window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      throw new Error('prefers-reduced-motion is not "reduce" here: this story needs it.');
    }
    await expect(getComputedStyle(ring).animationName).toBe('none');
  },
};
