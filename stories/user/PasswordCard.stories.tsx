import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { PasswordCard } from '../../src/components/user/PasswordCard';

const meta = {
  title: 'User/PasswordCard',
  component: PasswordCard,
  args: { onChangePassword: fn() },
  // The card is a region named 'Password': one per document.
  parameters: { layout: 'padded', docs: { story: inFrame('200px') } },
} satisfies Meta<typeof PasswordCard>;
export default meta;

type Story = StoryObj<typeof meta>;

/** What a change does, and the button that opens the dialog. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Password' })).toHaveTextContent(
      /every other device is logged out/,
    );
    const button = canvas.getByRole('button', { name: 'Change password' });
    await userEvent.click(button);
    await expect(args.onChangePassword).toHaveBeenCalledOnce();
    // The page opens the dialog, which takes focus: no ring left here for the picture.
    button.blur();
  },
};

export const Phone: Story = { ...Default, ...phoneStory };
