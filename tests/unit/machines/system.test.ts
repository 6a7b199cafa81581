/** The app system (machines/system.ts): one root starts every machine and routes what they emit. */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type {
  LoginRequest,
  LoginResponse,
  MessageResponse,
  SearchResponse,
  Post,
  PostIdResponse,
  PostResponse,
  UserResponse,
  PersonPage,
  PersonResponse,
} from '../../../src/api/types';
import {
  appActorsOf,
  appMachine,
  AUTH_STORAGE_KEYS,
  authFormsMachine,
  changePasswordMachine,
  demoMachine,
  feedMachine,
  feedId,
  profileMachine,
  SEARCH_DEBOUNCE_MS,
  searchMachine,
  sessionMachine,
  type SystemId,
  selectChangePasswordOpen,
  isBookmarkPending,
  isFollowPending,
  isLikePending,
  postDialogMachine,
  postsMachine,
  selectDialogIsOpen,
  selectDialogText,
  selectIsSignedIn,
  selectFeedIds,
  selectPendingCount,
  selectPostById,
  selectUser,
  selectFollowsPendingCount,
  selectPersonById,
  SUGGESTED,
  selectProfileIsSaving,
  peopleMachine,
  peopleReadMachine,
  type ChangePasswordInput,
  type FeedKey,
  type FeedPage,
  type FeedPageInput,
  type FollowInput,
  type PeopleReadInput,
  type NotifyEvent,
  type PostInput,
  type SearchInput,
  type SavePostInput,
  type TokenInput,
  type EditUserInput,
} from '../../../src/machines';
import {
  alice,
  answering,
  controlled,
  failing,
  makePost,
  me,
  personOf,
  memoryStorage,
  settle,
  summary,
  TOKEN,
  unauthorized,
} from './fixtures';

type ActorsOf<M extends { provide: (implementations: never) => unknown }> = NonNullable<
  Parameters<M['provide']>[0]['actors']
>;

interface Effects {
  session?: ActorsOf<typeof sessionMachine>;
  authForms?: ActorsOf<typeof authFormsMachine>;
  posts?: ActorsOf<typeof postsMachine>;
  /** The effects of every feed the posts machine starts (FEED.OPEN). */
  feed?: ActorsOf<typeof feedMachine>;
  people?: ActorsOf<typeof peopleMachine>;
  /** The effects of every read the people machine starts. */
  peopleRead?: ActorsOf<typeof peopleReadMachine>;
  postDialog?: ActorsOf<typeof postDialogMachine>;
  changePassword?: ActorsOf<typeof changePasswordMachine>;
  profile?: ActorsOf<typeof profileMachine>;
  demo?: ActorsOf<typeof demoMachine>;
  search?: ActorsOf<typeof searchMachine>;
}

const post = makePost('p1', summary(alice));

/** A fake `loadPeople`: Who to follow is alice, and anyone read by username is alice. */
const suggestingAlice = () =>
  answering<PersonResponse | PersonPage, PeopleReadInput>(({ request }) =>
    request.kind === 'person'
      ? { person: personOf(alice) }
      : { users: [personOf(alice)], next: null },
  );
const HOME: FeedKey = { kind: 'home' };
/** The live stream's follow event for the session's user following alice (`following` added). */
const meFollowsAlice = {
  type: 'follow',
  followerId: me._id,
  followeeId: alice._id,
  followee: summary(alice),
} as const;

/** A fake `loadFeedPage`: every feed is one page, `post` alone, unless `posts` says otherwise. */
const onePage = (posts: () => Post[] = () => [post]) =>
  answering<FeedPage, FeedPageInput>(() => ({ posts: posts(), next: null }));

/** The ids the posts machine holds for a feed, as its page shows them. */
function feedIdsOf(posts: ReturnType<typeof appActorsOf>['posts'], feed: FeedKey) {
  const snapshot = posts.getSnapshot();
  const child = snapshot.children[feedId(feed)] as
    { getSnapshot: () => { context: { ids: readonly string[] } } } | undefined;
  return selectFeedIds(snapshot, feed, child?.getSnapshot().context.ids);
}

