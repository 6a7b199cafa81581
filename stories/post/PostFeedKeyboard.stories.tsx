import type { Meta, StoryObj } from '@storybook/react-vite';
import { useCallback, useMemo, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { phoneStory } from '../../.storybook/viewports';
import { checkCommentText } from '../../src/api/rules';
import type { Post } from '../../src/api/types';
import { PostCard, PostFeed } from '../../src/components/post';
import type {
  PostCardActions,
  PostFeedMoreStatus,
  PostFeedProps,
  RenderPost,
} from '../../src/components/post';
import { withColumn } from './decorators';
import { homePosts, longFeed, postCardActions, viewOf } from './fixtures';

const actions = postCardActions();

/**
 * A feed whose Like and Bookmark hold what was pressed, as the app's machines do, so a play
 * function sees the key's effect on the card itself; the spies hear every press.
 */
function ReadingFeed({ posts, ...props }: PostFeedProps & { posts: readonly Post[] }) {
  const [liked, setLiked] = useState(
    () => new Set(posts.filter((post) => viewOf(post).likedByMe).map((post) => post._id)),
  );
  const [bookmarked, setBookmarked] = useState(() => new Set<string>());
  const toggle = (set: ReadonlySet<string>, id: string) => {
    const next = new Set(set);
    if (!next.delete(id)) next.add(id);
    return next;
  };
  const cardActions = useMemo<PostCardActions>(
    () => ({
      ...actions,
      onToggleLike: (id) => {
        actions.onToggleLike(id);
        setLiked((was) => toggle(was, id));
      },
      onToggleBookmark: (id) => {
        actions.onToggleBookmark(id);
        setBookmarked((was) => toggle(was, id));
      },
    }),
    [],
  );
  const renderPost = useCallback<RenderPost>(
    (postId, headingLevel) => {
      const post = posts.find((each) => each._id === postId);
      if (post === undefined) return null;
      const view = {
        ...viewOf(post),
        likedByMe: liked.has(postId),
        bookmarked: bookmarked.has(postId),
      };
      return (
        <PostCard
          post={post}
          view={view}
          actions={cardActions}
          checkComment={checkCommentText}
          commentsHeadingLevel={headingLevel}
        />
      );
    },
    [posts, liked, bookmarked, cardActions],
  );
  const ids = useMemo(() => posts.map((post) => post._id), [posts]);
  return <PostFeed {...props} ids={ids} renderPost={renderPost} />;
}

const meta = {
  title: 'Post/PostFeedKeyboard',
  component: PostFeed,
  decorators: [withColumn],
  render: (args) => <ReadingFeed {...args} posts={homePosts} />,
  args: {
    status: 'ready',
    ids: [],
    renderPost: () => null,
    onRetry: fn(),
    onOpenPost: fn(),
    label: 'Posts',
    empty: { title: 'Your feed is quiet' },
  },
} satisfies Meta<typeof PostFeed>;
export default meta;
type Story = StoryObj<typeof meta>;

const focused = (root: HTMLElement) => root.ownerDocument.activeElement as HTMLElement;
/** The feed's card (its list item) of a post. */
const cardOf = (feed: HTMLElement, postId: string) =>
  feed.querySelector<HTMLElement>(`:scope > [data-key="${postId}"]`) as HTMLElement;
const idOf = (index: number) => (homePosts[index] as Post)._id;

/**
 * j and k move focus from card to card (from nowhere, j starts at the first card on screen);
 * l and b press the focused card's Like and Bookmark; c takes the reader to its comment field,
 * where letters are typed, not read as keys; o and Enter open the post; Enter on a control
 * presses that control instead; with Ctrl the letters are the browser's.
 */
export const ReadsLikesAndOpensByKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const feed = canvas.getByRole('list', { name: 'Posts' });
    focused(canvasElement).blur();

    await userEvent.keyboard('j');
    await waitFor(() => expect(cardOf(feed, idOf(0))).toHaveFocus());
    await userEvent.keyboard('j');
    await waitFor(() => expect(cardOf(feed, idOf(1))).toHaveFocus());
    await userEvent.keyboard('k');
    await waitFor(() => expect(cardOf(feed, idOf(0))).toHaveFocus());
    await userEvent.keyboard('jj');
    await waitFor(() => expect(cardOf(feed, idOf(2))).toHaveFocus());
    // The focused card is named by its author: what a screen reader says as it takes focus.
    const card = cardOf(feed, idOf(2));
    const post = homePosts[2] as Post;
    await expect(within(card).getByRole('article')).toHaveAccessibleName(
      `${post.firstName} ${post.lastName}`,
    );

    // l: the card's own Like, pressed and then taken back; focus stays on the card.
    const like = within(card).getByRole('button', { name: 'Like' });
    const wasLiked = like.getAttribute('aria-pressed') === 'true';
    await userEvent.keyboard('l');
    await expect(actions.onToggleLike).toHaveBeenLastCalledWith(idOf(2));
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', String(!wasLiked)));
    await expect(card).toHaveFocus();
    await userEvent.keyboard('l');
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', String(wasLiked)));

    // b: the card's own Bookmark.
    await userEvent.keyboard('b');
    await expect(actions.onToggleBookmark).toHaveBeenLastCalledWith(idOf(2));
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Bookmark' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );

    // c: the comment field takes focus, empty (the c is not typed); there, j is a letter.
    await userEvent.keyboard('c');
    const field = within(card).getByRole('textbox', { name: 'Add a comment' });
    await waitFor(() => expect(field).toHaveFocus());
    await expect(field).toHaveValue('');
    await userEvent.keyboard('jk');
    await expect(field).toHaveValue('jk');
    await expect(field).toHaveFocus();
    await userEvent.clear(field);

    // o and Enter open the focused post; Enter on its Like presses Like, and opens nothing.
    card.focus();
    await userEvent.keyboard('o');
    await expect(args.onOpenPost).toHaveBeenLastCalledWith(idOf(2));
    await userEvent.keyboard('j');
    await waitFor(() => expect(cardOf(feed, idOf(3))).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpenPost).toHaveBeenLastCalledWith(idOf(3));
    await expect(args.onOpenPost).toHaveBeenCalledTimes(2);
    const likeThree = within(cardOf(feed, idOf(3))).getByRole('button', { name: 'Like' });
    likeThree.focus();
    await userEvent.keyboard('{Enter}');
    await expect(actions.onToggleLike).toHaveBeenLastCalledWith(idOf(3));
    await expect(args.onOpenPost).toHaveBeenCalledTimes(2);

    // From a control inside a comment (a comment has its own key), j still goes to the next post.
    const commented = homePosts.findIndex(
      (each, index) => each.comments.length > 0 && index < homePosts.length - 1,
    );
    const commentedCard = cardOf(feed, idOf(commented));
    await userEvent.click(within(commentedCard).getByRole('button', { name: 'Comment' }));
    (within(commentedCard).getAllByRole('button', { name: 'Upvote' })[0] as HTMLElement).focus();
    await userEvent.keyboard('j');
    await waitFor(() => expect(cardOf(feed, idOf(commented + 1))).toHaveFocus());

    // With a modifier the key is not a shortcut: Ctrl+j leaves focus where it is.
    cardOf(feed, idOf(3)).focus();
    await userEvent.keyboard('{Control>}j{/Control}');
    await expect(cardOf(feed, idOf(3))).toHaveFocus();
  },
};

