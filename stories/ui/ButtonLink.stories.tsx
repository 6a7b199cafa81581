import type { Meta, StoryObj } from '@storybook/react-vite';
import { House } from 'lucide-react';
import { expect, userEvent, within } from 'storybook/test';
import { ButtonLink } from '../../src/components/ui';
import { padded } from './storyLayout';

const meta = {
  title: 'UI/ButtonLink',
  component: ButtonLink,
  decorators: [padded],
  args: { to: '/home-page', icon: <House aria-hidden="true" />, children: 'Go to Home' },
  argTypes: { size: { control: 'inline-radio', options: ['md', 'lg'] } },
} satisfies Meta<typeof ButtonLink>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A link, drawn as the primary button: it keeps a link's role and address. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Go to Home' });
    await expect(link).toHaveAttribute('href', '/home-page');
    await expect(link.getBoundingClientRect().height).toBeCloseTo(40, 0);
  },
};

/** The large one: a full page's one way out (the not-found page). */
export const Large: Story = {
  args: { size: 'lg' },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Go to Home' });
    await expect(link.getBoundingClientRect().height).toBeCloseTo(48, 0);
  },
};

/** Reached by Tab, with the focus ring. */
export const Focused: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('link', { name: 'Go to Home' })).toHaveFocus();
  },
};