/** The app's system with fake effects, the session restored from storage as signed in. */
function wired(effects: Effects = {}, storage = signedInStorage()) {
  const peopleRead = peopleReadMachine.provide({
    actors: { loadPeople: suggestingAlice().logic, ...effects.peopleRead },
  });
  const feed = feedMachine.provide({
    actors: { loadFeedPage: onePage().logic, ...effects.feed },
  });
  const root = createActor(
    appMachine.provide({
      actors: {
        session: sessionMachine.provide({ actors: { ...effects.session } }),
        authForms: authFormsMachine.provide({ actors: { ...effects.authForms } }),
        posts: postsMachine.provide({
          actors: { feed, ...effects.posts },
        }),
        people: peopleMachine.provide({ actors: { peopleRead, ...effects.people } }),
        postDialog: postDialogMachine.provide({ actors: { ...effects.postDialog } }),
        changePassword: changePasswordMachine.provide({ actors: { ...effects.changePassword } }),
        profile: profileMachine.provide({ actors: { ...effects.profile } }),
        demo: demoMachine.provide({ actors: { ...effects.demo } }),
        search: searchMachine.provide({ actors: { ...effects.search } }),
      },
    }),
    { input: { storage, systemScheme: 'light' } },
  );
  const notes: NotifyEvent[] = [];
  const visits: string[] = [];
  root.on('notify', (event) => notes.push(event));
  root.on('navigate', ({ to }) => visits.push(to));
  root.start();
  return { ...appActorsOf(root), root, storage, notes, visits };
}

function signedInStorage() {
  return memoryStorage({
    [AUTH_STORAGE_KEYS.token]: TOKEN,
    [AUTH_STORAGE_KEYS.user]: JSON.stringify(me),
  });
}

const expired: NotifyEvent = {
  type: 'notify',
  kind: 'warning',
  message: 'Your session has expired. Please log in again.',
};

