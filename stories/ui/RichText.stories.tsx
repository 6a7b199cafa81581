import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RichText } from '../../src/components/ui';
import { richTextOf, usernamesOf } from '../../src/machines';
import { seedUsers } from '../fixtures-user';
import { padded } from './storyLayout';

/** RichText renders into the paragraph that holds the text, as the cards do. */
const inParagraph = (Story: () => React.JSX.Element) => (
  <p dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: '32rem' }}>
    <Story />
  </p>
);

/** The seed's people: their @mentions become links; anyone else's stay text. */
const known = usernamesOf(seedUsers);

const meta = {
  title: 'UI/RichText',
  component: RichText,
  decorators: [inParagraph, padded],
  args: {
    tokens: richTextOf(
      'Fresh loaves with @sofia_bakes this morning! Recipe: https://murmur.example/recipes/rye. #SourDough #weekend',
      known,
    ),
  },
} satisfies Meta<typeof RichText>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * An address opens in a new tab, without giving the other site a handle on this one; a hashtag
 * goes to Explore filtered by it; sentence punctuation stays out of the address.
 */
export const LinksInText: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const address = canvas.getByRole('link', { name: 'https://murmur.example/recipes/rye' });
    await expect(address).toHaveAttribute('href', 'https://murmur.example/recipes/rye');
    await expect(address).toHaveAttribute('target', '_blank');
    await expect(address).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(canvas.getByRole('link', { name: '#SourDough' })).toHaveAttribute(
      'href',
      '/explore-page?tag=sourdough',
    );
    await expect(canvas.getByRole('link', { name: '#weekend' })).toHaveAttribute(
      'href',
      '/explore-page?tag=weekend',
    );
  },
};

/** Mentions: only people who exist are links (the views decide), to their own page. */
export const Mentions: Story = {
  args: { tokens: richTextOf('Thanks @sofia_bakes and @nobody_at_all!', known) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: '@sofia_bakes' })).toHaveAttribute(
      'href',
      '/profile-page/sofia_bakes',
    );
    await expect(canvas.queryByRole('link', { name: '@nobody_at_all' })).toBeNull();
    await expect(canvasElement).toHaveTextContent('Thanks @sofia_bakes and @nobody_at_all!');
  },
};

/** Markup in text is text: nothing is interpreted, every character shows as typed. */
export const MarkupStaysText: Story = {
  args: {
    tokens: richTextOf(
      '<script>alert(1)</script> <img src=x onerror=alert(1)> **bold** [x](javascript:alert(1))',
      known,
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('script, img, strong, b')).toBeNull();
    await expect(canvas.queryAllByRole('link')).toHaveLength(0);
    await expect(canvasElement).toHaveTextContent(
      '<script>alert(1)</script> <img src=x onerror=alert(1)> **bold** [x](javascript:alert(1))',
    );
  },
};

/** Right-to-left text runs right to left, its links too; line breaks are kept. */
export const HebrewWithAHashtag: Story = {
  args: { tokens: richTextOf('לחם טרי הבוקר! #לחם\nשורה שנייה.', known) },
  play: async ({ canvasElement }) => {
    const text = canvasElement.querySelector('[dir="auto"]');
    await expect(text).not.toBeNull();
    await expect(getComputedStyle(text as Element).direction).toBe('rtl');
    await expect(within(canvasElement).getByRole('link', { name: '#לחם' })).toBeVisible();
  },
};
