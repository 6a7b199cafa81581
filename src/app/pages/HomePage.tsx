import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { HomeScreen } from '../../components/screens/HomeScreen';
import { selectHomeFeed, selectPosts, selectUser, selectUsers } from '../../machines';
import { useActors } from '../AppContext';
import { usePostFeed } from './usePostFeed';
import { useDocumentTitle } from '../useDocumentTitle';
import { PAGE_TITLES } from '../../paths';

/** `/home-page`: own posts and those of followed users, newest first. */
export function HomePage() {
  useDocumentTitle(PAGE_TITLES.home);
  const { auth, posts, users, postDialog } = useActors();
  const me = useSelector(auth, selectUser);
  const allPosts = useSelector(posts, selectPosts);
  const everyone = useSelector(users, selectUsers);
  const shown = useMemo(() => selectHomeFeed(allPosts, me, everyone), [allPosts, me, everyone]);
  const { me: _me, ...feed } = usePostFeed(shown);
  return (
    <HomeScreen {...feed} viewer={me} onCompose={() => postDialog.send({ type: 'OPEN_CREATE' })} />
  );
}
