import { useCallback } from 'react';
import { BookmarksScreen } from '../../components/screens/BookmarksScreen';
import type { FeedKey, PostsSnapshot } from '../../machines';
import { useFeedIds, usePagedFeed } from './usePostFeed';
import { useDocumentTitle } from '../useDocumentTitle';
import { PAGE_TITLES } from '../../paths';

const BOOKMARKS_FEED: FeedKey = { kind: 'bookmarks' };

/**
 * `/bookmark-page`: the bookmarked posts, most recently bookmarked first, a page at a time, or
 * 'Nothing in bookmark'. A bookmark taken back here leaves the page at once, before the server
 * answers; one made on another page is on top when the page opens again.
 */
export function BookmarksPage() {
  useDocumentTitle(PAGE_TITLES.bookmarks);
  const feed = usePagedFeed(BOOKMARKS_FEED);
  // One taken back leaves at once, before the server answers.
  const ids = useFeedIds(
    useCallback(
      (snapshot: PostsSnapshot) =>
        feed.ids.filter((id) => snapshot.context.posts[id]?.bookmarkedByMe !== false),
      [feed.ids],
    ),
  );
  return <BookmarksScreen {...feed} ids={ids} />;
}
