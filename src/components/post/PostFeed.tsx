import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { CircleAlert, RotateCcw } from 'lucide-react';
import styled from 'styled-components';
import { Button, EmptyState, Spinner } from '../ui';
import { useFeedKeys } from './useFeedKeys';
import { useFeedWindow, type FeedWindow } from './useFeedWindow';
import { useFocusAfterRemoval } from './useFocusAfterRemoval';
import { useKeepPlace } from './useKeepPlace';
import { useReturnFocus } from './useReturnFocus';
import { NewPostsPill, useShowNewPosts } from './NewPostsPill';

/** Where the feed's data stands: the post list machine's status, as the page maps it. */
export type PostFeedStatus = 'loading' | 'failed' | 'ready';

export interface PostFeedEmpty {
  /** The empty state's heading. */
  title: string;
  /** A line under it. */
  message?: ReactNode;
  /** A decorative icon above it. */
  icon?: ReactNode;
  /** E.g. a Button 'Write a post'. */
  action?: ReactNode;
}

/**
 * The feed's next page: 'idle' while there is more to read (asked for before the reader reaches
 * the end), 'loading' while it comes, 'failed' with 'Retry', 'end' when every post is shown.
 */
export type PostFeedMoreStatus = 'idle' | 'loading' | 'failed' | 'end';

export interface PostFeedMore {
  status: PostFeedMoreStatus;
  /** Asks for the next page (also the failed state's 'Retry'). */
  onLoadMore: () => void;
}

/** How far below the screen the next page is asked for: about two screens of cards ahead. */
const LOAD_AHEAD = '200% 0px';

/** What a screen passes to its feed: everything but the screen's own words. */
export type ScreenFeedProps = Omit<
  PostFeedProps,
  'empty' | 'label' | 'headingLevel' | 'headingRef'
>;

/**
 * Draws the card of one post of the feed: the app passes a container that reads the post by its
 * id and draws a PostCard; stories draw a PostCard from fixtures. `headingLevel` is the level the
 * card's 'Comments' heading takes.
 */
export type RenderPost = (postId: string, headingLevel: 2 | 3) => ReactNode;

export interface PostFeedProps {
  /** 'loading' shows a spinner, 'failed' a message with 'Retry', 'ready' the posts (or `empty`). */
  status: PostFeedStatus;
  /** The ids of the posts, in the order to show them. */
  ids: readonly string[];
  /** Draws one post's card; each card follows its own post, so a like redraws one card. */
  renderPost: RenderPost;
  /** 'Retry' in the failed state: the page sends the list back through loading. */
  onRetry: () => void;
  /** What an empty feed says and offers; each screen has its own words. */
  empty: PostFeedEmpty;
  /** Message of the failed state. */
  errorMessage?: string;
  /** Accessible name of the list of posts, e.g. "Home feed". */
  label: string;
  /**
   * Level of the empty and failed states' headings and of each card's 'Comments', to fit the
   * page outline. Default 2.
   */
  headingLevel?: 2 | 3;
  /**
   * The heading that names the feed (focusable from script: `tabIndex={-1}`): focus goes there
   * when the post that held it was deleted and no post followed it.
   */
  headingRef?: RefObject<HTMLElement | null>;
  /**
   * A post to bring to the reader (a search result chosen): once it is in the list, its card is
   * scrolled into view, takes focus and is outlined. Null or absent: none.
   */
  focusPostId?: string | null;
  /**
   * The post whose card the reader left the feed from, when they come back to it (Back): once
   * its card is mounted, it takes focus where it stands, without scrolling. Null or absent: none.
   */
  returnToPostId?: string | null;
  /** Focus entered the card of this post: where the page remembers the reader was. */
  onCardFocus?: (postId: string) => void;
  /**
   * A paged feed: its next page is asked for before the reader reaches the end, and its state
   * shows after the last card (loading, failed with 'Retry', the end). Absent: the feed is whole.
   */
  more?: PostFeedMore;
  /**
   * Enter or o on a focused card (keyboard reading): open that post's own page. Absent, the
   * keys do nothing.
   */
  onOpenPost?: (postId: string) => void;
  /**
   * How many posts published since the feed was read wait above it, not shown (the feed
   * machine's `waiting`). Above 0, with `onShowNewPosts`, a "3 new posts" button floats at the
   * top of the feed, over it: its appearing or growing moves nothing and leaves focus where it
   * is. 0 or absent: no button.
   */
  newPosts?: number;
  /**
   * The "n new posts" button pressed: the page asks the feed to show them (`SHOW_NEW`), which
   * puts them first in `ids`, and sets `newPosts` back to 0. The feed itself has already taken
   * the reader to the top of the page (focus on the feed's heading, `headingRef`); once new posts
   * lead `ids`, the first card takes focus, unless the reader has moved on meanwhile. Absent:
   * no button.
   */
  onShowNewPosts?: () => void;
}

/**
 * A list of PostCards and its states: loading (spinner), failed (message and 'Retry'), empty
 * (an invitation) and the posts themselves. When posts arrive or leave above the reader, the
 * reader's place stays put (useKeepPlace); when the post holding focus is deleted, focus moves
 * to the next post, or to the feed's heading after the last one (useFocusAfterRemoval). A long
 * feed mounts only the cards near the screen, and Page Down / Page Up move focus from card to
 * card (useFeedWindow). Posts that wait above the feed are offered by a "n new posts" button
 * floating at its top (NewPostsPill), which brings the reader to them (useShowNewPosts).
 */
