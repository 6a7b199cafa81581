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

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent('Loading posts');
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

/** Under `prefers-reduced-motion: reduce` the ring stands still. */
export const ReducedMotion: Story = {
  play: async ({ canvasElement }) => {
    const ring = within(canvasElement).getByRole('status').querySelector('[aria-hidden="true"]');
    if (!ring) throw new Error('no ring');
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const animation = getComputedStyle(ring).animationName;
    await expect(animation === 'none').toBe(reduced);
  },
};
