import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { AppLayout } from '../../components/layout/AppLayout';
import { PostDialog } from '../../components/post/PostDialog';
import { WhoToFollow } from '../../components/user/WhoToFollow';
import {
  isFollowing,
  isFollowPending,
  selectBookmarksStatus,
  selectDialogIsOpen,
  selectDialogIsSubmitting,
  selectDialogMode,
  selectPostsStatus,
  selectSuggestedUsers,
  selectUser,
  selectUsers,
  selectUsersStatus,
} from '../../machines';
import { useActors } from '../AppContext';
import { PATHS } from '../paths';

/**
 * The frame of every signed-in page: navigation, 'Who to follow', the post dialog. It loads the
 * posts, the users and the bookmarks once, when their status is idle (spec §4: Home fetches posts
 * and users when the status is idle; every signed-in page needs them, so the shell does it).
 */
export function AppShell() {
  const { auth, posts, users, postDialog } = useActors();
  const me = useSelector(auth, selectUser);
  const postsStatus = useSelector(posts, selectPostsStatus);
  const usersStatus = useSelector(users, selectUsersStatus);
  const bookmarksStatus = useSelector(users, selectBookmarksStatus);
  const location = useLocation();

  useEffect(() => {
    if (postsStatus === 'idle') posts.send({ type: 'LOAD' });
  }, [posts, postsStatus]);
  useEffect(() => {
    if (usersStatus === 'idle') users.send({ type: 'LOAD' });
  }, [users, usersStatus]);
  useEffect(() => {
    if (bookmarksStatus === 'idle') users.send({ type: 'BOOKMARKS.LOAD' });
  }, [users, bookmarksStatus]);

  return (
    <AppLayout
      user={me}
      onNewPost={() => postDialog.send({ type: 'OPEN_CREATE' })}
      newPostDisabled={location.pathname === PATHS.bookmarks}
      aside={<WhoToFollowPanel />}
    >
      <Outlet />
      <PostDialogContainer />
    </AppLayout>
  );
}

function WhoToFollowPanel() {
  const { auth, users } = useActors();
  const me = useSelector(auth, selectUser);
  const everyone = useSelector(users, selectUsers);
  const snapshot = useSelector(users, (s) => s);
  return (
    <WhoToFollow
      users={selectSuggestedUsers(everyone, me)}
      isFollowing={(user) => isFollowing(user, me)}
      isPending={(user) => isFollowPending(snapshot, user._id)}
      onFollow={(user) => users.send({ type: 'FOLLOW', userId: user._id })}
      onUnfollow={(user) => users.send({ type: 'UNFOLLOW', userId: user._id })}
    />
  );
}

function PostDialogContainer() {
  const { postDialog } = useActors();
  const open = useSelector(postDialog, selectDialogIsOpen);
  const mode = useSelector(postDialog, selectDialogMode);
  const submitting = useSelector(postDialog, selectDialogIsSubmitting);
  const { text, imgContent, error } = useSelector(postDialog, (s) => s.context);
  return (
    <PostDialog
      open={open}
      mode={mode === 'edit' ? 'edit' : 'create'}
      text={text}
      image={imgContent}
      error={error}
      submitting={submitting}
      onTextChange={(value) => postDialog.send({ type: 'CHANGE_TEXT', text: value })}
      onImageChange={(image) =>
        postDialog.send(
          image === null ? { type: 'REMOVE_IMAGE' } : { type: 'SET_IMAGE', imgContent: image },
        )
      }
      onSubmit={() => postDialog.send({ type: 'SUBMIT' })}
      onClose={() => postDialog.send({ type: 'CLOSE' })}
    />
  );
}
