import type { Meta, StoryObj } from '@storybook/react-vite';
import { PenLine, UserPlus } from 'lucide-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { UPDATE_STORY_ARGS } from 'storybook/internal/core-events';
import { addons } from 'storybook/preview-api';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { PostFeed } from '../../src/components/post';
import type { PostCardActions, PostFeedMoreStatus, PostFeedProps } from '../../src/components/post';
import type { Post } from '../../src/api/types';
import { Button } from '../../src/components/ui';
import styled from 'styled-components';
import { phoneStory } from '../../.storybook/viewports';
import { withColumn } from './decorators';
import {
  allPosts,
  feedOf,
  homePosts,
  imagePost,
  longFeed,
  ownPost,
  postCardActions,
  textPost,
} from './fixtures';

const actions = postCardActions();

const meta = {
  title: 'Post/PostFeed',
  component: PostFeed,
  decorators: [withColumn],
  args: {
    status: 'ready',
    ...feedOf(actions, homePosts, [imagePost]),
    onRetry: fn(),
    label: 'Posts',
    empty: {
      title: 'Your feed is quiet',
      message: 'Write your first post, or follow someone to see what they share.',
      icon: <UserPlus />,
      action: (
        <Button icon={<PenLine aria-hidden="true" />} onClick={fn()}>
          Write a post
        </Button>
      ),
    },
  },
} satisfies Meta<typeof PostFeed>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Loading: a spinner with its label, nothing else. */
export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading posts');
    await expect(canvas.queryByRole('article')).toBeNull();
  },
};

