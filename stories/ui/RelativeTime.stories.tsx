import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import styled from 'styled-components';
import { RelativeTime } from '../../src/components/ui';
import { STORY_NOW } from '../../.storybook/clock';
import { padded } from './storyLayout';

const now = Date.parse(STORY_NOW);
const minutes = (n: number) => new Date(now - n * 60_000).toISOString();

const examples = [
  { label: 'Just now', dateTime: STORY_NOW, text: 'now' },
  { label: '5 minutes ago', dateTime: minutes(5), text: '5m' },
  { label: '3 hours ago', dateTime: minutes(3 * 60 + 10), text: '3h' },
  { label: '2 days ago', dateTime: minutes(2 * 24 * 60 + 30), text: '2d' },
  { label: 'Earlier this year', dateTime: '2026-03-04T09:30:00.000Z', text: 'Mar 4' },
  { label: 'Another year', dateTime: '2025-03-04T09:30:00.000Z', text: 'Mar 4, 2025' },
];

const meta = {
  title: 'UI/RelativeTime',
  component: RelativeTime,
  decorators: [padded],
  args: { dateTime: minutes(5) },
} satisfies Meta<typeof RelativeTime>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const time = within(canvasElement).getByText('5m');
    await expect(time.tagName).toBe('TIME');
    await expect(time).toHaveAttribute('dateTime', minutes(5));
  },
};

/** Every range against the pinned clock (2026-03-14 12:00 UTC). */
export const AllRanges: Story = {
  render: () => (
    <Table>
      <tbody>
        {examples.map((example) => (
          <tr key={example.label}>
            <th scope="row">{example.label}</th>
            <td>
              <RelativeTime dateTime={example.dateTime} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const example of examples) {
      const row = canvas.getByRole('row', { name: new RegExp(`^${example.label}`) });
      const time = within(row).getByText(example.text);
      await expect(time).toHaveAttribute('datetime', example.dateTime);
    }
    await expect(canvas.getByText('Mar 4, 2025')).toHaveAttribute('title', 'Mar 4, 2025, 9:30 AM');
  },
};

const Table = styled.table`
  border-collapse: collapse;
  th {
    text-align: left;
    font-weight: ${({ theme }) => theme.font.weight.regular};
    padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.lg} ${theme.space.xxs} 0`};
  }
`;
