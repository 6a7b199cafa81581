import { useSelector } from '@xstate/react';
import { HomeScreen } from '../../components/screens/HomeScreen';
import { avatarSrcSet, HOME_FEED, selectUser } from '../../machines';
import { useActors } from '../AppContext';
import { usePagedFeed } from './usePostFeed';
import { useDocumentTitle } from '../useDocumentTitle';
import { PAGE_TITLES } from '../../paths';

/** `/home-page`: own posts and those of followed users, newest first, a page at a time. */
export function HomePage() {
  useDocumentTitle(PAGE_TITLES.home);
  const { session, postDialog } = useActors();
  const me = useSelector(session, selectUser);
  const feed = usePagedFeed(HOME_FEED);
  return (
    <HomeScreen
      {...feed}
      viewer={me}
      viewerAvatar={me === null ? undefined : avatarSrcSet(me.profile)}
      onCompose={() => postDialog.send({ type: 'OPEN_CREATE' })}
    />
  );
}
