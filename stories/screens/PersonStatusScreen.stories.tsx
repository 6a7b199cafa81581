import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { PersonStatusScreen } from '../../src/components/screens/PersonStatusScreen';
import { withAppFrame } from '../post/decorators';

const meta = {
  title: 'Screens/PersonStatus',
  component: PersonStatusScreen,
  decorators: [withAppFrame],
  parameters: {
    docs: { story: inFrame('640px') },
    router: { initialEntries: ['/profile-page/nobody_here'] },
  },
  args: { status: 'not-found', username: 'nobody_here', onRetry: fn() },
} satisfies Meta<typeof PersonStatusScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No one has the username: the page says so, with a way home. */
export const NotFound: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: "This account doesn't exist" }),
    ).toBeVisible();
    await expect(canvas.getByText('@nobody_here')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to Home' })).toHaveAttribute(
      'href',
      '/home-page',
    );
  },
};

/** While the people load: a spinner with its label. */
export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading profile');
  },
};

/** The people could not be loaded: a message and 'Retry'. */
export const Failed: Story = {
  args: { status: 'failed' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'This profile could not be loaded' }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** A username too long for a phone's line wraps rather than widening the page. */
export const PhoneNotFoundLongUsername: Story = {
  ...phoneStory,
  parameters: { ...phoneStory.parameters, appFrame: { aside: false } },
  args: { username: 'a_username_far_too_long_for_one_line_on_a_phone' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(390);
  },
};
