import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { BookmarksScreen } from '../../components/screens/BookmarksScreen';
import {
  selectBookmarkIds,
  selectBookmarksError,
  selectBookmarksStatus,
  selectPostById,
  type PostsSnapshot,
} from '../../machines';
import { useActors } from '../AppContext';
import { feedStatus, useFeedIds, usePostFeed } from './usePostFeed';
import { useDocumentTitle } from '../useDocumentTitle';
import { PAGE_TITLES } from '../../paths';

/**
 * `/bookmark-page`: the bookmarked posts, or 'Nothing in bookmark'. The bookmarks are ids; the
 * posts come from the posts store, so the page waits for both.
 */
export function BookmarksPage() {
  useDocumentTitle(PAGE_TITLES.bookmarks);
  const { users } = useActors();
  const bookmarkIds = useSelector(users, selectBookmarkIds);
  const bookmarksStatus = useSelector(users, selectBookmarksStatus);
  const error = useSelector(users, selectBookmarksError);
  // A bookmark of a post the store does not have (deleted meanwhile) shows nothing.
  const ids = useFeedIds(
    useCallback(
      (snapshot: PostsSnapshot) =>
        bookmarkIds.filter((id) => selectPostById(snapshot, id) !== undefined),
      [bookmarkIds],
    ),
  );
  const feed = usePostFeed(ids);
  const status =
    bookmarksStatus === 'success' && feed.status !== 'ready'
      ? feed.status
      : feedStatus(bookmarksStatus);
  return (
    <BookmarksScreen
      {...feed}
      status={status}
      errorMessage={bookmarksStatus === 'failed' ? (error ?? undefined) : feed.errorMessage}
      onRetry={
        bookmarksStatus === 'failed' ? () => users.send({ type: 'BOOKMARKS.RETRY' }) : feed.onRetry
      }
    />
  );
}
