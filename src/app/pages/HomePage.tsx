import { useSelector } from '@xstate/react';
import { HomeScreen } from '../../components/screens/HomeScreen';
import { selectHomeFeed, selectPosts, selectUsers } from '../../machines';
import { useActors } from '../AppContext';
import { usePostFeed } from './usePostFeed';

/** `/home-page`: own posts and those of followed users, newest first. */
export function HomePage() {
  const { posts, users, postDialog } = useActors();
  const { me, ...feed } = usePostFeed();
  const allPosts = useSelector(posts, selectPosts);
  const everyone = useSelector(users, selectUsers);
  return (
    <HomeScreen
      {...feed}
      viewer={me}
      posts={selectHomeFeed(allPosts, me, everyone)}
      onCompose={() => postDialog.send({ type: 'OPEN_CREATE' })}
    />
  );
}
