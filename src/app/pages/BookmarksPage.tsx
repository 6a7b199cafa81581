import { useSelector } from '@xstate/react';
import { BookmarksScreen } from '../../components/screens/BookmarksScreen';
import {
  selectBookmarkedPosts,
  selectBookmarks,
  selectBookmarksStatus,
  selectPosts,
  type LoadStatus,
} from '../../machines';
import { useActors } from '../AppContext';
import { feedStatus, usePostFeed } from './usePostFeed';

/** `/bookmark-page`: the bookmarked posts, or 'Nothing in bookmark'. */
export function BookmarksPage() {
  const { posts, users } = useActors();
  const { me: _me, ...feed } = usePostFeed();
  const allPosts = useSelector(posts, selectPosts);
  const bookmarks = useSelector(users, selectBookmarks);
  const status: LoadStatus = useSelector(users, selectBookmarksStatus);
  const error = useSelector(users, (snapshot) => snapshot.context.bookmarksError);
  return (
    <BookmarksScreen
      {...feed}
      status={feedStatus(status)}
      errorMessage={error ?? undefined}
      onRetry={() => users.send({ type: 'BOOKMARKS.RETRY' })}
      posts={selectBookmarkedPosts(bookmarks, allPosts)}
    />
  );
}
