/** `connectActors`: the one place the machines' emitted events are forwarded. */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type {
  BookmarksResponse,
  FollowResponse,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  PostsResponse,
  UsersResponse,
} from '../../../src/api/types';
import {
  AUTH_STORAGE_KEYS,
  authMachine,
  changePasswordMachine,
  connectActors,
  selectChangePasswordOpen,
  isBookmarkPending,
  isFollowPending,
  isLikePending,
  postDialogMachine,
  postsMachine,
  selectBookmarkIds,
  selectDialogIsOpen,
  selectDialogText,
  selectIsSignedIn,
  selectPendingCount,
  selectPosts,
  selectPostsStatus,
  selectUser,
  selectUsersPendingCount,
  searchMachine,
  sortingMachine,
  usersMachine,
  type ChangePasswordInput,
  type FollowInput,
  type NotifyEvent,
  type PostInput,
  type SavePostInput,
  type TokenInput,
} from '../../../src/machines';
import {
  alice,
  answering,
  controlled,
  failing,
  makePost,
  me,
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
  auth?: ActorsOf<typeof authMachine>;
  posts?: ActorsOf<typeof postsMachine>;
  users?: ActorsOf<typeof usersMachine>;
  postDialog?: ActorsOf<typeof postDialogMachine>;
  changePassword?: ActorsOf<typeof changePasswordMachine>;
}

const post = makePost('p1', summary(alice));

/** The five machines as the app wires them, auth restored from storage as signed in. */
function wired(effects: Effects = {}) {
  const storage = memoryStorage({
    [AUTH_STORAGE_KEYS.token]: TOKEN,
    [AUTH_STORAGE_KEYS.user]: JSON.stringify(me),
  });
  const loadPosts = answering<PostsResponse>(() => ({ posts: [post] }));
  const loadUsers = answering<UsersResponse>(() => ({ users: [me, alice] }));
  const actors = {
    auth: createActor(authMachine.provide({ actors: { ...effects.auth } }), { input: { storage } }),
    posts: createActor(
      postsMachine.provide({ actors: { loadPosts: loadPosts.logic, ...effects.posts } }),
      { input: {} },
    ),
    users: createActor(
      usersMachine.provide({ actors: { loadUsers: loadUsers.logic, ...effects.users } }),
      { input: {} },
    ),
    postDialog: createActor(postDialogMachine.provide({ actors: { ...effects.postDialog } }), {
      input: {},
    }),
    sorting: createActor(sortingMachine),
    search: createActor(searchMachine),
    changePassword: createActor(
      changePasswordMachine.provide({ actors: { ...effects.changePassword } }),
      { input: {} },
    ),
  };
  for (const actor of Object.values(actors)) actor.start();
  const notes: NotifyEvent[] = [];
  const visits: string[] = [];
  const disconnect = connectActors(actors, {
    onNotify: (event) => notes.push(event),
    onNavigate: (to) => visits.push(to),
  });
  return { ...actors, notes, visits, disconnect };
}

const expired: NotifyEvent = {
  type: 'notify',
  kind: 'warning',
  message: 'Your session has expired. Please log in again.',
};

