import type { Meta, StoryObj } from '@storybook/react-vite';
import styled from 'styled-components';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { inFrame } from '../../.storybook/docs';
import { phoneStory } from '../../.storybook/viewports';
import { SEARCH_RULE } from '../../src/api/rules';
import { SearchBox, type SearchBoxResults } from '../../src/components/search/SearchBox';
import { createSeedState } from '../../src/seed/seed';
import { rankPeople, rankPosts } from '../../src/service/search';
import { stateViews } from '../../src/mocks/db/sets';
import { summary } from '../../src/service/views';

/**
 * What the mock API answers for a query over the seed, through the same ranking and views, so
 * the stories show exactly what the app will.
 */
function seedResults(query: string): SearchBoxResults {
  const state = createSeedState();
  const posts = new Map(stateViews(state).posts.map((post) => [post._id, post]));
  return {
    users: rankPeople(state.users, query).map((user) => summary(user)),
    posts: rankPosts(state.posts, query).flatMap((post) => posts.get(post._id) ?? []),
  };
}

/** As wide as the layout's right column, with room under it for the list. */
const Column = styled.div`
  max-width: calc(20rem + 2 * ${({ theme }) => theme.space.lg});
  min-height: 30rem;
  padding: ${({ theme }) => theme.space.lg};

  ${({ theme }) => theme.media.phone} {
    max-width: none;
    padding: ${({ theme }) => theme.space.md};
  }
`;

const meta = {
  title: 'Search/SearchBox',
  component: SearchBox,
  args: {
    query: 'ma',
    status: 'results',
    results: seedResults('ma'),
    error: null,
    maxLength: SEARCH_RULE.maxLength,
    defaultOpen: true,
    onQueryChange: fn(),
    onClear: fn(),
    onRetry: fn(),
    onChoosePerson: fn(),
    onChoosePost: fn(),
  },
  decorators: [
    (Story) => (
      <Column>
        <Story />
      </Column>
    ),
  ],
  // Each story in a frame of its own on the docs page: every SearchBox is a search landmark,
  // and a page may hold only one of them (axe: landmark-unique), as the app does.
  parameters: { docs: { story: inFrame('440px') } },
} satisfies Meta<typeof SearchBox>;

export default meta;
type Story = StoryObj<typeof meta>;

const field = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('combobox', { name: 'Search people and posts' });

/** Before anything is typed: the hint, and no list. `/` focuses the field from the page. */
export const Hint: Story = {
  args: { query: '', status: 'idle', results: null },
  play: async ({ canvasElement }) => {
    const input = field(canvasElement);
    await expect(input).not.toHaveFocus();
    await userEvent.keyboard('/');
    await expect(input).toHaveFocus();
    await expect(input).toHaveValue('');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(
      within(canvasElement).getByText(
        'Find people by name or @username, and posts by their words.',
      ),
    ).toBeVisible();
  },
};

/** Waiting for the answer: 'Searching…'. */
export const Loading: Story = {
  args: { status: 'loading', results: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Searching…')).toBeVisible();
    await expect(field(canvasElement)).toHaveAttribute('aria-expanded', 'false');
  },
};

/** People then posts, in two named groups; the list is open and nothing is active yet. */
export const Results: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const listbox = canvas.getByRole('listbox', { name: 'Search results' });
    const people = within(listbox).getByRole('group', { name: 'People' });
    const posts = within(listbox).getByRole('group', { name: 'Posts' });
    await expect(
      within(people)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Maya Okafor@maya_okafor', 'Sofia Martins@sofia_bakes']);
    await expect(within(posts).getAllByRole('option')).toHaveLength(1);
    await expect(field(canvasElement)).toHaveAttribute('aria-controls', listbox.id);
  },
};

/**
 * Keyboard only: `/` focuses the field, ArrowDown and ArrowUp move (wrapping), End and Home jump,
 * Enter on a person chooses them.
 */
