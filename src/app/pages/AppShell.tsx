import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import { imageFileMessage, type TextFieldVerdict, type TextVerdict } from '../../api/rules';
import { Outlet, useLocation } from 'react-router-dom';
import { AppLayout } from '../../components/layout/AppLayout';
import { PostDialog } from '../../components/post/PostDialog';
import { WhoToFollow } from '../../components/user/WhoToFollow';
import {
  selectBookmarksStatus,
  selectDialogAltVerdict,
  selectDialogCanDiscard,
  selectDialogCanSubmit,
  selectDialogError,
  selectDialogImage,
  selectDialogImageAlt,
  selectDialogIsOpen,
  selectDialogIsSubmitting,
  selectDialogStatus,
  selectDialogText,
  selectDialogVerdict,
  selectAppearance,
  selectPostsStatus,
  selectSuggestedUsers,
  selectUser,
  selectUsers,
  selectUsersStatus,
} from '../../machines';
import { useActors } from '../AppContext';
import { PATHS } from '../paths';
import { usePeopleEntries, useToggleFollow } from './usePeople';
import { feedStatus } from './usePostFeed';

/**
 * The frame of every signed-in page: navigation, 'Who to follow', the post dialog. It loads the
 * posts, the users and the bookmarks once, when their status is idle (every signed-in page needs
 * them, so the shell does it rather than Home alone).
 */
export function AppShell() {
  const { auth, posts, users, postDialog, appearance } = useActors();
  const me = useSelector(auth, selectUser);
  const themeChoice = useSelector(appearance, selectAppearance);
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
      themeChoice={themeChoice}
      onThemeChange={(choice) => appearance.send({ type: 'CHOOSE', choice })}
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
  const status = useSelector(users, selectUsersStatus);
  const suggested = useMemo(() => selectSuggestedUsers(everyone, me), [everyone, me]);
  const people = usePeopleEntries(suggested);
  const onToggleFollow = useToggleFollow();
  const onRetry = useCallback(() => users.send({ type: 'RETRY' }), [users]);
  return (
    <WhoToFollow
      people={people}
      status={feedStatus(status)}
      onToggleFollow={onToggleFollow}
      onRetry={onRetry}
    />
  );
}

function PostDialogContainer() {
  const { postDialog } = useActors();
  const open = useSelector(postDialog, selectDialogIsOpen);
  const status = useSelector(postDialog, selectDialogStatus);
  const submitting = useSelector(postDialog, selectDialogIsSubmitting);
  const text = useSelector(postDialog, selectDialogText);
  const image = useSelector(postDialog, selectDialogImage);
  const imageAlt = useSelector(postDialog, selectDialogImageAlt);
  const error = useSelector(postDialog, selectDialogError);
  const verdict = useSelector(postDialog, selectDialogVerdict, sameVerdict);
  const altVerdict = useSelector(postDialog, selectDialogAltVerdict, sameFieldVerdict);
  const canSubmit = useSelector(postDialog, selectDialogCanSubmit);
  const canDiscard = useSelector(postDialog, selectDialogCanDiscard);
  return (
    <PostDialog
      open={open}
      mode={status === 'edit' ? 'edit' : 'create'}
      text={text}
      image={image}
      imageAlt={imageAlt}
      verdict={verdict}
      altVerdict={altVerdict}
      canSubmit={canSubmit}
      canDiscard={canDiscard}
      checkImage={imageFileMessage}
      error={error}
      submitting={submitting}
      onTextChange={(value) => postDialog.send({ type: 'CHANGE_TEXT', text: value })}
      onImageChange={(dataUrl) =>
        postDialog.send(
          dataUrl === null ? { type: 'REMOVE_IMAGE' } : { type: 'SET_IMAGE', imgContent: dataUrl },
        )
      }
      onImageAltChange={(value) => postDialog.send({ type: 'CHANGE_IMAGE_ALT', imgAlt: value })}
      onSubmit={() => postDialog.send({ type: 'SUBMIT' })}
      onClose={() => postDialog.send({ type: 'CLOSE' })}
      onDiscard={() => postDialog.send({ type: 'DISCARD' })}
    />
  );
}

const sameVerdict = (a: TextVerdict, b: TextVerdict) =>
  a.length === b.length && a.max === b.max && a.problem === b.problem;
const sameFieldVerdict = (a: TextFieldVerdict, b: TextFieldVerdict) =>
  sameVerdict(a, b) && a.message === b.message;
