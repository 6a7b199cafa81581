import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { checkCommentText } from '../../api/rules';
import type { TextToken } from '../../api/richText';
import type { Post } from '../../api/types';
import type { PostCardActions, PostCardView, PostFeedItem } from '../../components/post';
import type { PostFeedStatus } from '../../components/post/PostFeed';
import {
  isBookmarkPending,
  isDeletePending,
  isLikePending,
  postViewOf,
  selectBookmarks,
  selectPostById,
  selectPostsError,
  selectPostsStatus,
  selectUser,
  selectUsers,
  type LoadStatus,
  type PostsSnapshot,
  type UsersSnapshot,
} from '../../machines';
import { useActors } from '../AppContext';

export function feedStatus(status: LoadStatus): PostFeedStatus {
  if (status === 'failed') return 'failed';
  if (status === 'success') return 'ready';
  return 'loading';
}

/** The ids of the posts whose action of one kind waits for the server, as one comparable key. */
const pendingIds =
  <S>(isPending: (snapshot: S, postId: string) => boolean, ids: readonly string[]) =>
  (snapshot: S): string =>
    ids.filter((id) => isPending(snapshot, id)).join(' ');

/** Two texts split the same way (a mention turns into a link once its person is known). */
function sameTokens(a?: readonly TextToken[], b?: readonly TextToken[]): boolean {
  if (a === undefined || b === undefined) return a === b;
  return (
    a.length === b.length &&
    a.every((token, index) => token.kind === b[index]?.kind && token.text === b[index].text)
  );
}

function sameView(a: PostCardView, b: PostCardView): boolean {
  const keys = [
    'likedByMe',
    'bookmarked',
    'canEdit',
    'likePending',
    'bookmarkPending',
    'deleting',
    'authorPath',
  ];
  if (keys.some((key) => a[key as keyof PostCardView] !== b[key as keyof PostCardView]))
    return false;
  if (!sameTokens(a.content, b.content)) return false;
  const ids = Object.keys(a.comments);
  if (ids.length !== Object.keys(b.comments).length) return false;
  return ids.every((id) => {
    const x = a.comments[id];
    const y = b.comments[id];
    return (
      x !== undefined &&
      y !== undefined &&
      x.canEdit === y.canEdit &&
      x.canDelete === y.canDelete &&
      x.myVote === y.myVote &&
      x.authorPath === y.authorPath &&
      sameTokens(x.text, y.text)
    );
  });
}

/**
 * The usernames an @mention may link to (A15): everyone the users list has. One set while the
 * usernames stay the same, however often the list changes (a follow changes it).
 */
export function useKnownUsernames(): ReadonlySet<string> {
  const { users } = useActors();
  const key = useSelector(users, (snapshot) =>
    selectUsers(snapshot)
      .map((user) => user.username)
      .join(' '),
  );
  return useMemo(() => new Set(key === '' ? [] : key.split(' ')), [key]);
}

/**
 * What every feed (Home, Explore, Bookmarks, Profile) hands to <PostFeed>: for the given posts,
 * one item per post with the view `postViewOf` decides, and one stable `actions` object whose
 * callbacks send the machines their events. An item is the SAME object as on the last render
 * while its post and its view are unchanged, so a like re-renders one card.
 */
export function usePostFeed(posts: readonly Post[]) {
  const actors = useActors();
  const me = useSelector(actors.auth, selectUser);
  const status = useSelector(actors.posts, selectPostsStatus);
  const error = useSelector(actors.posts, selectPostsError);
  const bookmarks = useSelector(actors.users, selectBookmarks);
  const ids = useMemo(() => posts.map((post) => post._id), [posts]);
  const liking = useSelector(actors.posts, pendingIds<PostsSnapshot>(isLikePending, ids));
  const deleting = useSelector(actors.posts, pendingIds<PostsSnapshot>(isDeletePending, ids));
  const marking = useSelector(actors.users, pendingIds<UsersSnapshot>(isBookmarkPending, ids));
  const knownUsernames = useKnownUsernames();

  // Items by post object: one created per post until the post or its view changes.
  const [cache] = useState(() => new WeakMap<Post, PostFeedItem>());
  const items = useMemo(() => {
    const has = (list: string, id: string) => list.split(' ').includes(id);
    return posts.map((post) => {
      const view = postViewOf(post, {
        me,
        knownUsernames,
        bookmarks,
        likePending: has(liking, post._id),
        bookmarkPending: has(marking, post._id),
        deleting: has(deleting, post._id),
      });
      const cached = cache.get(post);
      if (cached !== undefined && sameView(cached.view, view)) return cached;
      const item: PostFeedItem = { post, view };
      cache.set(post, item);
      return item;
    });
  }, [cache, posts, me, knownUsernames, bookmarks, liking, marking, deleting]);

  const actions = useMemo<PostCardActions>(() => {
    const { posts: postsActor, users, postDialog } = actors;
    const postOf = (postId: string) => selectPostById(postsActor.getSnapshot(), postId);
    return {
      onToggleLike: (postId) => postsActor.send({ type: 'TOGGLE_LIKE', postId }),
      onToggleBookmark: (postId) => {
        const post = postOf(postId);
        if (post) users.send({ type: 'TOGGLE_BOOKMARK', post });
      },
      onEdit: (postId) => {
        const post = postOf(postId);
        if (post) postDialog.send({ type: 'OPEN_EDIT', post });
      },
      onDelete: (postId) => postsActor.send({ type: 'DELETE', postId }),
      onAddComment: (postId, text) => postsActor.send({ type: 'COMMENT.ADD', postId, text }),
      onEditComment: (postId, commentId, text) =>
        postsActor.send({ type: 'COMMENT.EDIT', postId, commentId, text }),
      onDeleteComment: (postId, commentId) =>
        postsActor.send({ type: 'COMMENT.DELETE', postId, commentId }),
      onUpvoteComment: (postId, commentId) =>
        postsActor.send({ type: 'COMMENT.UPVOTE', postId, commentId }),
      onDownvoteComment: (postId, commentId) =>
        postsActor.send({ type: 'COMMENT.DOWNVOTE', postId, commentId }),
    };
  }, [actors]);

  return {
    me,
    status: feedStatus(status),
    errorMessage: error ?? undefined,
    onRetry: () => actors.posts.send({ type: 'RETRY' }),
    items,
    actions,
    checkComment: checkCommentText,
  };
}
