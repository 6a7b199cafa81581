import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { checkCommentText } from '../../api/rules';
import { PostCard } from '../../components/post';
import { PostScreen, type PostScreenStatus } from '../../components/screens/PostScreen';
import { hasWholeThread, selectPostRead, threadsOf } from '../../machines';
import { PAGE_TITLES, postTitleOf } from '../../paths';
import { useActors } from '../AppContext';
import { useDocumentTitle } from '../useDocumentTitle';
import { usePostCard } from './PostCardContainer';

/**
 * `/post/:postId`: one post with its whole conversation, the comment input open, and Reply on
 * every comment. A post already in the store shows at once while it is read again whole; a deep
 * link waits for the read. No such post (or one deleted meanwhile): a not-found state.
 */
export function PostPage() {
  const { postId = '' } = useParams();
  const { posts } = useActors();
  const { post, view, actions } = usePostCard(postId);
  const read = useSelector(posts, (snapshot) => selectPostRead(snapshot, postId));

  // Read whole on opening, and again whenever the record holds only a card's newest comment (an
  // answer to a like on a conversation that has changed since): the page shows the thread.
  const whole = post !== undefined && hasWholeThread(post);
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (opened.current === postId && whole) return;
    opened.current = postId;
    posts.send({ type: 'POST.OPEN', postId });
  }, [posts, postId, whole]);

  const thread = useMemo(() => (post === undefined ? [] : threadsOf(post.comments)), [post]);

  // A deleted post is gone even while its record lingers; otherwise what is held shows.
  const status: PostScreenStatus =
    read === 'missing'
      ? 'not-found'
      : post !== undefined
        ? 'loaded'
        : read === 'failed'
          ? 'failed'
          : 'loading';
  useDocumentTitle(
    status === 'loaded' && post !== undefined
      ? postTitleOf(post)
      : status === 'not-found'
        ? PAGE_TITLES.postNotFound
        : null,
  );

  return (
    <PostScreen
      status={status}
      onRetry={() => posts.send({ type: 'POST.OPEN', postId })}
      post={
        post !== undefined &&
        view !== null && (
          <PostCard
            key={post._id}
            post={post}
            view={{ ...view, postPath: undefined }}
            actions={actions}
            checkComment={checkCommentText}
            thread={thread}
            threadLoading={!whole && read !== 'failed' && read !== 'missing'}
          />
        )
      }
    />
  );
}
