import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type {
  BookmarksResponse,
  FollowResponse,
  User,
  UsersResponse,
} from '../../../src/api/types';
import {
  isBookmarkPending,
  isFollowPending,
  selectBookmarkIds,
  selectBookmarksError,
  selectBookmarksStatus,
  selectUsers,
  selectUsersError,
  selectUsersPendingCount,
  selectUsersStatus,
  usersMachine,
  type FollowInput,
  type PostInput,
  type Session,
  type TokenInput,
  type UsersEmitted,
} from '../../../src/machines';
import {
  alice,
  answering,
  bob,
  controlled,
  failing,
  makePost,
  me,
  recordEmitted,
  refused,
  settle,
  signedIn,
  signedOut,
  summary,
  TOKEN,
  unauthorized,
} from './fixtures';

type Actors = Parameters<typeof usersMachine.provide>[0]['actors'];

function start(actors: Actors = {}, session: Session = signedIn()) {
  const actor = createActor(usersMachine.provide({ actors }), { input: { session } });
  const emitted = recordEmitted<UsersEmitted>(actor);
  actor.start();
  return { actor, emitted };
}

const users = [me, alice, bob];
const post1 = makePost('p1', summary(alice));
const post2 = makePost('p2', summary(bob));

/** After a follow of alice, as the server answers it. */
const meFollowingAlice: User = { ...me, following: [summary(alice)] };
const aliceFollowedByMe: User = { ...alice, followers: [summary(me)] };
const followAnswer: FollowResponse = {
  user: meFollowingAlice,
  followUser: aliceFollowedByMe,
  users: [meFollowingAlice, aliceFollowedByMe, bob],
};

async function loaded(actors: Actors = {}, session: Session = signedIn()) {
  const loadUsers = answering<UsersResponse>(() => ({ users }));
  const started = start({ loadUsers: loadUsers.logic, ...actors }, session);
  started.actor.send({ type: 'LOAD' });
  await settle();
  return started;
}

describe('users: the list', () => {
  it('idle → loading → success', async () => {
    const loadUsers = controlled<UsersResponse>();
    const { actor } = start({ loadUsers: loadUsers.logic });
    expect(selectUsersStatus(actor.getSnapshot())).toBe('idle');
    actor.send({ type: 'RETRY' });
    expect(selectUsersStatus(actor.getSnapshot())).toBe('idle');
    actor.send({ type: 'LOAD' });
    expect(selectUsersStatus(actor.getSnapshot())).toBe('loading');
    await loadUsers.resolve({ users });
    expect(selectUsersStatus(actor.getSnapshot())).toBe('success');
    expect(selectUsers(actor.getSnapshot())).toEqual(users);
  });

  it('failed with the message, RETRY goes back through loading', async () => {
    const loadUsers = controlled<UsersResponse>();
    const { actor, emitted } = start({ loadUsers: loadUsers.logic });
    actor.send({ type: 'LOAD' });
    await loadUsers.reject(refused('Boom', 500));
    expect(selectUsersStatus(actor.getSnapshot())).toBe('failed');
    expect(selectUsersError(actor.getSnapshot())).toBe('Boom');
    actor.send({ type: 'RETRY' });
    expect(selectUsersStatus(actor.getSnapshot())).toBe('loading');
    await loadUsers.resolve({ users });
    expect(selectUsersStatus(actor.getSnapshot())).toBe('success');
    expect(selectUsersError(actor.getSnapshot())).toBeNull();
    expect(emitted).toEqual([]);
  });
});