describe('the app system: one root, the events routed in one place', () => {
  it('a 401 in posts signs out through the session; signing out forgets the people and closes the dialog', async () => {
    const a = wired({
      posts: { likePost: failing<PostResponse, PostInput>(unauthorized()).logic },
    });
    a.posts.send({ type: 'FEED.OPEN', feed: HOME });
    a.people.send({ type: 'LIST.OPEN', list: SUGGESTED });
    a.postDialog.send({ type: 'OPEN_CREATE' });
    await settle();
    a.posts.send({ type: 'LIKE', postId: 'p1' });
    await settle();
    expect(selectIsSignedIn(a.session.getSnapshot())).toBe(false);
    expect(selectDialogIsOpen(a.postDialog.getSnapshot())).toBe(false);
    expect(selectPersonById(a.people.getSnapshot(), alice._id)).toBeNull();
    expect(a.notes).toEqual([expired]);
    expect(a.visits).toEqual(['/']);
  });

  it('the password change gets the session, tells its success, and a 401 there signs out', async () => {
    const changePassword = controlled<MessageResponse, ChangePasswordInput>();
    const a = wired({ changePassword: { changePassword: changePassword.logic } });
    const fields = {
      currentPassword: 'old-one',
      newPassword: 'new-one',
      confirmPassword: 'new-one',
    };
    a.changePassword.send({ type: 'OPEN' });
    a.changePassword.send({ type: 'SUBMIT', ...fields });
    // The token the session restored reached it.
    expect(changePassword.calls).toEqual([
      { currentPassword: 'old-one', newPassword: 'new-one', token: TOKEN },
    ]);
    await changePassword.resolve({ message: 'Password changed.' });
    expect(a.notes).toEqual([{ type: 'notify', kind: 'success', message: 'Password changed.' }]);
    expect(selectIsSignedIn(a.session.getSnapshot())).toBe(true);

    a.changePassword.send({ type: 'OPEN' });
    a.changePassword.send({ type: 'SUBMIT', ...fields });
    await changePassword.reject(unauthorized());
    expect(selectIsSignedIn(a.session.getSnapshot())).toBe(false);
    expect(selectChangePasswordOpen(a.changePassword.getSnapshot())).toBe(false);
    expect(a.notes.at(-1)).toEqual(expired);
  });

  it('a 401 in the dialog or in people signs out too', async () => {
    const fromDialog = wired({
      postDialog: { savePost: failing<PostResponse, SavePostInput>(unauthorized()).logic },
    });
    fromDialog.postDialog.send({ type: 'OPEN_CREATE' });
    fromDialog.postDialog.send({ type: 'CHANGE_TEXT', text: 'x' });
    fromDialog.postDialog.send({ type: 'SUBMIT' });
    await settle();
    expect(selectIsSignedIn(fromDialog.session.getSnapshot())).toBe(false);

    const fromPeople = wired({
      people: { followPerson: failing<PersonResponse, FollowInput>(unauthorized()).logic },
    });
    fromPeople.people.send({ type: 'LIST.OPEN', list: SUGGESTED });
    await settle();
    fromPeople.people.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    await settle();
    expect(selectIsSignedIn(fromPeople.session.getSnapshot())).toBe(false);
    expect(fromPeople.notes).toEqual([expired]);
  });

  it("a created post is stored and shown on top of Home; a follow answer is the session user's too", async () => {
    const created = makePost('new', summary(me), { content: 'Hello' });
    const meFollowing = { ...me, following: [summary(alice)] };
    const a = wired({
      postDialog: {
        savePost: answering<PostResponse, SavePostInput>(() => ({ post: created })).logic,
      },
      people: {
        followPerson: answering<PersonResponse, FollowInput>(() => ({
          person: personOf(alice, { followedByMe: true }),
        })).logic,
      },
    });
    a.posts.send({ type: 'FEED.OPEN', feed: HOME });
    await settle();
    expect(feedIdsOf(a.posts, HOME)).toEqual(['p1']);
    a.postDialog.send({ type: 'OPEN_CREATE' });
    a.postDialog.send({ type: 'CHANGE_TEXT', text: 'Hello' });
    a.postDialog.send({ type: 'SUBMIT' });
    await settle();
    // postSaved → STORE_POST: the record is stored, and Home shows it first before any re-read.
    expect(selectPostById(a.posts.getSnapshot(), 'new')).toEqual(created);
    expect(a.posts.getSnapshot().context.published).toEqual(['new']);
    expect(feedIdsOf(a.posts, HOME)).toEqual(['new', 'p1']);

    a.people.send({ type: 'LIST.OPEN', list: SUGGESTED });
    await settle();
    a.people.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    await settle();
    // people.followed → USER_UPDATED: the session's user follows alice, as the server keeps it.
    expect(selectUser(a.session.getSnapshot())).toEqual(meFollowing);
    expect(a.notes).toEqual([{ type: 'notify', kind: 'success', message: 'Post created!' }]);
  });

  it("a follow made in another tab or on another device is the session user's too, once", () => {
    const a = wired();
    const seen = (event: typeof meFollowsAlice & { following: boolean }) =>
      a.live.send({ type: 'STREAM.EVENT', event });
    expect(selectUser(a.session.getSnapshot())?.following).toEqual([]);
    seen({ ...meFollowsAlice, following: true });
    expect(selectUser(a.session.getSnapshot())?.following).toEqual([summary(alice)]);
    const after = selectUser(a.session.getSnapshot());
    seen({ ...meFollowsAlice, following: true }); // this tab's own follow, echoed: nothing changes
    seen({
      ...meFollowsAlice,
      followerId: alice._id,
      followeeId: me._id,
      followee: summary(me),
      following: true,
    });
    expect(selectUser(a.session.getSnapshot())).toBe(after);
    seen({ ...meFollowsAlice, following: false });
    expect(selectUser(a.session.getSnapshot())?.following).toEqual([]);
  });

  it("an unfollow seen on the stream takes that author's posts out of Home, however deep", async () => {
    const mine1 = makePost('m1', summary(me));
    const mine2 = makePost('m2', summary(me));
    const alice1 = makePost('x1', summary(alice));
    const alice2 = makePost('x2', summary(alice));
    let following = true;
    const a = wired({
      feed: {
        loadFeedPage: answering<FeedPage, FeedPageInput>(({ cursor }) =>
          cursor === null
            ? { posts: following ? [mine1, alice1] : [mine1], next: 'c2' }
            : { posts: following ? [alice2, mine2] : [mine2], next: null },
        ).logic,
      },
    });
    a.live.send({ type: 'STREAM.EVENT', event: { ...meFollowsAlice, following: true } });
    a.posts.send({ type: 'FEED.OPEN', feed: HOME });
    await settle();
    const home = a.posts.getSnapshot().children[feedId(HOME)];
    home?.send({ type: 'LOAD_MORE' });
    await settle();
    expect(feedIdsOf(a.posts, HOME)).toEqual(['m1', 'x1', 'x2', 'm2']);
    following = false;
    a.live.send({ type: 'STREAM.EVENT', event: { ...meFollowsAlice, following: false } });
    await settle();
    // x2 was read on the second page, below anything the fresh first page covers.
    expect(feedIdsOf(a.posts, HOME)).toEqual(['m1', 'm2']);
  });

  it("a deleted post's edit draft goes with it: editing it again never brings back its text", async () => {
    const mine = makePost('mine', summary(me), { content: 'As posted' });
    const a = wired({
      posts: {
        deletePost: answering<PostIdResponse, PostInput>(({ postId }) => ({ postId })).logic,
      },
      feed: { loadFeedPage: onePage(() => [mine]).logic },
    });
    a.posts.send({ type: 'FEED.OPEN', feed: HOME });
    await settle();
    expect(feedIdsOf(a.posts, HOME)).toEqual(['mine']);
    a.postDialog.send({ type: 'OPEN_EDIT', post: mine });
    a.postDialog.send({ type: 'CHANGE_TEXT', text: 'An edit never sent' });
    a.postDialog.send({ type: 'CLOSE' });
    // Kept as a draft: reopening the edit restores it.
    a.postDialog.send({ type: 'OPEN_EDIT', post: mine });
    expect(selectDialogText(a.postDialog.getSnapshot())).toBe('An edit never sent');
    a.postDialog.send({ type: 'CLOSE' });

    a.posts.send({ type: 'DELETE', postId: 'mine' });
    await settle();
    expect(selectPostById(a.posts.getSnapshot(), 'mine')).toBeUndefined();
    expect(feedIdsOf(a.posts, HOME)).toEqual([]);
    a.postDialog.send({ type: 'OPEN_EDIT', post: mine });
    expect(selectDialogText(a.postDialog.getSnapshot())).toBe('As posted');
  });

  it("a search's whole lists never fill the store; the bookmarks feed does, and reads again on top", async () => {
    const found = makePost('found', summary(alice));
    const kept = makePost('kept', summary(alice), { bookmarkedByMe: true });
    const search = answering<SearchResponse, SearchInput>(() => ({ users: [], posts: [found] }));
    const loadFeedPage = onePage(() => [kept]);
    const a = wired({
      search: { search: search.logic },
      feed: { loadFeedPage: loadFeedPage.logic },
    });
    a.search.send({ type: 'TYPE', query: 'found' });
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 10));
    await settle();
    expect(search.calls).toEqual([{ q: 'found' }]);
    // The spec's answers name every liker and no mentions: the cards' store never takes them.
    expect(selectPostById(a.posts.getSnapshot(), 'found')).toBeUndefined();

    const bookmarksFeed: FeedKey = { kind: 'bookmarks' };
    a.posts.send({ type: 'FEED.OPEN', feed: bookmarksFeed });
    await settle();
    expect(feedIdsOf(a.posts, bookmarksFeed)).toEqual(['kept']);
    expect(selectPostById(a.posts.getSnapshot(), 'kept')).toEqual(kept);
    // Opened again, the bookmarks read their first page again (bookmarks made elsewhere go on
    // top); Home, opened again, shows what it read.
    a.posts.send({ type: 'FEED.OPEN', feed: bookmarksFeed });
    a.posts.send({ type: 'FEED.OPEN', feed: HOME });
    await settle();
    a.posts.send({ type: 'FEED.OPEN', feed: HOME });
    await settle();
    expect(loadFeedPage.calls.map((call) => call.feed.kind)).toEqual([
      'bookmarks',
      'bookmarks',
      'home',
    ]);
  });

  it('a bookmark made or taken back elsewhere changes the card; one made reads the bookmarks on top', async () => {
    const kept = makePost('kept', summary(alice), { bookmarkedByMe: true });
    const loadFeedPage = onePage(() => [kept]);
    const a = wired({ feed: { loadFeedPage: loadFeedPage.logic } });
    const bookmarksFeed: FeedKey = { kind: 'bookmarks' };
    a.posts.send({ type: 'FEED.OPEN', feed: bookmarksFeed });
    await settle();
    const seen = (bookmarked: boolean, postId = 'kept') =>
      a.live.send({ type: 'STREAM.EVENT', event: { type: 'bookmark', postId, bookmarked } });
    seen(true); // this tab's own, echoed: known, nothing read
    await settle();
    expect(loadFeedPage.calls).toHaveLength(1);
    seen(false);
    expect(selectPostById(a.posts.getSnapshot(), 'kept')?.bookmarkedByMe).toBe(false);
    seen(true);
    await settle();
    expect(selectPostById(a.posts.getSnapshot(), 'kept')?.bookmarkedByMe).toBe(true);
    seen(true, 'not-held'); // made on another device: the bookmarks read their first page on top
    await settle();
    expect(loadFeedPage.calls.map((call) => call.feed.kind)).toEqual([
      'bookmarks',
      'bookmarks',
      'bookmarks',
    ]);
  });

  it('stopping the root stops every machine', () => {
    const a = wired();
    a.root.stop();
    for (const id of SYSTEM_IDS) expect(a[id].getSnapshot().status, id).toBe('stopped');
  });
});

