import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { HomeScreen } from '../../components/screens/HomeScreen';
import { idsOf, selectHomeFeed, selectPosts, selectUser, selectUsers } from '../../machines';
import type { PostsSnapshot } from '../../machines';
import { useActors } from '../AppContext';
import { useFeedIds, usePostFeed } from './usePostFeed';
import { useDocumentTitle } from '../useDocumentTitle';
import { PAGE_TITLES } from '../../paths';

/** `/home-page`: own posts and those of followed users, newest first. */
export function HomePage() {
  useDocumentTitle(PAGE_TITLES.home);
  const { session, users, postDialog } = useActors();
  const me = useSelector(session, selectUser);
  const everyone = useSelector(users, selectUsers);
  const ids = useFeedIds(
    useCallback(
      (snapshot: PostsSnapshot) => idsOf(selectHomeFeed(selectPosts(snapshot), me, everyone)),
      [me, everyone],
    ),
  );
  const feed = usePostFeed(ids);
  return (
    <HomeScreen {...feed} viewer={me} onCompose={() => postDialog.send({ type: 'OPEN_CREATE' })} />
  );
}
