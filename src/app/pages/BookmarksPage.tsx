import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { BookmarksScreen } from '../../components/screens/BookmarksScreen';
import {
  selectBookmarkedPosts,
  selectBookmarks,
  selectBookmarksError,
  selectBookmarksStatus,
  selectPosts,
} from '../../machines';
import { useActors } from '../AppContext';
import { feedStatus, usePostFeed } from './usePostFeed';
import { useDocumentTitle } from '../useDocumentTitle';
import { PAGE_TITLES } from '../../paths';

/** `/bookmark-page`: the bookmarked posts, or 'Nothing in bookmark'. */
export function BookmarksPage() {
  useDocumentTitle(PAGE_TITLES.bookmarks);
  const { posts, users } = useActors();
  const allPosts = useSelector(posts, selectPosts);
  const bookmarks = useSelector(users, selectBookmarks);
  const status = useSelector(users, selectBookmarksStatus);
  const error = useSelector(users, selectBookmarksError);
  const shown = useMemo(() => selectBookmarkedPosts(bookmarks, allPosts), [bookmarks, allPosts]);
  const { me: _me, ...feed } = usePostFeed(shown);
  return (
    <BookmarksScreen
      {...feed}
      status={feedStatus(status)}
      errorMessage={error ?? undefined}
      onRetry={() => users.send({ type: 'BOOKMARKS.RETRY' })}
    />
  );
}
