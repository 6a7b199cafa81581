import type { Meta, StoryObj } from '@storybook/react-vite';
import { Bookmark, Heart, MessageCircle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { IconButton } from '../../src/components/ui';
import type { IconButtonProps } from '../../src/components/ui';
import { Row, padded } from './storyLayout';

const meta = {
  title: 'UI/IconButton',
  component: IconButton,
  decorators: [padded],
  args: { label: 'Comment', icon: <MessageCircle aria-hidden="true" />, onClick: fn() },
} satisfies Meta<typeof IconButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Comment' });
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    button.blur();
  },
};

export const Variants: Story = {
  render: (args) => (
    <Row>
      <IconButton {...args} variant="ghost" label="Ghost" />
      <IconButton {...args} variant="secondary" label="Secondary" />
      <IconButton {...args} variant="primary" label="Primary" />
      <IconButton {...args} variant="danger" label="Delete" icon={<Trash2 aria-hidden="true" />} />
      <IconButton {...args} size="sm" label="Small" />
      <IconButton {...args} size="lg" label="Large" />
    </Row>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const name of ['Ghost', 'Secondary', 'Primary', 'Delete', 'Small', 'Large']) {
      await expect(canvas.getByRole('button', { name })).toBeVisible();
    }
  },
};

function LikeToggle(props: Omit<IconButtonProps, 'label' | 'icon'>) {
  const [pressed, setPressed] = useState(false);
  return (
    <IconButton
      {...props}
      label="Like"
      icon={<Heart aria-hidden="true" fill={pressed ? 'currentColor' : 'none'} />}
      aria-pressed={pressed}
      onClick={(event) => {
        setPressed((value) => !value);
        props.onClick?.(event);
      }}
    />
  );
}

/** A toggle (like, bookmark): the name stays, `aria-pressed` says the state. */
export const Toggle: Story = {
  render: (args) => <LikeToggle onClick={args.onClick} />,
  play: async ({ canvasElement, args }) => {
    const like = within(canvasElement).getByRole('button', { name: 'Like' });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(like);
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    like.blur();
  },
};

export const Disabled: Story = {
  args: { label: 'Bookmark', icon: <Bookmark aria-hidden="true" />, disabled: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Bookmark' });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Busy: Story = {
  args: { label: 'Bookmark', icon: <Bookmark aria-hidden="true" />, busy: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Bookmark' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
    button.blur();
  },
};
