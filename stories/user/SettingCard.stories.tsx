import type { Meta, StoryObj } from '@storybook/react-vite';
import { Bell } from 'lucide-react';
import { expect, within } from 'storybook/test';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { Button } from '../../src/components/ui/Button';
import { SettingCard } from '../../src/components/user/SettingCard';

const meta = {
  title: 'User/SettingCard',
  component: SettingCard,
  args: {
    icon: <Bell />,
    heading: 'Notifications',
    children: 'Choose what Murmur tells you about: new followers, replies and mentions.',
    action: <Button variant="secondary">Choose</Button>,
  },
  // The card is a region named by its heading: one per document.
  parameters: { layout: 'padded', docs: { story: inFrame('200px') } },
} satisfies Meta<typeof SettingCard>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The shape every setting under one's profile shares (the password, the demo data). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Notifications' });
    await expect(within(region).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Notifications',
    );
    await expect(within(region).getByRole('button', { name: 'Choose' })).toBeVisible();
  },
};

/** On a phone the action goes under the words. */
export const Phone: Story = { ...Default, ...phoneStory };
