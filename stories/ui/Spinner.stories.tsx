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
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading posts');
  },
};

/** The ring of the spinner in a story or on the page. */
function ringOf(canvasElement: HTMLElement): Element {
  const ring = within(canvasElement).getByRole('status').querySelector('[aria-hidden="true"]');
  if (!ring) throw new Error('The spinner has no ring.');
  return ring;
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Without reduced motion the ring turns. The test-runner runs this story with
 * `parameters.reducedMotion: 'no-preference'` (every other story runs with reduced motion, so
 * pictures never catch an animation mid-way); viewed by hand, reduced motion must be off.
 */
export const Turning: Story = {
  parameters: { reducedMotion: 'no-preference' },
  play: async ({ canvasElement }) => {
    if (reducedMotion()) throw new Error('Reduced motion is on here: this story needs it off.');
    await expect(getComputedStyle(ringOf(canvasElement)).animationName).not.toBe('none');
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
 * setting (`parameters.reducedMotion: 'reduce'`); viewed by hand, turn on reduced motion in the
 * system settings (the play function says so when it is off).
 */
export const ReducedMotion: Story = {
  parameters: { reducedMotion: 'reduce' },
  play: async ({ canvasElement }) => {
    if (!reducedMotion()) throw new Error('Reduced motion is off here: this story needs it on.');
    await expect(getComputedStyle(ringOf(canvasElement)).animationName).toBe('none');
  },
};