describe('the app system: the session is handed on', () => {
  it('signing out clears the pending likes, follows and bookmarks', async () => {
    const likePost = controlled<PostResponse, PostInput>();
    const followPerson = controlled<PersonResponse, FollowInput>();
    const bookmarkPost = controlled<PostResponse, PostInput>();
    const a = wired({
      posts: { likePost: likePost.logic, bookmarkPost: bookmarkPost.logic },
      people: { followPerson: followPerson.logic },
    });
    a.posts.send({ type: 'FEED.OPEN', feed: HOME });
    a.people.send({ type: 'LIST.OPEN', list: SUGGESTED });
    await settle();
    a.posts.send({ type: 'TOGGLE_LIKE', postId: 'p1' });
    a.people.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    a.posts.send({ type: 'TOGGLE_BOOKMARK', postId: 'p1' });
    expect(isLikePending(a.posts.getSnapshot(), 'p1')).toBe(true);
    expect(isBookmarkPending(a.posts.getSnapshot(), 'p1')).toBe(true);
    expect(selectPostById(a.posts.getSnapshot(), 'p1')?.bookmarkedByMe).toBe(true);
    expect(selectPendingCount(a.posts.getSnapshot())).toBe(2);
    expect(isFollowPending(a.people.getSnapshot(), alice._id)).toBe(true);
    expect(selectFollowsPendingCount(a.people.getSnapshot())).toBe(1);

    a.session.send({ type: 'LOGOUT' });
    await settle();
    expect(isLikePending(a.posts.getSnapshot(), 'p1')).toBe(false);
    expect(selectPendingCount(a.posts.getSnapshot())).toBe(0);
    expect(isFollowPending(a.people.getSnapshot(), alice._id)).toBe(false);
    expect(isBookmarkPending(a.posts.getSnapshot(), 'p1')).toBe(false);
    expect(selectFollowsPendingCount(a.people.getSnapshot())).toBe(0);
    // The people read are forgotten too.
    expect(selectPersonById(a.people.getSnapshot(), alice._id)).toBeNull();
    // The records and the feeds are forgotten: the next session reads the server's current ones.
    expect(selectPostById(a.posts.getSnapshot(), 'p1')).toBeUndefined();
    expect(a.posts.getSnapshot().children[feedId(HOME)]).toBeUndefined();

    // Signed out, the toggles queue nothing, even for a post the store holds.
    a.posts.send({ type: 'FEED.OPEN', feed: { kind: 'latest' } });
    await settle();
    expect(selectPostById(a.posts.getSnapshot(), 'p1')).toEqual(post);
    a.posts.send({ type: 'TOGGLE_LIKE', postId: 'p1' });
    expect(selectPendingCount(a.posts.getSnapshot())).toBe(0);
    expect(likePost.calls).toHaveLength(1);
  });

  it("a new session's token is the one the next calls use", async () => {
    const NEW_TOKEN = 'token-of-the-next-session';
    const login = answering<LoginResponse, LoginRequest>(() => ({
      foundUser: me,
      encodedToken: NEW_TOKEN,
    }));
    const likePost = answering<PostResponse, PostInput>(() => ({ post }));
    const followPerson = controlled<PersonResponse, FollowInput>();
    const savePost = controlled<PostResponse, SavePostInput>();
    const loadFeedPage = onePage();
    const a = wired({
      authForms: { login: login.logic },
      posts: { likePost: likePost.logic },
      people: { followPerson: followPerson.logic },
      postDialog: { savePost: savePost.logic },
      feed: { loadFeedPage: loadFeedPage.logic },
    });
    a.posts.send({ type: 'FEED.OPEN', feed: HOME });
    a.people.send({ type: 'LIST.OPEN', list: SUGGESTED });
    await settle();
    a.posts.send({ type: 'TOGGLE_LIKE', postId: 'p1' });
    await settle();
    expect(likePost.calls).toEqual([{ postId: 'p1', token: TOKEN }]);

    a.session.send({ type: 'LOGOUT' });
    await settle();
    a.authForms.send({ type: 'LOGIN', username: 'me', password: 'secret1' });
    await settle();
    expect(selectIsSignedIn(a.session.getSnapshot())).toBe(true);

    a.posts.send({ type: 'FEED.OPEN', feed: HOME });
    a.people.send({ type: 'LIST.OPEN', list: SUGGESTED });
    await settle();
    // The feed the last session opened was stopped with it: this one reads with the new token.
    expect(loadFeedPage.calls.map((call) => call.token)).toEqual([TOKEN, NEW_TOKEN]);
    a.posts.send({ type: 'TOGGLE_LIKE', postId: 'p1' });
    a.people.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    a.postDialog.send({ type: 'OPEN_CREATE' });
    a.postDialog.send({ type: 'CHANGE_TEXT', text: 'Hello again' });
    a.postDialog.send({ type: 'SUBMIT' });
    await settle();
    expect(likePost.calls[1]).toEqual({ postId: 'p1', token: NEW_TOKEN });
    expect(followPerson.calls).toEqual([{ userId: alice._id, token: NEW_TOKEN }]);
    expect(savePost.calls).toEqual([
      { postId: null, postData: { content: 'Hello again' }, token: NEW_TOKEN },
    ]);
  });
});