describe('connectActors', () => {
  it('a 401 in posts signs out through auth; signing out resets users and closes the dialog', async () => {
    const a = wired({
      posts: { likePost: failing<PostsResponse, PostInput>(unauthorized()).logic },
    });
    a.posts.send({ type: 'LOAD' });
    a.users.send({ type: 'LOAD' });
    a.postDialog.send({ type: 'OPEN_CREATE' });
    await settle();
    a.posts.send({ type: 'LIKE', postId: 'p1' });
    await settle();
    expect(selectIsSignedIn(a.auth.getSnapshot())).toBe(false);
    expect(selectDialogIsOpen(a.postDialog.getSnapshot())).toBe(false);
    expect(selectUsersPendingCount(a.users.getSnapshot())).toBe(0);
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
    // The token restored by auth reached it.
    expect(changePassword.calls).toEqual([
      { currentPassword: 'old-one', newPassword: 'new-one', token: TOKEN },
    ]);
    await changePassword.resolve({ message: 'Password changed.' });
    expect(a.notes).toEqual([{ type: 'notify', kind: 'success', message: 'Password changed.' }]);
    expect(selectIsSignedIn(a.auth.getSnapshot())).toBe(true);

    a.changePassword.send({ type: 'OPEN' });
    a.changePassword.send({ type: 'SUBMIT', ...fields });
    await changePassword.reject(unauthorized());
    expect(selectIsSignedIn(a.auth.getSnapshot())).toBe(false);
    expect(selectChangePasswordOpen(a.changePassword.getSnapshot())).toBe(false);
    expect(a.notes.at(-1)).toEqual(expired);
  });

  it('a 401 in the dialog or in users signs out too', async () => {
    const fromDialog = wired({
      postDialog: { savePost: failing<PostsResponse, SavePostInput>(unauthorized()).logic },
    });
    fromDialog.postDialog.send({ type: 'OPEN_CREATE' });
    fromDialog.postDialog.send({ type: 'CHANGE_TEXT', text: 'x' });
    fromDialog.postDialog.send({ type: 'SUBMIT' });
    await settle();
    expect(selectIsSignedIn(fromDialog.auth.getSnapshot())).toBe(false);

    const fromUsers = wired({
      users: { followUser: failing<FollowResponse, FollowInput>(unauthorized()).logic },
    });
    fromUsers.users.send({ type: 'LOAD' });
    await settle();
    fromUsers.users.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    await settle();
    expect(selectIsSignedIn(fromUsers.auth.getSnapshot())).toBe(false);
    expect(fromUsers.notes).toEqual([expired]);
  });

  it('a created post replaces the posts list; a follow answer replaces the auth user', async () => {
    const created = makePost('new', summary(me));
    const meFollowing = { ...me, following: [summary(alice)] };
    const a = wired({
      postDialog: {
        savePost: answering<PostsResponse, SavePostInput>(() => ({ posts: [post, created] })).logic,
      },
      users: {
        followUser: answering<FollowResponse, FollowInput>(() => ({
          user: meFollowing,
          followUser: { ...alice, followers: [summary(me)] },
          users: [meFollowing, alice],
        })).logic,
      },
    });
    a.postDialog.send({ type: 'OPEN_CREATE' });
    a.postDialog.send({ type: 'CHANGE_TEXT', text: 'Hello' });
    a.postDialog.send({ type: 'SUBMIT' });
    await settle();
    expect(selectPosts(a.posts.getSnapshot())).toEqual([post, created]);
    expect(selectPostsStatus(a.posts.getSnapshot())).toBe('success');

    a.users.send({ type: 'LOAD' });
    await settle();
    a.users.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    await settle();
    expect(selectUser(a.auth.getSnapshot())).toEqual(meFollowing);
    expect(a.notes).toEqual([{ type: 'notify', kind: 'success', message: 'Post created!' }]);
  });

  it("a deleted post's edit draft goes with it: editing it again never brings back its text", async () => {
    const mine = makePost('mine', summary(me), { content: 'As posted' });
    const a = wired({
      posts: {
        loadPosts: answering<PostsResponse>(() => ({ posts: [mine] })).logic,
        deletePost: answering<PostsResponse, PostInput>(() => ({ posts: [] })).logic,
      },
    });
    a.posts.send({ type: 'LOAD' });
    await settle();
    a.postDialog.send({ type: 'OPEN_EDIT', post: mine });
    a.postDialog.send({ type: 'CHANGE_TEXT', text: 'An edit never sent' });
    a.postDialog.send({ type: 'CLOSE' });
    // Kept as a draft: reopening the edit restores it.
    a.postDialog.send({ type: 'OPEN_EDIT', post: mine });
    expect(selectDialogText(a.postDialog.getSnapshot())).toBe('An edit never sent');
    a.postDialog.send({ type: 'CLOSE' });

    a.posts.send({ type: 'DELETE', postId: 'mine' });
    await settle();
    expect(selectPosts(a.posts.getSnapshot())).toEqual([]);
    a.postDialog.send({ type: 'OPEN_EDIT', post: mine });
    expect(selectDialogText(a.postDialog.getSnapshot())).toBe('As posted');
  });

  it('disconnecting stops the forwarding', async () => {
    const a = wired({
      posts: { likePost: failing<PostsResponse, PostInput>(unauthorized()).logic },
    });
    a.disconnect();
    a.posts.send({ type: 'LOAD' });
    await settle();
    a.posts.send({ type: 'LIKE', postId: 'p1' });
    a.auth.send({ type: 'LOGOUT' });
    await settle();
    expect(a.notes).toEqual([]);
    expect(a.visits).toEqual([]);
  });
});

