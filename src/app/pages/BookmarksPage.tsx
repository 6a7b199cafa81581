import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { BookmarksScreen } from '../../components/screens/BookmarksScreen';
import { selectBookmarkIds, selectBookmarksStatus, type FeedKey } from '../../machines';
import { useActors } from '../AppContext';
import { usePagedFeed } from './usePostFeed';
import { useDocumentTitle } from '../useDocumentTitle';
import { PAGE_TITLES } from '../../paths';

const BOOKMARKS_FEED: FeedKey = { kind: 'bookmarks' };

/**
 * `/bookmark-page`: the bookmarked posts, most recently bookmarked first, a page at a time, or
 * 'Nothing in bookmark'. A bookmark removed here leaves the page at once, before the server
 * answers; one made on another page is on top when the page opens again.
 */
export function BookmarksPage() {
  useDocumentTitle(PAGE_TITLES.bookmarks);
  const { bookmarks } = useActors();
  const feed = usePagedFeed(BOOKMARKS_FEED);
  const bookmarked = useSelector(bookmarks, selectBookmarkIds);
  const known = useSelector(bookmarks, selectBookmarksStatus) === 'success';
  const ids = useMemo(
    () => (known ? feed.ids.filter((id) => bookmarked.includes(id)) : feed.ids),
    [known, feed.ids, bookmarked],
  );
  return <BookmarksScreen {...feed} ids={ids} />;
}