export const KeyboardChoosesAPerson: Story = {
  args: { defaultOpen: false },
  play: async ({ args, canvasElement }) => {
    const input = field(canvasElement);
    await userEvent.keyboard('/');
    await expect(input).toHaveFocus();
    const options = within(canvasElement).getAllByRole('option');
    const active = () => input.getAttribute('aria-activedescendant');
    await userEvent.keyboard('{ArrowDown}');
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await expect(active()).toBe(options[0]?.id);
    await expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    await expect(active()).toBe(options.at(-1)?.id);
    await userEvent.keyboard('{ArrowDown}');
    await expect(active()).toBe(options[0]?.id);
    await userEvent.keyboard('{ArrowUp}');
    await expect(active()).toBe(options.at(-1)?.id);
    await userEvent.keyboard('{Home}');
    await expect(active()).toBe(options[0]?.id);
    await userEvent.keyboard('{Enter}');
    await expect(args.onChoosePerson).toHaveBeenCalledWith(
      expect.objectContaining({ username: 'maya_okafor' }),
    );
    await expect(args.onChoosePost).not.toHaveBeenCalled();
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(input).not.toHaveAttribute('aria-activedescendant');
  },
};

/** Keyboard only: a post found by its words, chosen with End and Enter. */
export const KeyboardChoosesAPost: Story = {
  args: { query: 'fog', results: seedResults('fog'), defaultOpen: false },
  play: async ({ args, canvasElement }) => {
    await userEvent.keyboard('/');
    await userEvent.keyboard('{ArrowDown}');
    const option = within(canvasElement).getByRole('option');
    await expect(option).toHaveTextContent('Noah Williams');
    await expect(option).toHaveTextContent('miles this morning in the fog.');
    await userEvent.keyboard('{Enter}');
    await expect(args.onChoosePost).toHaveBeenCalledWith(
      expect.objectContaining({ username: 'noah_runs' }),
    );
  },
};

/** Escape closes the list; pressed again, it clears the field. */
export const EscapeClosesThenClears: Story = {
  args: { defaultOpen: false },
  play: async ({ args, canvasElement }) => {
    const input = field(canvasElement);
    await userEvent.keyboard('/');
    await userEvent.keyboard('{ArrowDown}');
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(args.onClear).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClear).toHaveBeenCalledTimes(1);
    await expect(input).toHaveFocus();
  },
};

/** Nothing found: 'No results for "x"', announced too. */
export const NoResults: Story = {
  args: { query: 'zebra', results: seedResults('zebra') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No results for "zebra"', { selector: 'p' })).toBeVisible();
    await expect(field(canvasElement)).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent('No results for "zebra"'),
    );
  },
};

/** The search failed: the reason and 'Retry'; Enter in the field retries too. */
export const Failed: Story = {
  args: {
    query: 'bread',
    status: 'failed',
    results: null,
    error: 'Network error. Please check your connection and try again.',
    defaultOpen: false,
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.keyboard('/');
    await expect(
      canvas.getByText('Network error. Please check your connection and try again.', {
        selector: 'span:not([role])',
      }),
    ).toBeVisible();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    await userEvent.tab(); // Clear search
    await userEvent.tab(); // Retry
    await expect(canvas.getByRole('button', { name: 'Retry' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRetry).toHaveBeenCalledTimes(2);
  },
};

/** The '/' key does nothing while the person types in another field. */
export const SlashWhileTypingElsewhere: Story = {
  args: { query: '', status: 'idle', results: null, defaultOpen: false },
  decorators: [
    (Story) => (
      <>
        <label>
          Note <input type="text" />
        </label>
        <Story />
      </>
    ),
  ],
  play: async ({ canvasElement }) => {
    const note = within(canvasElement).getByRole('textbox', { name: 'Note' });
    await userEvent.tab();
    await expect(note).toHaveFocus();
    await userEvent.keyboard('a/b');
    await expect(note).toHaveValue('a/b');
    await expect(field(canvasElement)).not.toHaveFocus();
  },
};

/** At phone width: the list as wide as the screen, long snippets cut on one line. */
export const PhoneResults: Story = {
  ...phoneStory,
  args: { query: 'the', results: seedResults('the') },
  play: async ({ canvasElement }) => {
    const options = within(canvasElement).getAllByRole('option');
    await expect(options.length).toBeGreaterThan(2);
    for (const option of options) {
      await expect(option.scrollWidth).toBeLessThanOrEqual(option.clientWidth);
    }
  },
};