describe('connectActors: the session is forwarded', () => {
  it('signing out clears the pending likes, follows and bookmarks, and the bookmarks', async () => {
    const likePost = controlled<PostsResponse, PostInput>();
    const followUser = controlled<FollowResponse, FollowInput>();
    const bookmarkPost = controlled<BookmarksResponse, PostInput>();
    const loadBookmarks = answering<BookmarksResponse, TokenInput>(() => ({ bookmarks: [post] }));
    const a = wired({
      posts: { likePost: likePost.logic },
      users: {
        followUser: followUser.logic,
        bookmarkPost: bookmarkPost.logic,
        loadBookmarks: loadBookmarks.logic,
      },
    });
    a.posts.send({ type: 'LOAD' });
    a.users.send({ type: 'LOAD' });
    a.users.send({ type: 'BOOKMARKS.LOAD' });
    await settle();
    const other = makePost('p2', summary(alice));
    a.posts.send({ type: 'TOGGLE_LIKE', postId: 'p1' });
    a.users.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    a.users.send({ type: 'TOGGLE_BOOKMARK', postId: other._id });
    expect(isLikePending(a.posts.getSnapshot(), 'p1')).toBe(true);
    expect(selectPendingCount(a.posts.getSnapshot())).toBe(1);
    expect(isFollowPending(a.users.getSnapshot(), alice._id)).toBe(true);
    expect(isBookmarkPending(a.users.getSnapshot(), 'p2')).toBe(true);
    expect(selectUsersPendingCount(a.users.getSnapshot())).toBe(2);
    expect(selectBookmarkIds(a.users.getSnapshot())).toEqual([post._id, other._id]);

    a.auth.send({ type: 'LOGOUT' });
    await settle();
    expect(isLikePending(a.posts.getSnapshot(), 'p1')).toBe(false);
    expect(selectPendingCount(a.posts.getSnapshot())).toBe(0);
    expect(isFollowPending(a.users.getSnapshot(), alice._id)).toBe(false);
    expect(isBookmarkPending(a.users.getSnapshot(), 'p2')).toBe(false);
    expect(selectUsersPendingCount(a.users.getSnapshot())).toBe(0);
    expect(selectBookmarkIds(a.users.getSnapshot())).toEqual([]);
    // The list is forgotten: the next session loads the server's current one.
    expect(selectPostsStatus(a.posts.getSnapshot())).toBe('idle');

    // Signed out, the toggles queue nothing.
    a.posts.send({ type: 'LOAD' });
    await settle();
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
    const likePost = answering<PostsResponse, PostInput>(() => ({ posts: [post] }));
    const followUser = controlled<FollowResponse, FollowInput>();
    const savePost = controlled<PostsResponse, SavePostInput>();
    const a = wired({
      auth: { login: login.logic },
      posts: { likePost: likePost.logic },
      users: { followUser: followUser.logic },
      postDialog: { savePost: savePost.logic },
    });
    a.posts.send({ type: 'LOAD' });
    a.users.send({ type: 'LOAD' });
    await settle();
    a.posts.send({ type: 'TOGGLE_LIKE', postId: 'p1' });
    await settle();
    expect(likePost.calls).toEqual([{ postId: 'p1', token: TOKEN }]);

    a.auth.send({ type: 'LOGOUT' });
    await settle();
    a.auth.send({ type: 'LOGIN', username: 'me', password: 'secret1' });
    await settle();
    expect(selectIsSignedIn(a.auth.getSnapshot())).toBe(true);

    a.posts.send({ type: 'LOAD' });
    a.users.send({ type: 'LOAD' });
    await settle();
    a.posts.send({ type: 'TOGGLE_LIKE', postId: 'p1' });
    a.users.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    a.postDialog.send({ type: 'OPEN_CREATE' });
    a.postDialog.send({ type: 'CHANGE_TEXT', text: 'Hello again' });
    a.postDialog.send({ type: 'SUBMIT' });
    await settle();
    expect(likePost.calls[1]).toEqual({ postId: 'p1', token: NEW_TOKEN });
    expect(followUser.calls).toEqual([{ followUserId: alice._id, token: NEW_TOKEN }]);
    expect(savePost.calls).toEqual([
      { postId: null, postData: { content: 'Hello again' }, token: NEW_TOKEN },
    ]);
  });
});
