import { useSelector } from '@xstate/react';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { MEDIA_TYPES } from '../../api/media';
import { SEARCH_RULE, type TextFieldVerdict, type TextVerdict } from '../../api/rules';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { AppLayout } from '../../components/layout/AppLayout';
import { ShortcutsDialog } from '../../components/layout/ShortcutsDialog';
import { PostDialog } from '../../components/post/PostDialog';
import { SearchBox, type SearchBoxStatus } from '../../components/search/SearchBox';
import { WhoToFollow } from '../../components/user/WhoToFollow';
import {
  selectDialogAltVerdict,
  selectDialogCanDiscard,
  selectDialogCanSubmit,
  selectDialogError,
  selectDialogImage,
  selectDialogImageAlt,
  selectDialogImageError,
  selectDialogUpload,
  selectDialogIsOpen,
  selectDialogIsSubmitting,
  selectDialogStatus,
  selectDialogText,
  selectDialogVerdict,
  selectAppearance,
  selectSearchError,
  selectSearchQuery,
  selectSearchResults,
  selectSearchStatus,
  selectUnread,
  selectLiveDown,
  type Appearance,
  type SearchStatus,
  selectUser,
  avatarSrcSet,
  keptInPlace,
  sameIds,
  SUGGESTED,
} from '../../machines';
import { useActors } from '../AppContext';
import { useHydrated } from '../hydration';
import { useAppShortcuts } from '../useAppShortcuts';
import { setUnreadInTitle } from '../tabTitle';
import { PageLoading } from './PageLoading';
import { usePeopleEntries, usePeopleList, useToggleFollow } from './usePeople';
import { useUploadState } from './useUploadState';
import { PATHS, postPathOf, profilePathOf } from '../../paths';

/** The theme choice the build's prerender renders with (a new visitor's: its storage is empty). */
const PRERENDERED_THEME_CHOICE: Appearance = 'system';

/**
 * The frame of every signed-in page: navigation, 'Who to follow', the post dialog, the app's
 * keyboard shortcuts and their '?' sheet. Each feed reads its own posts a page at a time (each
 * post says whether the reader bookmarked it), and 'Who to follow' its own suggestions.
 *
 * The build prerenders it with no user data (prerender.tsx): while that HTML is hydrated it draws
 * no user, the prerender's theme choice and a loading page, exactly as the HTML has them; the
 * user, the stored choice and the page come in the render right after. A page whose code is not
 * loaded yet shows the same loading page inside the shell, so the navigation stays.
 */
export function AppShell() {
  const { session, postDialog, appearance, inbox, live } = useActors();
  const hydrated = useHydrated();
  const signedInUser = useSelector(session, selectUser);
  const storedThemeChoice = useSelector(appearance, selectAppearance);
  const me = hydrated ? signedInUser : null;
  const themeChoice = hydrated ? storedThemeChoice : PRERENDERED_THEME_CHOICE;
  const unread = useSelector(inbox, selectUnread);
  const liveDown = useSelector(live, selectLiveDown);
  const location = useLocation();
  // The tab's title carries the count too, while the shell (someone signed in) is shown.
  useEffect(() => {
    setUnreadInTitle(unread);
    return () => setUnreadInTitle(0);
  }, [unread]);

  const newPostDisabled = location.pathname === PATHS.bookmarks;
  const newPost = () => postDialog.send({ type: 'OPEN_CREATE' });
  const navigate = useNavigate();
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  // The feed's own keys (j, k, l, ...) are the feed's; '/' is the search field's.
  useAppShortcuts({
    newPost: newPostDisabled ? undefined : newPost,
    goHome: () => void navigate(PATHS.home),
    goExplore: () => void navigate(PATHS.explore),
    goBookmarks: () => void navigate(PATHS.bookmarks),
    goProfile: () => void navigate(PATHS.profile),
    help: () => setShortcutsOpen(true),
  });

  return (
    <AppLayout
      user={me}
      userAvatar={me === null ? undefined : avatarSrcSet(me.profile)}
      onNewPost={newPost}
      newPostDisabled={newPostDisabled}
      themeChoice={themeChoice}
      onThemeChange={(choice) => appearance.send({ type: 'CHOOSE', choice })}
      onLogout={() => session.send({ type: 'LOGOUT' })}
      unreadNotifications={hydrated ? unread : 0}
      liveDown={hydrated && liveDown}
      aside={<WhoToFollowPanel />}
      search={<SearchPanel />}
    >
      {hydrated ? (
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      ) : (
        <PageLoading />
      )}
      <PostDialogContainer />
      <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
    </AppLayout>
  );
}

/** People followed from the panel, by id, and the page they were followed on. */
interface KeptFollows {
  path: string;
  ids: ReadonlySet<string>;
  /** The panel's people when the last of them was followed. */
  order: readonly string[];
}