export function PostFeed({
  status,
  ids,
  renderPost,
  onRetry,
  empty,
  errorMessage = 'The posts could not be loaded. Check your connection and try again.',
  label,
  headingLevel = 2,
  headingRef,
  focusPostId = null,
  returnToPostId = null,
  onCardFocus,
  more,
  onOpenPost,
  newPosts = 0,
  onShowNewPosts,
}: PostFeedProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const canLoadMore = more !== undefined && more.status === 'idle';
  const loadMore = canLoadMore ? more.onLoadMore : undefined;
  // The window first: its virtualizer settles the scroll position when it starts (a feed grown
  // past WINDOWING_FROM), and only then does useKeepPlace move the page to hold the reader's place.
  const feedWindow = useFeedWindow(listRef, ids, more !== undefined && more.status !== 'end');
  useKeepPlace(listRef, ids);
  useFocusAfterRemoval(listRef, ids, headingRef);
  useFocusPost(feedWindow, focusPostId, ids);
  const onFocus = useReturnFocus(listRef, returnToPostId, ids, onCardFocus);
  useFeedKeys(listRef, feedWindow, onOpenPost);
  const showNewPosts = useShowNewPosts(listRef, ids, headingRef, onShowNewPosts);

  if (status === 'loading') {
    return (
      <Centered>
        <Spinner label="Loading posts" size="lg" showLabel />
      </Centered>
    );
  }

  if (status === 'failed') {
    return (
      <EmptyState
        icon={<CircleAlert />}
        headingLevel={headingLevel}
        title="Something went wrong"
        message={errorMessage}
        action={
          <Button variant="secondary" icon={<RotateCcw aria-hidden="true" />} onClick={onRetry}>
            Retry
          </Button>
        }
      />
    );
  }

  const pill = (
    <NewPostsPill count={onShowNewPosts === undefined ? 0 : newPosts} onShow={showNewPosts} />
  );

  if (ids.length === 0) {
    return (
      <FeedBody>
        {pill}
        <EmptyState
          icon={empty.icon}
          title={empty.title}
          message={empty.message}
          action={empty.action}
          headingLevel={headingLevel}
        />
      </FeedBody>
    );
  }

  const { windowed, shown, height, measure, onKeyDown } = feedWindow;
  return (
    <>
      <FeedBody>
        {pill}
        <Feed
          ref={listRef}
          aria-label={label}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
          $windowed={windowed}
          style={height === undefined ? undefined : { height }}
        >
          {shown.map(({ index, offset }) => {
            const postId = ids[index] as string;
            return (
              <li
                key={postId}
                ref={measure}
                tabIndex={-1}
                data-key={postId}
                data-index={index}
                data-focused-post={postId === focusPostId ? '' : undefined}
                aria-posinset={windowed ? index + 1 : undefined}
                aria-setsize={windowed ? ids.length : undefined}
                style={windowed ? { transform: `translateY(${offset}px)` } : undefined}
              >
                {renderPost(postId, headingLevel)}
              </li>
            );
          })}
        </Feed>
      </FeedBody>
      {more !== undefined && <FeedEnd more={more} onVisible={loadMore} />}
    </>
  );
}

/**
 * After the last card: the next page's state, and the sentinel that asks for it while it is still
 * LOAD_AHEAD below the screen, so a reader scrolling or paging through meets posts, not a spinner.
 */
function FeedEnd({ more, onVisible }: { more: PostFeedMore; onVisible: (() => void) | undefined }) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (element === null || onVisible === undefined) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisible();
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [onVisible]);

  return (
    <End ref={sentinel} data-feed-end={more.status}>
      {more.status === 'loading' && <Spinner label="Loading more posts" showLabel />}
      {more.status === 'failed' && (
        <EndMessage role="alert">
          <span>More posts could not be loaded.</span>
          <Button
            variant="secondary"
            icon={<RotateCcw aria-hidden="true" />}
            onClick={more.onLoadMore}
          >
            Retry
          </Button>
        </EndMessage>
      )}
      {more.status === 'end' && <EndLine>You're all caught up</EndLine>}
    </End>
  );
}

const End = styled.div`
  display: flex;
  justify-content: center;
  min-height: ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => `${theme.space.lg} ${theme.space.md}`};
`;

const EndMessage = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const EndLine = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Centered = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => `${theme.space.xxl} ${theme.space.md}`};
`;

/**
 * The list (or the empty state) with the new posts' button at its top: a block of its own, so the
 * button's sticky line is held within the feed and adds no gap to the screen's column.
 */
const FeedBody = styled.div`
  min-width: 0;
`;

/**
 * Every card in a grid; or, windowed, the mounted cards placed at their offsets in a list as
 * tall as the feed (its gap is then read by useFeedWindow to space them).
 */
const Feed = styled.ul<{ $windowed: boolean }>`
  display: ${({ $windowed }) => ($windowed ? 'block' : 'grid')};
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
  min-width: 0;

  > li {
    min-width: 0;
    border-radius: ${({ theme }) => theme.radii.lg};
    /* Room for the focus ring of a card brought to the top (Page Down). */
    scroll-margin-top: ${({ theme }) => theme.space.xs};
  }

  ${({ $windowed }) =>
    $windowed &&
    `
    position: relative;

    > li {
      position: absolute;
      top: 0;
      left: 0;
      width: 100%;
    }
  `}

  > li[data-focused-post] {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/**
 * Brings `postId`'s card to the reader once it is in the list: scrolls it to the middle of the
 * screen and focuses it (mounting it first in a windowed feed), once per id, so later changes to
 * the list (a like, a new post) never pull the reader back to it.
 */
function useFocusPost({ focusItem }: FeedWindow, postId: string | null, ids: readonly string[]) {
  const done = useRef<string | null>(null);
  const present = postId !== null && ids.includes(postId);
  useEffect(() => {
    if (!present || done.current === postId) return;
    done.current = postId;
    focusItem(postId, 'center');
  }, [focusItem, postId, present]);
}