const SYSTEM_IDS: readonly SystemId[] = [
  'session',
  'authForms',
  'profile',
  'demo',
  'posts',
  'people',
  'postDialog',
  'changePassword',
  'search',
  'sorting',
  'appearance',
];

describe('the app system: its shape', () => {
  it('the root starts every machine under its systemId', () => {
    const a = wired();
    for (const id of SYSTEM_IDS) {
      const actor = a.root.system.get(id) as { getSnapshot: () => { status: string } } | undefined;
      expect(actor, id).toBe(a[id]);
      expect(actor?.getSnapshot().status, id).toBe('active');
    }
  });

  it('login: the forms start the session, which hands its token to posts (SESSION)', async () => {
    const NEW_TOKEN = 'token-of-this-login';
    const login = controlled<LoginResponse, LoginRequest>();
    const likePost = answering<PostResponse, PostInput>(() => ({ post }));
    const a = wired(
      { authForms: { login: login.logic }, posts: { likePost: likePost.logic } },
      memoryStorage(),
    );
    expect(selectIsSignedIn(a.session.getSnapshot())).toBe(false);
    a.authForms.send({
      type: 'LOGIN',
      username: ' me ',
      password: 'secret1',
      from: '/bookmark-page',
    });
    expect(login.calls).toEqual([{ username: 'me', password: 'secret1' }]);
    await login.resolve({ foundUser: me, encodedToken: NEW_TOKEN });
    expect(selectIsSignedIn(a.session.getSnapshot())).toBe(true);
    expect(a.storage.data.get(AUTH_STORAGE_KEYS.token)).toBe(NEW_TOKEN);
    expect(a.visits).toEqual(['/bookmark-page']);
    expect(a.notes).toEqual([{ type: 'notify', kind: 'success', message: 'Login successfully' }]);
    a.posts.send({ type: 'FEED.OPEN', feed: HOME });
    await settle();
    a.posts.send({ type: 'TOGGLE_LIKE', postId: 'p1' });
    await settle();
    expect(likePost.calls).toEqual([{ postId: 'p1', token: NEW_TOKEN }]);
  });

  it("another tab's logout (the stored session removed) signs this tab out", () => {
    const a = wired();
    expect(selectIsSignedIn(a.session.getSnapshot())).toBe(true);
    a.storage.removeItem(AUTH_STORAGE_KEYS.token);
    a.storage.removeItem(AUTH_STORAGE_KEYS.user);
    a.session.send({ type: 'STORED_SESSION_CHANGED' });
    expect(selectIsSignedIn(a.session.getSnapshot())).toBe(false);
    expect(a.visits).toEqual(['/']);
    expect(a.notes).toEqual([
      { type: 'notify', kind: 'info', message: 'You logged out in another tab.' },
    ]);
  });

  it('a profile save: the session takes the user, and their card shows it', async () => {
    const edited = { ...me, bio: 'Edited, with @bob' };
    const editUser = controlled<UserResponse, EditUserInput>();
    // The server as it stands: the bio saved, and which of its @mentions are someone's.
    let stored = personOf(me);
    const loadPeople = answering<PersonResponse | PersonPage, PeopleReadInput>(() => ({
      person: stored,
    }));
    const a = wired({
      profile: { editUser: editUser.logic },
      peopleRead: { loadPeople: loadPeople.logic },
    });
    a.people.send({ type: 'PERSON.OPEN', username: me.username });
    await settle();
    expect(loadPeople.calls).toHaveLength(1);
    a.profile.send({ type: 'OPEN' });
    a.profile.send({ type: 'EDIT_PROFILE', userData: { bio: edited.bio } });
    expect(selectProfileIsSaving(a.profile.getSnapshot())).toBe(true);
    expect(editUser.calls).toEqual([{ userData: { bio: edited.bio }, token: TOKEN }]);
    stored = { ...personOf(edited), mentions: ['bob'] };
    await editUser.resolve({ user: edited });
    await settle();
    expect(selectUser(a.session.getSnapshot())).toEqual(edited);
    expect(JSON.parse(a.storage.data.get(AUTH_STORAGE_KEYS.user) ?? 'null')).toEqual(edited);
    // people.PERSON.EDITED: the card takes the new words at once, and reads the person again
    // for which of the bio's @mentions link (only the server knows whose names they are).
    expect(selectPersonById(a.people.getSnapshot(), me._id)?.bio).toBe(edited.bio);
    expect(loadPeople.calls.map((call) => call.request)).toEqual([
      { kind: 'person', username: me.username },
      { kind: 'person', username: me.username },
    ]);
    expect(selectPersonById(a.people.getSnapshot(), me._id)?.mentions).toEqual(['bob']);
    expect(a.notes).toEqual([{ type: 'notify', kind: 'success', message: 'Profile updated!' }]);
  });

  // The RELOAD a profile save sends to posts reads every open feed again: their posts carry the
  // author's name and avatar.
  it('a profile save reads the open feeds again (their posts carry the author)', async () => {
    const editUser = controlled<UserResponse, EditUserInput>();
    const loadFeedPage = onePage();
    const a = wired({
      profile: { editUser: editUser.logic },
      feed: { loadFeedPage: loadFeedPage.logic },
    });
    a.posts.send({ type: 'FEED.OPEN', feed: HOME });
    await settle();
    expect(loadFeedPage.calls).toHaveLength(1);
    a.profile.send({ type: 'OPEN' });
    a.profile.send({ type: 'EDIT_PROFILE', userData: { bio: 'Edited' } });
    await editUser.resolve({ user: { ...me, bio: 'Edited' } });
    await settle();
    expect(loadFeedPage.calls).toHaveLength(2);
  });

  it('a demo reset ends the session with its notice; a 401 there expires it', async () => {
    const resetDemoData = controlled<MessageResponse, TokenInput>();
    const a = wired({ demo: { resetDemoData: resetDemoData.logic } });
    a.demo.send({ type: 'RESET_DEMO' });
    expect(resetDemoData.calls).toEqual([{ token: TOKEN }]);
    await resetDemoData.resolve({ message: 'Demo data restored.' });
    expect(selectIsSignedIn(a.session.getSnapshot())).toBe(false);
    expect(a.notes).toEqual([
      { type: 'notify', kind: 'info', message: 'Demo data restored. Log in again to continue.' },
    ]);

    const b = wired({
      demo: { resetDemoData: failing<MessageResponse, TokenInput>(unauthorized()).logic },
    });
    b.demo.send({ type: 'RESET_DEMO' });
    await settle();
    expect(selectIsSignedIn(b.session.getSnapshot())).toBe(false);
    expect(b.notes).toEqual([expired]);
  });
});