const NO_ORDER: readonly string[] = [];

const NONE_KEPT: ReadonlySet<string> = new Set();

/**
 * 'Who to follow': the server's suggestions (people not followed yet, a page at a time), less
 * anyone followed since. One followed from the panel stays in it (showing Unfollow) until the
 * page changes, so a mistaken click can be undone where it was made.
 */
function WhoToFollowPanel() {
  const { people } = useActors();
  const { pathname } = useLocation();
  const suggestions = usePeopleList(SUGGESTED);
  const [kept, setKept] = useState<KeptFollows>({
    path: pathname,
    ids: NONE_KEPT,
    order: NO_ORDER,
  });
  // The page changed: those followed on the one before are no longer kept, even on coming back.
  if (kept.path !== pathname) setKept({ path: pathname, ids: NONE_KEPT, order: NO_ORDER });
  const keptHere = kept.path === pathname ? kept.ids : NONE_KEPT;
  const suggested = useSelector(
    people,
    (snapshot) =>
      suggestions.ids.filter(
        (id) => keptHere.has(id) || snapshot.context.people[id]?.followedByMe === false,
      ),
    sameIds,
  );
  // A quiet re-read (a follow pushed live) no longer suggests whom one just followed: one kept
  // stays where it was when followed, so the button under the pointer does not move.
  const order = kept.path === pathname ? kept.order : NO_ORDER;
  const shownIds = useMemo(
    () => keptInPlace(suggested, keptHere, order),
    [suggested, keptHere, order],
  );
  const entries = usePeopleEntries(shownIds);
  const toggleFollow = useToggleFollow();
  const onToggleFollow = useCallback(
    (userId: string) => {
      setKept((current) => ({
        path: pathname,
        ids: new Set([...(current.path === pathname ? current.ids : []), userId]),
        order: shownIds,
      }));
      toggleFollow(userId);
    },
    [pathname, toggleFollow, shownIds],
  );
  return (
    <WhoToFollow
      people={entries}
      status={suggestions.status}
      onToggleFollow={onToggleFollow}
      onRetry={suggestions.retry}
      more={suggestions.more}
    />
  );
}

const SEARCH_BOX_STATUS: Record<SearchStatus, SearchBoxStatus> = {
  idle: 'idle',
  debouncing: 'loading',
  loading: 'loading',
  results: 'results',
  failed: 'failed',
};

/**
 * The search field (the layout shows it in the right column, and on phones under the top bar):
 * the search machine's query and results; a person chosen opens their profile, a post opens
 * Explore with that post brought to the reader. Choosing clears the field.
 */
function SearchPanel() {
  const { session, search } = useActors();
  const me = useSelector(session, selectUser);
  const navigate = useNavigate();
  const query = useSelector(search, selectSearchQuery);
  const status = useSelector(search, selectSearchStatus);
  const results = useSelector(search, selectSearchResults);
  const error = useSelector(search, selectSearchError);
  return (
    <SearchBox
      query={query}
      status={SEARCH_BOX_STATUS[status]}
      results={results}
      error={error}
      maxLength={SEARCH_RULE.maxLength}
      onQueryChange={(value) => search.send({ type: 'TYPE', query: value })}
      onClear={() => search.send({ type: 'CLEAR' })}
      onRetry={() => search.send({ type: 'RETRY' })}
      onChoosePerson={(person) => {
        search.send({ type: 'CLEAR' });
        void navigate(profilePathOf(person.username, me?.username));
      }}
      onChoosePost={(post) => {
        search.send({ type: 'CLEAR' });
        void navigate(postPathOf(post._id));
      }}
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
  const pickError = useSelector(postDialog, selectDialogImageError);
  // The picked image's upload is an actor of its own: its progress is read from it.
  const upload = useUploadState(useSelector(postDialog, selectDialogUpload));
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
      upload={upload.state}
      imageError={pickError ?? upload.error}
      imageTypes={MEDIA_TYPES}
      imageAlt={imageAlt}
      verdict={verdict}
      altVerdict={altVerdict}
      canSubmit={canSubmit}
      canDiscard={canDiscard}
      error={error}
      submitting={submitting}
      onTextChange={(value) => postDialog.send({ type: 'CHANGE_TEXT', text: value })}
      onPickImage={(file) => postDialog.send({ type: 'PICK_IMAGE', file })}
      onRemoveImage={() => postDialog.send({ type: 'REMOVE_IMAGE' })}
      onCancelUpload={() => postDialog.send({ type: 'CANCEL_UPLOAD' })}
      onRetryUpload={() => postDialog.send({ type: 'RETRY_UPLOAD' })}
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