describe('users: follow / unfollow', () => {
  it('follow shows on both sides at once, then takes the server users and hands over the user', async () => {
    const followUser = controlled<FollowResponse, FollowInput>();
    const { actor, emitted } = await loaded({ followUser: followUser.logic });
    actor.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    expect(followUser.calls).toEqual([{ followUserId: alice._id, token: TOKEN }]);
    expect(isFollowPending(actor.getSnapshot(), alice._id)).toBe(true);
    const shown = selectUsers(actor.getSnapshot());
    expect(shown.find((u) => u._id === alice._id)?.followers).toEqual([summary(me)]);
    expect(shown.find((u) => u._id === me._id)?.following).toEqual([summary(alice)]);
    expect(shown.find((u) => u._id === bob._id)).toBe(bob);

    await followUser.resolve(followAnswer);
    expect(selectUsers(actor.getSnapshot())).toEqual(followAnswer.users);
    expect(isFollowPending(actor.getSnapshot(), alice._id)).toBe(false);
    expect(emitted).toEqual([{ type: 'userUpdated', user: meFollowingAlice }]);
  });

  it('a refused follow rolls back and notifies the server message', async () => {
    const followUser = failing<FollowResponse, FollowInput>(refused('User Already following'));
    const { actor, emitted } = await loaded({ followUser: followUser.logic });
    actor.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    await settle();
    expect(selectUsers(actor.getSnapshot())).toEqual(users);
    expect(emitted).toEqual([{ type: 'notify', kind: 'error', message: 'User Already following' }]);
  });

  it('unfollow removes both sides at once and rolls back on refusal', async () => {
    const unfollowUser = controlled<FollowResponse, FollowInput>();
    const loadUsers = answering<UsersResponse>(() => ({ users: followAnswer.users }));
    const { actor, emitted } = start({
      loadUsers: loadUsers.logic,
      unfollowUser: unfollowUser.logic,
    });
    actor.send({ type: 'LOAD' });
    await settle();
    actor.send({ type: 'TOGGLE_FOLLOW', userId: alice._id }); // me follows alice: unfollow
    expect(unfollowUser.calls).toEqual([{ followUserId: alice._id, token: TOKEN }]);
    const shown = selectUsers(actor.getSnapshot());
    expect(shown.find((u) => u._id === alice._id)?.followers).toEqual([]);
    expect(shown.find((u) => u._id === me._id)?.following).toEqual([]);
    await unfollowUser.reject(refused('User already not following'));
    expect(selectUsers(actor.getSnapshot())).toEqual(followAnswer.users);
    expect(emitted).toEqual([
      { type: 'notify', kind: 'error', message: 'User already not following' },
    ]);
  });

  it('an unfollow that succeeds takes the server users and hands over the user', async () => {
    const unfollowUser = answering<FollowResponse, FollowInput>(() => ({
      user: me,
      followUser: alice,
      users,
    }));
    const loadUsers = answering<UsersResponse>(() => ({ users: followAnswer.users }));
    const { actor, emitted } = start({
      loadUsers: loadUsers.logic,
      unfollowUser: unfollowUser.logic,
    });
    actor.send({ type: 'LOAD' });
    await settle();
    actor.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    await settle();
    expect(selectUsers(actor.getSnapshot())).toEqual(users);
    expect(emitted).toEqual([{ type: 'userUpdated', user: me }]);
  });

  it('a double click sends one call; a 401 emits sessionExpired', async () => {
    const followUser = controlled<FollowResponse, FollowInput>();
    const { actor, emitted } = await loaded({ followUser: followUser.logic });
    actor.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    actor.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    actor.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    expect(followUser.calls).toHaveLength(1);
    await followUser.reject(unauthorized());
    expect(selectUsers(actor.getSnapshot())).toEqual(users);
    expect(emitted).toEqual([{ type: 'sessionExpired' }]);
  });

  it('TOGGLE_FOLLOW of someone not in the list, and anything without a session, sends nothing', async () => {
    const followUser = controlled<FollowResponse, FollowInput>();
    const { actor } = await loaded({ followUser: followUser.logic });
    actor.send({ type: 'TOGGLE_FOLLOW', userId: 'nobody' });
    const out = await loaded({ followUser: followUser.logic }, signedOut());
    out.actor.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    out.actor.send({ type: 'TOGGLE_BOOKMARK', postId: post1._id });
    out.actor.send({ type: 'BOOKMARKS.LOAD' });
    expect(followUser.calls).toEqual([]);
    expect(selectBookmarksStatus(out.actor.getSnapshot())).toBe('idle');
  });

  it('TOGGLE_FOLLOW follows, then unfollows once the answer says the user follows', async () => {
    const followUser = controlled<FollowResponse, FollowInput>();
    const unfollowUser = controlled<FollowResponse, FollowInput>();
    const { actor } = await loaded({
      followUser: followUser.logic,
      unfollowUser: unfollowUser.logic,
    });
    actor.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    await followUser.resolve(followAnswer);
    actor.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    expect(followUser.calls).toEqual([{ followUserId: alice._id, token: TOKEN }]);
    expect(unfollowUser.calls).toEqual([{ followUserId: alice._id, token: TOKEN }]);
    expect(selectUsers(actor.getSnapshot()).find((u) => u._id === alice._id)?.followers).toEqual(
      [],
    );
    await unfollowUser.resolve({ user: me, followUser: alice, users });
    expect(selectUsers(actor.getSnapshot())).toEqual(users);
    expect(isFollowPending(actor.getSnapshot(), alice._id)).toBe(false);
  });
});

