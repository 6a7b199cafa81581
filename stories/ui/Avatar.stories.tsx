import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Avatar } from '../../src/components/ui';
import sample from './assets/avatar-sample.svg';
import { Caption, Row, padded } from './storyLayout';

/** Bytes that are not an image: the browser fails to decode them, with no network request. */
const BROKEN = 'data:image/png;base64,bm90IGFuIGltYWdl';

const meta = {
  title: 'UI/Avatar',
  component: Avatar,
  decorators: [padded],
  args: { alt: 'Ada Lovelace', size: 'lg' },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg', 'xl'] } },
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithImage: Story = {
  args: { src: sample },
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img', { name: 'Ada Lovelace' });
    await expect(img.tagName).toBe('IMG');
    await expect(img).toHaveAttribute('src', sample);
  },
};

export const Placeholder: Story = {
  args: { src: '' },
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img', { name: 'Ada Lovelace' });
    await expect(img).toHaveAttribute('data-placeholder', 'true');
  },
};

/** A picture that fails to load falls back to the placeholder. */
export const BrokenImage: Story = {
  args: { src: BROKEN },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(canvas.getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute(
        'data-placeholder',
        'true',
      ),
    );
  },
};

/** Beside a written name the avatar is decorative (`alt=""`) and hidden from screen readers. */
export const Decorative: Story = {
  args: { src: null, alt: '', size: 'md' },
  render: (args) => (
    <Row>
      <Avatar {...args} />
      <span>Ada Lovelace</span>
    </Row>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('img')).toBeNull();
  },
};

export const Sizes: Story = {
  render: (args) => (
    <Row style={{ alignItems: 'flex-end' }}>
      {(['sm', 'md', 'lg', 'xl'] as const).map((size) => (
        <div key={size}>
          <Avatar {...args} src={sample} size={size} alt={`Ada, ${size}`} />
          <Caption>{size}</Caption>
        </div>
      ))}
      {(['sm', 'md', 'lg', 'xl'] as const).map((size) => (
        <div key={`placeholder-${size}`}>
          <Avatar {...args} src={null} size={size} alt={`No picture, ${size}`} />
          <Caption>{size}</Caption>
        </div>
      ))}
    </Row>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const small = canvas.getByRole('img', { name: 'Ada, sm' }).getBoundingClientRect();
    const xl = canvas.getByRole('img', { name: 'Ada, xl' }).getBoundingClientRect();
    await expect(small.width).toBe(32);
    await expect(xl.width).toBe(96);
    await expect(
      canvas.getByRole('img', { name: 'No picture, xl' }).getBoundingClientRect().width,
    ).toBe(96);
  },
};
