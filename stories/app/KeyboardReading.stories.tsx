import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { StoryIndexPage } from '../../.storybook/blocks/StoryIndexPage';
import { postPathOf } from '../../src/paths';
import { findPageHeading, findPost, PAGE_TIMEOUT, toastsSettled } from './journey';
import { appLocation, loadMurmurCode, MurmurStory } from './MurmurStory';

/**
 * Keyboard reading through the whole app on the full mock API (fresh seed per story): the
 * feed's keys, the app's g-sequences and n, and the '?' sheet, as a person who reads with the
 * keyboard uses them.
 */
const meta = {
  title: 'App/KeyboardReading',
  component: MurmurStory,
  loaders: [loadMurmurCode],
  parameters: { router: false, docs: { page: StoryIndexPage } },
} satisfies Meta<typeof MurmurStory>;
export default meta;

type Story = StoryObj<typeof meta>;

const focused = (root: HTMLElement) => root.ownerDocument.activeElement as HTMLElement;
/** The feed's cards (list items) mounted, in order. */
const cards = (feed: HTMLElement) => Array.from(feed.querySelectorAll<HTMLElement>(':scope > li'));

/**
 * Home read with j and k; '?' shows the sheet, and while it is open the letters do nothing on
 * the page; g then e goes to Explore and g then h back; n opens a new post; Enter on a focused
 * post opens it (first in Explore, focused).
 */
export const ReadsHomeByKeyboardAndOpensAPost: Story = {
  args: { path: '/home-page', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findPost(canvasElement, 'Hello Murmur!');
    const feed = canvas.getByRole('list', { name: 'Home feed' });
    focused(canvasElement).blur();

    await userEvent.keyboard('j');
    const [first, second] = cards(feed) as [HTMLElement, HTMLElement];
    await waitFor(() => expect(first).toHaveFocus());
    await userEvent.keyboard('j');
    await waitFor(() => expect(second).toHaveFocus());
    await userEvent.keyboard('k');
    await waitFor(() => expect(first).toHaveFocus());
    await userEvent.keyboard('j');
    await waitFor(() => expect(second).toHaveFocus());

    // '?': the sheet; j there moves nothing behind it; Escape gives focus back to the post.
    await userEvent.keyboard('?');
    const sheet = await canvas.findByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(within(sheet).getByText('Next post')).toBeVisible();
    await userEvent.keyboard('j');
    await expect(sheet).toContainElement(focused(canvasElement));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(second).toHaveFocus());

    // g then e: Explore; g then h: Home again.
    await userEvent.keyboard('ge');
    await expect(await findPageHeading(canvasElement, 'Explore')).toBeVisible();
    await expect(appLocation()).toBe('/explore-page');
    await userEvent.keyboard('gh');
    await expect(await findPageHeading(canvasElement, 'Home')).toBeVisible();
    await expect(appLocation()).toBe('/home-page');

    // n: a new post; Escape closes it untouched.
    await userEvent.keyboard('n');
    const dialog = await canvas.findByRole('dialog', { name: 'Add Post' }, PAGE_TIMEOUT);
    await waitFor(() => expect(within(dialog).getByRole('textbox')).toHaveFocus());
    await expect(within(dialog).getByRole('textbox')).toHaveValue('');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());

    // j, j, then Enter: the second post's own page.
    focused(canvasElement).blur();
    const home = canvas.getByRole('list', { name: 'Home feed' });
    await userEvent.keyboard('jj');
    const card = cards(home)[1] as HTMLElement;
    await waitFor(() => expect(card).toHaveFocus());
    const postId = card.getAttribute('data-key') as string;
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(appLocation()).toBe(postPathOf(postId)));
    await expect(await findPageHeading(canvasElement, 'Post')).toBeVisible();
    await canvas.findByRole('list', { name: /^Comments on/ }, PAGE_TIMEOUT);
    await toastsSettled(canvasElement);
  },
};