describe('users: bookmarks', () => {
  it('load: idle → loading → success, with the token', async () => {
    const loadBookmarks = controlled<BookmarksResponse, TokenInput>();
    const { actor, emitted } = start({ loadBookmarks: loadBookmarks.logic });
    expect(selectBookmarksStatus(actor.getSnapshot())).toBe('idle');
    actor.send({ type: 'BOOKMARKS.LOAD' });
    expect(selectBookmarksStatus(actor.getSnapshot())).toBe('loading');
    expect(loadBookmarks.calls).toEqual([{ token: TOKEN }]);
    await loadBookmarks.resolve({ bookmarks: [post1] });
    expect(selectBookmarksStatus(actor.getSnapshot())).toBe('success');
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post1._id]);
    // The posts themselves go to the posts store, which keeps every post once.
    expect(emitted).toEqual([{ type: 'bookmarksRead', posts: [post1] }]);
  });

  it('load failure: failed, notified; BOOKMARKS.RETRY reloads; a 401 expires the session', async () => {
    const loadBookmarks = controlled<BookmarksResponse, TokenInput>();
    const { actor, emitted } = start({ loadBookmarks: loadBookmarks.logic });
    actor.send({ type: 'BOOKMARKS.LOAD' });
    await loadBookmarks.reject(refused('Boom', 500));
    expect(selectBookmarksStatus(actor.getSnapshot())).toBe('failed');
    expect(selectBookmarksError(actor.getSnapshot())).toBe('Boom');
    actor.send({ type: 'BOOKMARKS.RETRY' });
    expect(selectBookmarksStatus(actor.getSnapshot())).toBe('loading');
    await loadBookmarks.reject(unauthorized());
    expect(emitted).toEqual([
      { type: 'notify', kind: 'error', message: 'Boom' },
      { type: 'sessionExpired' },
    ]);
    const withSession = start({ loadBookmarks: loadBookmarks.logic });
    withSession.actor.send({ type: 'BOOKMARKS.LOAD' });
    await loadBookmarks.reject(refused('Boom', 500));
    // A sign-out ends the session: the failed load is forgotten and nothing is retried without one.
    withSession.actor.send({ type: 'SESSION', session: signedOut() });
    withSession.actor.send({ type: 'BOOKMARKS.RETRY' });
    withSession.actor.send({ type: 'BOOKMARKS.LOAD' });
    expect(selectBookmarksStatus(withSession.actor.getSnapshot())).toBe('idle');
    expect(selectBookmarksError(withSession.actor.getSnapshot())).toBeNull();
    expect(loadBookmarks.calls).toHaveLength(3);

    actor.send({ type: 'BOOKMARKS.RETRY' });
    await loadBookmarks.resolve({ bookmarks: [] });
    expect(selectBookmarksStatus(actor.getSnapshot())).toBe('success');
    expect(selectBookmarksError(actor.getSnapshot())).toBeNull();
  });

  it('bookmark shows at once and the server bookmarks replace the list', async () => {
    const bookmarkPost = controlled<BookmarksResponse, PostInput>();
    const { actor } = start({ bookmarkPost: bookmarkPost.logic });
    actor.send({ type: 'TOGGLE_BOOKMARK', postId: post1._id });
    actor.send({ type: 'TOGGLE_BOOKMARK', postId: post1._id }); // double click
    expect(bookmarkPost.calls).toEqual([{ postId: 'p1', token: TOKEN }]);
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post1._id]);
    expect(isBookmarkPending(actor.getSnapshot(), 'p1')).toBe(true);
    await bookmarkPost.resolve({ bookmarks: [post2, post1] });
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post2._id, post1._id]);
    expect(isBookmarkPending(actor.getSnapshot(), 'p1')).toBe(false);
  });

  it('a first load read before a bookmark was answered does not undo it: it is read again', async () => {
    const loadBookmarks = controlled<BookmarksResponse, TokenInput>();
    const bookmarkPost = controlled<BookmarksResponse, PostInput>();
    const { actor } = start({
      loadBookmarks: loadBookmarks.logic,
      bookmarkPost: bookmarkPost.logic,
    });
    actor.send({ type: 'BOOKMARKS.LOAD' }); // read by the server before the bookmark
    actor.send({ type: 'TOGGLE_BOOKMARK', postId: post1._id });
    await bookmarkPost.resolve({ bookmarks: [post1] });
    expect(loadBookmarks.calls).toHaveLength(2); // asked again once the bookmark was answered
    await loadBookmarks.resolve({ bookmarks: [] }, 0); // the first answer arrives late: dropped
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post1._id]);
    await loadBookmarks.resolve({ bookmarks: [post1] }, 1);
    expect(selectBookmarksStatus(actor.getSnapshot())).toBe('success');
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post1._id]);
  });

  it('a refused bookmark rolls back and notifies', async () => {
    const bookmarkPost = failing<BookmarksResponse, PostInput>(
      refused('This Post is already bookmarked'),
    );
    const { actor, emitted } = start({ bookmarkPost: bookmarkPost.logic });
    actor.send({ type: 'TOGGLE_BOOKMARK', postId: post1._id });
    await settle();
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([]);
    expect(emitted).toEqual([
      { type: 'notify', kind: 'error', message: 'This Post is already bookmarked' },
    ]);
  });

  it('remove shows at once, rolls back when refused, and replaces on success', async () => {
    const loadBookmarks = answering<BookmarksResponse, TokenInput>(() => ({
      bookmarks: [post1, post2],
    }));
    const removeBookmark = controlled<BookmarksResponse, PostInput>();
    const { actor, emitted } = start({
      loadBookmarks: loadBookmarks.logic,
      removeBookmark: removeBookmark.logic,
    });
    actor.send({ type: 'BOOKMARKS.LOAD' });
    await settle();
    actor.send({ type: 'TOGGLE_BOOKMARK', postId: post1._id }); // bookmarked: remove
    expect(removeBookmark.calls).toEqual([{ postId: 'p1', token: TOKEN }]);
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post2._id]);
    await removeBookmark.reject(refused('Post not bookmarked yet'));
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post1._id, post2._id]);
    expect(emitted).toEqual([
      { type: 'bookmarksRead', posts: [post1, post2] }, // the load's posts, for the posts store
      { type: 'notify', kind: 'error', message: 'Post not bookmarked yet' },
    ]);

    actor.send({ type: 'TOGGLE_BOOKMARK', postId: post1._id });
    await removeBookmark.resolve({ bookmarks: [post2] });
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post2._id]);
  });

  it('TOGGLE_BOOKMARK bookmarks a post, then removes it once it is bookmarked', async () => {
    const bookmarkPost = controlled<BookmarksResponse, PostInput>();
    const removeBookmark = controlled<BookmarksResponse, PostInput>();
    const { actor } = start({
      bookmarkPost: bookmarkPost.logic,
      removeBookmark: removeBookmark.logic,
    });
    actor.send({ type: 'TOGGLE_BOOKMARK', postId: post1._id });
    await bookmarkPost.resolve({ bookmarks: [post1] });
    actor.send({ type: 'TOGGLE_BOOKMARK', postId: post1._id });
    expect(bookmarkPost.calls).toEqual([{ postId: 'p1', token: TOKEN }]);
    expect(removeBookmark.calls).toEqual([{ postId: 'p1', token: TOKEN }]);
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([]);
    await removeBookmark.resolve({ bookmarks: [] });
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([]);
    expect(isBookmarkPending(actor.getSnapshot(), 'p1')).toBe(false);
  });

  it('follow and bookmark calls queue behind each other', async () => {
    const followUser = controlled<FollowResponse, FollowInput>();
    const bookmarkPost = controlled<BookmarksResponse, PostInput>();
    const { actor } = await loaded({
      followUser: followUser.logic,
      bookmarkPost: bookmarkPost.logic,
    });
    actor.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    actor.send({ type: 'TOGGLE_BOOKMARK', postId: post1._id });
    expect(bookmarkPost.calls).toEqual([]);
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post1._id]);
    // The follow answer does not wipe the pending bookmark.
    await followUser.resolve(followAnswer);
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post1._id]);
    expect(bookmarkPost.calls).toHaveLength(1);
    await bookmarkPost.resolve({ bookmarks: [post1] });
    expect(selectUsersPendingCount(actor.getSnapshot())).toBe(0);
  });

  it('a session that ends forgets bookmarks and pending calls; late answers are ignored', async () => {
    const loadBookmarks = answering<BookmarksResponse, TokenInput>(() => ({ bookmarks: [post2] }));
    const bookmarkPost = controlled<BookmarksResponse, PostInput>();
    const followUser = controlled<FollowResponse, FollowInput>();
    const { actor, emitted } = await loaded({
      loadBookmarks: loadBookmarks.logic,
      bookmarkPost: bookmarkPost.logic,
      followUser: followUser.logic,
    });
    actor.send({ type: 'BOOKMARKS.LOAD' });
    await settle();
    actor.send({ type: 'TOGGLE_BOOKMARK', postId: post1._id });
    actor.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    actor.send({ type: 'SESSION', session: signedOut() });
    const snapshot = actor.getSnapshot();
    expect(selectUsersStatus(snapshot)).toBe('idle');
    expect(selectBookmarksStatus(snapshot)).toBe('idle');
    expect(selectUsersPendingCount(snapshot)).toBe(0);
    expect(selectBookmarkIds(snapshot)).toEqual([]);
    expect(selectUsers(snapshot)).toEqual(users);
    await bookmarkPost.resolve({ bookmarks: [post2, post1] }, 0);
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([]);
    expect(followUser.calls).toEqual([]);
    // Only the load's posts were handed on; nothing about the dropped calls.
    expect(emitted).toEqual([{ type: 'bookmarksRead', posts: [post2] }]);
  });
});