/** The load failed: a message and 'Retry'. */
export const Failed: Story = {
  args: { status: 'failed' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** Loaded, nothing to show: an invitation with an action, not a spinner. */
export const Empty: Story = {
  args: { ids: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(canvas.getByRole('heading', { name: 'Your feed is quiet' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Write a post' })).toBeVisible();
  },
};

export const OnePost: Story = {
  args: { ...feedOf(actions, [textPost], [imagePost]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('article')).toHaveLength(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Like' }));
    await expect(actions.onToggleLike).toHaveBeenCalledWith('post-sofia-scones');
  },
};

/** Many posts: each card is its own article in a list named for the feed. */
export const ManyPosts: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const feed = canvas.getByRole('list', { name: 'Posts' });
    await expect(within(feed).getAllByRole('article')).toHaveLength(homePosts.length);
    // Every post has the options menu (Copy link at least).
    await expect(canvas.getAllByRole('button', { name: 'Post options' })).toHaveLength(
      homePosts.length,
    );
  },
};

export const PhoneMany: Story = { ...phoneStory };

/** The cards the feed has mounted, in order. */
const mountedCards = (feed: HTMLElement) =>
  Array.from(feed.querySelectorAll<HTMLElement>(':scope > li'));
const focusedCardPlace = (canvasElement: HTMLElement) =>
  canvasElement.ownerDocument.activeElement?.getAttribute('aria-posinset');

/**
 * A long feed mounts only the cards near the screen, each telling its place in the
 * whole; Page Down and Page Up move focus from card to card; the focused card stays mounted when
 * the page scrolls far from it, and the last card is there at the end of the page.
 */
export const LongFeedMountsOnlyWhatIsNear: Story = {
  args: { ...feedOf(actions, longFeed(60)) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const feed = canvas.getByRole('list', { name: 'Posts' });
    await waitFor(() => expect(mountedCards(feed).length).toBeGreaterThan(2));
    await expect(mountedCards(feed).length).toBeLessThan(20);
    const [first] = mountedCards(feed) as [HTMLElement];
    await expect(first).toHaveAttribute('aria-posinset', '1');
    await expect(first).toHaveAttribute('aria-setsize', '60');

    first.focus();
    await userEvent.keyboard('{PageDown}{PageDown}');
    await waitFor(() => expect(focusedCardPlace(canvasElement)).toBe('3'));
    const third = canvasElement.ownerDocument.activeElement as HTMLElement;
    await expect(third).toHaveTextContent('Post 3 of 60.');
    await userEvent.keyboard('{PageUp}');
    await waitFor(() => expect(focusedCardPlace(canvasElement)).toBe('2'));

    const view = canvasElement.ownerDocument.defaultView as Window;
    view.scrollTo(0, view.document.documentElement.scrollHeight);
    await waitFor(() => expect(mountedCards(feed).at(-1)).toHaveAttribute('aria-posinset', '60'));
    const last = mountedCards(feed).at(-1) as HTMLElement;
    await expect(last).toHaveTextContent('Post 60 of 60.');
    await expect(mountedCards(feed).length).toBeLessThan(20);
    // The card holding focus is still there, far above, and still has focus.
    await expect(focusedCardPlace(canvasElement)).toBe('2');

    last.focus();
    await userEvent.keyboard('{PageUp}');
    await waitFor(() => expect(focusedCardPlace(canvasElement)).toBe('59'));
    await expect(canvasElement.ownerDocument.activeElement).toHaveTextContent('Post 59 of 60.');

    (canvasElement.ownerDocument.activeElement as HTMLElement).blur();
    // The whole way up, half a screen at a time, so every card has been mounted and measured:
    // the feed's height in the picture is then its real one, whatever the timing above.
    const nextFrame = () => new Promise((resolve) => view.requestAnimationFrame(resolve));
    for (let y = view.scrollY; y > 0; y -= view.innerHeight / 2) {
      view.scrollTo(0, y);
      await nextFrame();
      await nextFrame();
    }
    view.scrollTo(0, 0);
    await waitFor(() => expect(mountedCards(feed)[0]).toHaveAttribute('aria-posinset', '1'));
    // Focus let go, the card that held it is no longer kept mounted far below.
    await waitFor(() =>
      expect(mountedCards(feed).at(-1)).not.toHaveAttribute('aria-posinset', '59'),
    );

    // Hidden a moment (a docs page is, while Storybook prepares the next one), the feed keeps
    // its cards' heights rather than taking them as 0 px: shown again, it is as tall as before
    // at once, and the page has not moved (it did, by a card, once they were measured again).
    const tall = feed.getBoundingClientRect().height;
    canvasElement.style.display = 'none';
    for (let frame = 0; frame < 4; frame += 1) await nextFrame();
    canvasElement.style.display = '';
    await expect(feed.getBoundingClientRect().height).toBe(tall);
    for (let frame = 0; frame < 4; frame += 1) await nextFrame();
    await expect(view.scrollY).toBe(0);
    await expect(feed.getBoundingClientRect().height).toBe(tall);
  },
};

export const PhoneEmpty: Story = { ...phoneStory, args: { ids: [] } };

export const PhoneFailed: Story = { ...phoneStory, args: { status: 'failed' } };

/** Two posts of the guest's own, then someone else's: the first two can be deleted. */
const ownFirst = [
  ownPost,
  { ...ownPost, _id: 'post-guest-second', content: 'A second post of mine.', comments: [] },
  textPost,
];

/**
 * The feed of `posts` under its heading, removing a post once its deletion is confirmed, as the
 * app does when the server answers.
 */
function FeedThatDeletes({ posts, ...props }: PostFeedProps & { posts: readonly Post[] }) {
  const [ids, setIds] = useState(() => posts.map((post) => post._id));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { renderPost } = useMemo(() => {
    const deleting: PostCardActions = {
      ...actions,
      onDelete: (postId) => {
        actions.onDelete(postId);
        setIds((list) => list.filter((id) => id !== postId));
      },
    };
    return feedOf(deleting, posts);
  }, [posts]);
  return (
    <>
      <FeedTitle ref={headingRef} tabIndex={-1}>
        Your posts
      </FeedTitle>
      <PostFeed {...props} ids={ids} renderPost={renderPost} headingRef={headingRef} />
    </>
  );
}

// An h2, not an h1: on the docs page it sits between the stories' h3 headings (axe heading-order).
const FeedTitle = styled.h2`
  width: fit-content;
  margin-bottom: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.font.size.xxl};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;

/** Deletes a post from the keyboard: its menu, Delete, then Delete in the confirmation. */
async function deleteWithKeys(canvasElement: HTMLElement, card: HTMLElement) {
  within(card).getByRole('button', { name: 'Post options' }).focus({ focusVisible: true });
  await userEvent.keyboard('{ArrowUp}'); // opens the menu on its last item, Delete
  await waitFor(() => expect(within(card).getByRole('menuitem', { name: 'Delete' })).toHaveFocus());
  await userEvent.keyboard('{Enter}');
  const confirm = await within(canvasElement).findByRole('dialog', { name: 'Delete post?' });
  await waitFor(() =>
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus(),
  );
  await userEvent.tab();
  await userEvent.keyboard('{Enter}');
}

/**
 * Once a deleted post is gone, focus is on the post that followed it, with a ring, as it
 * was done from the keyboard: never back at the top of the page.
 */
export const DeletedFocusGoesToTheNextPost: Story = {
  render: (args) => <FeedThatDeletes {...args} posts={ownFirst} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [first] = canvas.getAllByRole('article') as [HTMLElement];
    await deleteWithKeys(canvasElement, first);
    await expect(actions.onDelete).toHaveBeenCalledWith('post-guest-hello');
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(2));
    const next = canvas
      .getAllByRole('listitem')
      .find((item) => item.textContent.includes('A second post of mine.'));
    await waitFor(() => expect(next).toHaveFocus());
    await expect(next).toHaveStyle({ outlineStyle: 'solid' });
  },
};

/** When the deleted post was the last, focus is on the feed's heading. */
export const DeletedLastFocusGoesToTheHeading: Story = {
  render: (args) => <FeedThatDeletes {...args} posts={ownFirst.slice(0, 2)} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const last = canvas.getAllByRole('article')[1] as HTMLElement;
    await deleteWithKeys(canvasElement, last);
    await expect(actions.onDelete).toHaveBeenCalledWith('post-guest-second');
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(1));
    await waitFor(() =>
      expect(canvas.getByRole('heading', { level: 2, name: 'Your posts' })).toHaveFocus(),
    );
  },
};

const leftFrom = (homePosts[2] as Post)._id;

/**
 * Back to the feed (the page says which card the reader left from): that card has focus again,
 * where it stands, and the page has not scrolled to it. Focus entering a card, or anything in it,
 * tells the page.
 */
export const BackReturnsFocusToTheCardLeft: Story = {
  args: { returnToPostId: leftFrom, onCardFocus: fn() },
  play: async ({ canvasElement, args }) => {
    const feed = within(canvasElement).getByRole('list', { name: 'Posts' });
    const card = feed.querySelector(`:scope > li[data-key="${leftFrom}"]`);
    await waitFor(() => expect(card).toHaveFocus());
    await expect(window.scrollY).toBe(0);
    await expect(args.onCardFocus).toHaveBeenLastCalledWith(leftFrom);
    // k: the card above takes focus, and the page hears of it.
    await userEvent.keyboard('k');
    const above = (homePosts[1] as Post)._id;
    await waitFor(() => expect(args.onCardFocus).toHaveBeenLastCalledWith(above));
    // A control inside a card's comment (a comment has its own key) still names the card.
    const commented = feed.querySelector(`:scope > li[data-key="${leftFrom}"]`) as HTMLElement;
    (within(commented).getAllByRole('button', { name: /vote/ })[0] as HTMLElement).focus();
    await expect(args.onCardFocus).toHaveBeenLastCalledWith(leftFrom);
    (card as HTMLElement).focus();
  },
};

/** A paged feed while its next page comes: the posts so far, then a spinner under them. */
export const LoadingMore: Story = {
  args: { more: { status: 'loading', onLoadMore: fn() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('article')).toHaveLength(homePosts.length);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading more posts');
  },
};

/** The next page failed: the posts stay, a message says so, and 'Retry' asks again. */
export const MoreFailed: Story = {
  args: { more: { status: 'failed', onLoadMore: fn() } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('article')).toHaveLength(homePosts.length);
    await expect(canvas.getByRole('alert')).toHaveTextContent('More posts could not be loaded.');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.more?.onLoadMore).toHaveBeenCalled();
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** Every page read: the feed says so under the last post, and asks for nothing more. */
export const End: Story = {
  args: { more: { status: 'end', onLoadMore: fn() } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("You're all caught up")).toBeVisible();
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(args.more?.onLoadMore).not.toHaveBeenCalled();
  },
};

export const PhoneEnd: Story = {
  ...phoneStory,
  args: { more: { status: 'end', onLoadMore: fn() } },
};

const PAGE = 20;
const hundred = longFeed(100);

/** 100 posts served 20 at a time, each page a moment after it is asked for, as the app's feeds. */
function PagedFeed(props: PostFeedProps) {
  const [count, setCount] = useState(PAGE);
  const [status, setStatus] = useState<PostFeedMoreStatus>('idle');
  const { renderPost } = useMemo(() => feedOf(actions, hundred), []);
  const onLoadMore = useCallback(() => {
    setStatus('loading');
    setTimeout(() => {
      setCount((shown) => {
        const next = Math.min(shown + PAGE, hundred.length);
        setStatus(next === hundred.length ? 'end' : 'idle');
        return next;
      });
    }, 150);
  }, []);
  const ids = useMemo(() => hundred.slice(0, count).map((post) => post._id), [count]);
  return <PostFeed {...props} ids={ids} renderPost={renderPost} more={{ status, onLoadMore }} />;
}

/**
 * Reading a paged feed from the keyboard: Page Down from the first post to the hundredth, the
 * next page asked for ahead of the reader, and on the last card of a page focus waits for the
 * next one; then the end is said. Focus never leaves the feed.
 */
export const ReadsAHundredPostsByKeyboard: Story = {
  render: (args) => <PagedFeed {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const feed = canvas.getByRole('list', { name: 'Posts' });
    const [first] = mountedCards(feed) as [HTMLElement];
    first.focus();
    for (let place = 2; place <= 100; place += 1) {
      await userEvent.keyboard('{PageDown}');
      await waitFor(
        () =>
          expect(canvasElement.ownerDocument.activeElement).toHaveTextContent(
            `Post ${place} of 100.`,
          ),
        { timeout: 3000 },
      );
    }
    await waitFor(() => expect(canvas.getByText("You're all caught up")).toBeVisible());
    await expect(mountedCards(feed).length).toBeLessThan(25);
    (canvasElement.ownerDocument.activeElement as HTMLElement).blur();
    const view = canvasElement.ownerDocument.defaultView as Window;
    view.scrollTo(0, 0);
  },
};

/** Published since the feed was read: the three posts of the seed that are not on Home. */
const freshPosts = allPosts.filter((post) => !homePosts.includes(post));
/** Cards for the posts on screen and for those that wait. */
const withFresh = feedOf(actions, [...freshPosts, ...homePosts], [imagePost]);

/** The "n new posts" button and the live region that says its count. */
const newPostsPill = (canvasElement: HTMLElement) =>
  within(canvasElement).queryByRole('button', { name: /^Show \d+ new posts?$/ });
const newPostsSaid = (canvasElement: HTMLElement) =>
  canvasElement.querySelector('[aria-live="polite"]')?.textContent;
const nextFrame = (view: Window) =>
  new Promise((resolve) => view.requestAnimationFrame(() => resolve(undefined)));

/**
 * Three posts published since the feed was read wait above it: a button says so at the top of the
 * feed, floating over its top edge (it pushes nothing down), and a polite live region says
 * "3 new posts" to a screen reader.
 */
export const NewPosts: Story = {
  args: { newPosts: 3, onShowNewPosts: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pill = canvas.getByRole('button', { name: 'Show 3 new posts' });
    await expect(pill).toHaveTextContent('3 new posts');
    await expect(newPostsSaid(canvasElement)).toBe('3 new posts');
    // Centred over the list, straddling its top edge, and sticky while the reader scrolls.
    const list = canvas.getByRole('list', { name: 'Posts' }).getBoundingClientRect();
    const box = pill.getBoundingClientRect();
    await expect(Math.abs(box.left + box.width / 2 - (list.left + list.width / 2))).toBeLessThan(1);
    await expect(box.top).toBeLessThan(list.top);
    await expect(box.bottom).toBeGreaterThan(list.top);
    await expect(getComputedStyle(pill.parentElement as HTMLElement).position).toBe('sticky');
  },
};

export const NewPostsPhone: Story = {
  ...phoneStory,
  args: { newPosts: 3, onShowNewPosts: fn() },
};

/**
 * A feed whose waiting posts are shown when its button is pressed, as the app's pages do: the
 * page asks for them (the spy), and a moment later (the feed reads its first page again) they
 * lead the list and the count goes back to 0.
 */
function FeedShowingNew({ newPosts = 0, onShowNewPosts, ids, ...props }: PostFeedProps) {
  const [shown, setShown] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const feedIds = useMemo(
    () => (shown ? [...freshPosts.slice(0, newPosts).map((post) => post._id), ...ids] : ids),
    [shown, newPosts, ids],
  );
  const showNew = useCallback(() => {
    onShowNewPosts?.();
    setTimeout(() => setShown(true), 150);
  }, [onShowNewPosts]);
  return (
    <>
      <FeedTitle ref={headingRef} tabIndex={-1}>
        Latest
      </FeedTitle>
      <PostFeed
        {...props}
        ids={feedIds}
        renderPost={withFresh.renderPost}
        headingRef={headingRef}
        newPosts={shown ? 0 : newPosts}
        onShowNewPosts={showNew}
      />
    </>
  );
}

/**
 * Pressed while reading further down (where it stays in view at the top of the screen): the
 * page is asked once, the reader is taken to the top at once (focus on the feed's heading), and
 * when the new posts lead the feed the first of them takes focus, the page still at its top.
 */
export const ShowNewPostsBringsTheReaderToThem: Story = {
  args: { newPosts: 3, onShowNewPosts: fn() },
  render: (args) => <FeedShowingNew {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const view = canvasElement.ownerDocument.defaultView as Window;
    const feed = canvas.getByRole('list', { name: 'Posts' });
    (mountedCards(feed)[3] as HTMLElement).scrollIntoView({ block: 'start' });
    await nextFrame(view);
    await expect(view.scrollY).toBeGreaterThan(500);
    const pill = newPostsPill(canvasElement) as HTMLElement;
    // Stuck at the top of the screen, over the cards.
    await expect(pill.getBoundingClientRect().top).toBeGreaterThanOrEqual(0);
    await expect(pill.getBoundingClientRect().top).toBeLessThan(20);

    await userEvent.click(pill);
    await expect(args.onShowNewPosts).toHaveBeenCalledOnce();
    await expect(view.scrollY).toBe(0);
    await expect(canvas.getByRole('heading', { name: 'Latest' })).toHaveFocus();

    await waitFor(() => expect(mountedCards(feed)).toHaveLength(homePosts.length + 3));
    const [first] = mountedCards(feed) as [HTMLElement];
    await expect(first).toHaveAttribute('data-key', freshPosts[0]?._id);
    await waitFor(() => expect(first).toHaveFocus());
    await expect(view.scrollY).toBe(0);
    // A click: no ring on the card (a key press would show one).
    await expect(first).not.toHaveStyle({ outlineStyle: 'solid' });
    await expect(newPostsPill(canvasElement)).toBeNull();
    await expect(newPostsSaid(canvasElement)).toBe('');
    // Two frames on (useKeepPlace settles then), the page is still at its top.
    await nextFrame(view);
    await nextFrame(view);
    await nextFrame(view);
    await expect(view.scrollY).toBe(0);
    await expect(args.onShowNewPosts).toHaveBeenCalledOnce();
  },
};

/**
 * Issue 30's "the pill never moves the reader": while a card in the middle of the feed has focus,
 * posts arrive (the count goes from 0 to 3, then to 5). The button appears over the feed and says
 * so; the focused card keeps focus and does not move by a pixel, nor does the page.
 */
export const NewPostsNeverMoveTheReader: Story = {
  args: { newPosts: 0, onShowNewPosts: fn() },
  play: async ({ canvasElement, id }) => {
    const canvas = within(canvasElement);
    const view = canvasElement.ownerDocument.defaultView as Window;
    const feed = canvas.getByRole('list', { name: 'Posts' });
    const card = mountedCards(feed)[2] as HTMLElement;
    card.scrollIntoView({ block: 'center' });
    card.focus({ preventScroll: true, focusVisible: true });
    await nextFrame(view);
    await expect(newPostsPill(canvasElement)).toBeNull();
    const top = card.getBoundingClientRect().top;
    const scrolled = view.scrollY;
    await expect(scrolled).toBeGreaterThan(0);

    const channel = addons.getChannel();
    for (const count of [3, 5]) {
      channel.emit(UPDATE_STORY_ARGS, { storyId: id, updatedArgs: { newPosts: count } });
      await waitFor(() =>
        expect(canvas.getByRole('button', { name: `Show ${count} new posts` })).toBeVisible(),
      );
      await expect(newPostsSaid(canvasElement)).toBe(`${count} new posts`);
      await nextFrame(view);
      await nextFrame(view);
      await expect(card).toHaveFocus();
      await expect(card.getBoundingClientRect().top).toBe(top);
      await expect(view.scrollY).toBe(scrolled);
    }
    // The button floats over the cards near the screen's top, clear of the focused card.
    const pill = newPostsPill(canvasElement) as HTMLElement;
    await expect(pill.getBoundingClientRect().bottom).toBeLessThan(top);

    card.blur();
    view.scrollTo(0, 0);
  },
};