export const PhoneReadsLikesAndOpensByKeyboard: Story = {
  ...phoneStory,
  play: ReadsLikesAndOpensByKeyboard.play,
};

const PAGE = 20;
const fifty = longFeed(50);

/** 50 posts served 20 at a time, each page a moment after it is asked for, as the app's feeds. */
function PagedReadingFeed(props: PostFeedProps) {
  const [count, setCount] = useState(PAGE);
  const [status, setStatus] = useState<PostFeedMoreStatus>('idle');
  const onLoadMore = useCallback(() => {
    setStatus('loading');
    setTimeout(() => {
      setCount((shown) => {
        const next = Math.min(shown + PAGE, fifty.length);
        setStatus(next === fifty.length ? 'end' : 'idle');
        return next;
      });
    }, 150);
  }, []);
  const posts = useMemo(() => fifty.slice(0, count), [count]);
  return <ReadingFeed {...props} posts={posts} more={{ status, onLoadMore }} />;
}

/**
 * j through a paged feed that grows past the windowing threshold: on the last card of a page,
 * focus waits for the next one, which is asked for ahead of the reader; k goes back; only the
 * cards near the screen are mounted.
 */
export const ReadsPastThePagesWithJ: Story = {
  render: (args) => <PagedReadingFeed {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const feed = canvas.getByRole('list', { name: 'Posts' });
    focused(canvasElement).blur();
    for (let place = 1; place <= 45; place += 1) {
      await userEvent.keyboard('j');
      await waitFor(
        () => expect(focused(canvasElement)).toHaveTextContent(`Post ${place} of 50.`),
        { timeout: 3000 },
      );
    }
    await expect(focused(canvasElement)).toHaveAttribute('aria-posinset', '45');
    await userEvent.keyboard('k');
    await waitFor(() => expect(focused(canvasElement)).toHaveTextContent('Post 44 of 50.'));
    await expect(feed.querySelectorAll(':scope > li').length).toBeLessThan(25);
    focused(canvasElement).blur();
    canvasElement.ownerDocument.defaultView?.scrollTo(0, 0);
  },
};