describe('users: changed in another tab', () => {
  it('reads the users and the bookmarks again quietly, both staying shown meanwhile', async () => {
    const loadUsers = controlled<UsersResponse>();
    const loadBookmarks = controlled<BookmarksResponse, TokenInput>();
    const { actor, emitted } = start({
      loadUsers: loadUsers.logic,
      loadBookmarks: loadBookmarks.logic,
    });
    actor.send({ type: 'LOAD' });
    actor.send({ type: 'BOOKMARKS.LOAD' });
    await loadUsers.resolve({ users });
    await loadBookmarks.resolve({ bookmarks: [post1] });

    actor.send({ type: 'CHANGED_ELSEWHERE' });
    expect(loadUsers.calls).toHaveLength(2);
    expect(loadBookmarks.calls).toHaveLength(2);
    expect(selectUsersStatus(actor.getSnapshot())).toBe('success');
    expect(selectBookmarksStatus(actor.getSnapshot())).toBe('success');
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post1._id]);

    await loadUsers.resolve({ users: followAnswer.users });
    await loadBookmarks.resolve({ bookmarks: [post1, post2] });
    expect(selectUsers(actor.getSnapshot())).toEqual(followAnswer.users);
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post1._id, post2._id]);
    // Each read's posts are handed on to the posts store: no toast.
    expect(emitted).toEqual([
      { type: 'bookmarksRead', posts: [post1] },
      { type: 'bookmarksRead', posts: [post1, post2] },
    ]);
  });

  it('keeps the bookmarks, silently, when the quiet read fails, and asks again after an own action', async () => {
    const loadBookmarks = controlled<BookmarksResponse, TokenInput>();
    const bookmarkPost = controlled<BookmarksResponse, { postId: string; token: string }>();
    const { actor, emitted } = start({
      loadBookmarks: loadBookmarks.logic,
      bookmarkPost: bookmarkPost.logic,
    });
    actor.send({ type: 'BOOKMARKS.LOAD' });
    await loadBookmarks.resolve({ bookmarks: [post1] });
    actor.send({ type: 'CHANGED_ELSEWHERE' });
    await loadBookmarks.reject(unauthorized());
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post1._id]);
    expect(selectBookmarksStatus(actor.getSnapshot())).toBe('success');
    // The first read's posts only: the failed quiet read says nothing.
    expect(emitted).toEqual([{ type: 'bookmarksRead', posts: [post1] }]);

    actor.send({ type: 'TOGGLE_BOOKMARK', postId: post2._id });
    actor.send({ type: 'CHANGED_ELSEWHERE' });
    expect(loadBookmarks.calls).toHaveLength(3);
    await bookmarkPost.resolve({ bookmarks: [post1, post2] });
    expect(loadBookmarks.calls).toHaveLength(4);
    await loadBookmarks.resolve({ bookmarks: [post1] }, 2); // served before the bookmark: ignored
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post1._id, post2._id]);
  });

  it('does not read bookmarks that were never loaded', () => {
    const loadBookmarks = controlled<BookmarksResponse, TokenInput>();
    const { actor } = start({ loadBookmarks: loadBookmarks.logic });
    actor.send({ type: 'CHANGED_ELSEWHERE' });
    expect(loadBookmarks.calls).toHaveLength(0);
  });
});
