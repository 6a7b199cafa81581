import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  feedId,
  feedStatusOf,
  sameIds,
  selectFeedIds,
  type FeedActorRef,
  type FeedKey,
  type FeedSnapshot,
  type PostsSnapshot,
} from '../../machines';
import { NavigationType, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { postPathOf } from '../../paths';
import { useActors, useFeedReturns } from '../AppContext';
import { renderPost } from './PostCardContainer';

/**
 * The ids a feed shows, chosen from the posts store by `select`. The page draws again only when
 * the ids or their order change (a new post, a deletion, a new trending order), never when a
 * post only changed inside: its card follows it by itself.
 */
export function useFeedIds(select: (snapshot: PostsSnapshot) => readonly string[]) {
  const { posts } = useActors();
  return useSelector(posts, select, sameIds);
}

const NO_IDS: readonly string[] = [];

/** Enter or o on a feed's focused card: the post's own page, as its time and text open. */
export function useOpenPost(): (postId: string) => void {
  const navigate = useNavigate();
  return useCallback((postId: string) => void navigate(postPathOf(postId)), [navigate]);
}

/**
 * Where a feed's reader was, for <PostFeed>: the card focus last entered is remembered when the
 * page goes (the app's `feedReturns`, by history entry); coming back by Back or Forward (a POP
 * of the same entry), that card is the one to focus again (`returnToPostId`).
 */
function useReturnToCard() {
  const leftFrom = useFeedReturns();
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const [returnToPostId] = useState(() =>
    navigationType === NavigationType.Pop ? (leftFrom.get(key) ?? null) : null,
  );
  const lastFocused = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (lastFocused.current !== null) leftFrom.set(key, lastFocused.current);
    },
    [leftFrom, key],
  );
  const onCardFocus = useCallback((postId: string) => {
    lastFocused.current = postId;
  }, []);
  return { returnToPostId, onCardFocus };
}

/**
 * What a paged feed (Home, Explore, a profile's posts) hands to <PostFeed>: its feed actor is
 * started on first use and kept while signed in (Back to a feed shows what was read, where it was
 * read), its ids with the current user's new posts on top, and its next page's state.
 * `firstPostId` (a search result chosen) is shown first when the store has it. A null feed (a
 * profile whose person is not known yet) reads nothing and shows loading. Back to the feed gives
 * focus back to the card the reader left from.
 */
export function usePagedFeed(feed: FeedKey | null, firstPostId: string | null = null) {
  const { posts } = useActors();
  const id = feed === null ? null : feedId(feed);
  // The key's fields, not the object: a new object for the same feed is the same feed.
  const stableFeed = useMemo(() => feed, [id]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (stableFeed !== null) posts.send({ type: 'FEED.OPEN', feed: stableFeed });
  }, [posts, stableFeed]);
  const actor = useSelector(posts, (snapshot) =>
    id === null ? undefined : (snapshot.children[id] as FeedActorRef | undefined),
  );
  const snapshot = useSelector(actor, (state: FeedSnapshot | undefined) => state);
  const read = snapshot?.context.ids;
  const ids = useSelector(
    posts,
    useCallback(
      (state: PostsSnapshot) =>
        stableFeed === null ? NO_IDS : selectFeedIds(state, stableFeed, read, firstPostId),
      [stableFeed, read, firstPostId],
    ),
    sameIds,
  );
  const { status, more, error } = feedStatusOf(snapshot);
  const onOpenPost = useOpenPost();
  const returnToCard = useReturnToCard();
  // Posts published elsewhere since the feed was read wait for the pill; one already shown (the
  // reader's own, just published here) is not counted.
  const waiting = snapshot?.context.waiting;
  const newPosts = useMemo(
    () => (waiting ?? NO_IDS).filter((postId) => !ids.includes(postId)).length,
    [waiting, ids],
  );
  return {
    newPosts,
    onShowNewPosts: () => actor?.send({ type: 'SHOW_NEW' }),
    status,
    errorMessage: error ?? undefined,
    onRetry: () => actor?.send({ type: 'RETRY' }),
    ids,
    renderPost,
    more: { status: more, onLoadMore: () => actor?.send({ type: 'LOAD_MORE' }) },
    onOpenPost,
    ...returnToCard,
  };
}
