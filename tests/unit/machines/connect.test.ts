/** `connectActors`: the one place the machines' emitted events are forwarded. */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { FollowResponse, PostsResponse, UsersResponse } from '../../../src/api/types';
import {
  AUTH_STORAGE_KEYS,
  authMachine,
  connectActors,
  postDialogMachine,
  postsMachine,
  selectSession,
  sortingMachine,
  usersMachine,
  type CreatePostInput,
  type FollowInput,
  type NotifyEvent,
  type PostInput,
} from '../../../src/machines';
import {
  alice,
  answering,
  failing,
  makePost,
  me,
  memoryStorage,
  settle,
  summary,
  TOKEN,
  unauthorized,
} from './fixtures';

const post = makePost('p1', summary(alice));

function wired(
  effects: {
    likePost?: ReturnType<typeof failing<PostsResponse, PostInput>>['logic'];
    createPost?: ReturnType<typeof failing<PostsResponse, CreatePostInput>>['logic'];
    followUser?: ReturnType<typeof failing<FollowResponse, FollowInput>>['logic'];
  } = {},
) {
  const storage = memoryStorage({
    [AUTH_STORAGE_KEYS.token]: TOKEN,
    [AUTH_STORAGE_KEYS.user]: JSON.stringify(me),
  });
  const auth = createActor(authMachine, { input: { storage } });
  const getSession = () => selectSession(auth.getSnapshot());
  const loadPosts = answering<PostsResponse>(() => ({ posts: [post] }));
  const loadUsers = answering<UsersResponse>(() => ({ users: [me, alice] }));
  const actors = {
    auth,
    posts: createActor(
      postsMachine.provide({
        actors: { loadPosts: loadPosts.logic, ...pick(effects, 'likePost') },
      }),
      { input: { getSession } },
    ),
    users: createActor(
      usersMachine.provide({
        actors: { loadUsers: loadUsers.logic, ...pick(effects, 'followUser') },
      }),
      { input: { getSession } },
    ),
    postDialog: createActor(postDialogMachine.provide({ actors: pick(effects, 'createPost') }), {
      input: { getSession },
    }),
    sorting: createActor(sortingMachine),
  };
  const notes: NotifyEvent[] = [];
  const visits: string[] = [];
  const disconnect = connectActors(actors, {
    onNotify: (event) => notes.push(event),
    onNavigate: (to) => visits.push(to),
  });
  for (const actor of Object.values(actors)) actor.start();
  return { ...actors, notes, visits, disconnect };
}

function pick<T extends object, K extends keyof T>(object: T, key: K): Partial<Pick<T, K>> {
  return object[key] === undefined ? {} : ({ [key]: object[key] } as Pick<T, K>);
}

const expired: NotifyEvent = {
  type: 'notify',
  kind: 'warning',
  message: 'Your session has expired. Please log in again.',
};

describe('connectActors', () => {
  it('a 401 in posts signs out through auth; signing out resets users and closes the dialog', async () => {
    const a = wired({ likePost: failing<PostsResponse, PostInput>(unauthorized()).logic });
    a.posts.send({ type: 'LOAD' });
    a.users.send({ type: 'LOAD' });
    a.postDialog.send({ type: 'OPEN_CREATE' });
    await settle();
    a.posts.send({ type: 'LIKE', postId: 'p1' });
    await settle();
    expect(a.auth.getSnapshot().matches('signedOut')).toBe(true);
    expect(a.postDialog.getSnapshot().matches('closed')).toBe(true);
    expect(a.users.getSnapshot().value).toMatchObject({ bookmarks: 'idle', queue: 'ready' });
    expect(a.notes).toEqual([expired]);
    expect(a.visits).toEqual(['/']);
  });

  it('a 401 in the dialog or in users signs out too', async () => {
    const fromDialog = wired({
      createPost: failing<PostsResponse, CreatePostInput>(unauthorized()).logic,
    });
    fromDialog.postDialog.send({ type: 'OPEN_CREATE' });
    fromDialog.postDialog.send({ type: 'CHANGE_TEXT', text: 'x' });
    fromDialog.postDialog.send({ type: 'SUBMIT' });
    await settle();
    expect(fromDialog.auth.getSnapshot().matches('signedOut')).toBe(true);

    const fromUsers = wired({
      followUser: failing<FollowResponse, FollowInput>(unauthorized()).logic,
    });
    fromUsers.users.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    await settle();
    expect(fromUsers.auth.getSnapshot().matches('signedOut')).toBe(true);
    expect(fromUsers.notes).toEqual([expired]);
  });

  it('a created post replaces the posts list; a follow answer replaces the auth user', async () => {
    const created = makePost('new', summary(me));
    const meFollowing = { ...me, following: [summary(alice)] };
    const a = wired({
      createPost: answering<PostsResponse, CreatePostInput>(() => ({ posts: [post, created] }))
        .logic,
      followUser: answering<FollowResponse, FollowInput>(() => ({
        user: meFollowing,
        followUser: { ...alice, followers: [summary(me)] },
        users: [meFollowing, alice],
      })).logic,
    });
    a.postDialog.send({ type: 'OPEN_CREATE' });
    a.postDialog.send({ type: 'CHANGE_TEXT', text: 'Hello' });
    a.postDialog.send({ type: 'SUBMIT' });
    await settle();
    expect(a.posts.getSnapshot().context.posts).toEqual([post, created]);
    expect(a.posts.getSnapshot().value).toMatchObject({ list: 'success' });

    a.users.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    await settle();
    expect(a.auth.getSnapshot().context.user).toEqual(meFollowing);
    expect(a.notes).toEqual([{ type: 'notify', kind: 'success', message: 'Post created!' }]);
  });

  it('disconnecting stops the forwarding', async () => {
    const a = wired({ likePost: failing<PostsResponse, PostInput>(unauthorized()).logic });
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
