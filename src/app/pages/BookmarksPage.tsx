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
import { renderPost } from './PostCardContainer';
import { feedStatus, useFeedIds, useOpenPost } from './usePostFeed';
import { useDocumentTitle } from '../useDocumentTitle';
import { PAGE_TITLES } from '../../paths';

/**
 * `/bookmark-page`: the bookmarked posts, or 'Nothing in bookmark'. The bookmarks are ids; their
 * posts come with the same read into the posts store, where each card follows its post.
 */
export function BookmarksPage() {
  useDocumentTitle(PAGE_TITLES.bookmarks);
  const { bookmarks } = useActors();
  const bookmarkIds = useSelector(bookmarks, selectBookmarkIds);
  const bookmarksStatus = useSelector(bookmarks, selectBookmarksStatus);
  const error = useSelector(bookmarks, selectBookmarksError);
  const onOpenPost = useOpenPost();
  // A bookmark of a post the store does not have (deleted meanwhile) shows nothing.
  const ids = useFeedIds(
    useCallback(
      (snapshot: PostsSnapshot) =>
        bookmarkIds.filter((id) => selectPostById(snapshot, id) !== undefined),
      [bookmarkIds],
    ),
  );
  // The bookmarks read brings its posts into the store with it: the page waits for that one read.
  return (
    <BookmarksScreen
      status={feedStatus(bookmarksStatus)}
      errorMessage={error ?? undefined}
      onRetry={() => bookmarks.send({ type: 'BOOKMARKS.RETRY' })}
      ids={ids}
      renderPost={renderPost}
      onOpenPost={onOpenPost}
    />
  );
}
