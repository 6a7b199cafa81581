import { useSelector } from '@xstate/react';
import { BookmarksScreen } from '../../components/screens/BookmarksScreen';
import type { FeedKey, PostsSnapshot } from '../../machines';
import { useActors } from '../AppContext';
import { usePagedFeed } from './usePostFeed';
import { useDocumentTitle } from '../useDocumentTitle';
import { PAGE_TITLES } from '../../paths';

const BOOKMARKS_FEED: FeedKey = { kind: 'bookmarks' };

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/**
 * `/bookmark-page`: the bookmarked posts, most recently bookmarked first, a page at a time, or
 * 'Nothing in bookmark'. A bookmark taken back here leaves the page at once, before the server
 * answers; one made on another page is on top when the page opens again.
 */
export function BookmarksPage() {
  useDocumentTitle(PAGE_TITLES.bookmarks);
  const { posts } = useActors();
  const feed = usePagedFeed(BOOKMARKS_FEED);
  const ids = useSelector(
    posts,
    (snapshot: PostsSnapshot) =>
      feed.ids.filter((id) => snapshot.context.posts[id]?.bookmarkedByMe !== false),
    sameIds,
  );
  return <BookmarksScreen {...feed} ids={ids} />;
}
