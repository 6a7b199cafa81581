import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { PersonPage, PersonResponse } from '../../../src/api/types';
import {
  isFollowPending,
  keptInPlace,
  peopleMachine,
  peopleReadMachine,
  selectFollowsPendingCount,
  selectPeopleList,
  selectPersonById,
  selectPersonByUsername,
  selectPersonStatus,
  SUGGESTED,
  type FollowInput,
  type PeopleEmitted,
  type PeopleReadInput,
  type Session,
} from '../../../src/machines';
import {
  alice,
  bob,
  controlled,
  me,
  personOf,
  recordEmitted,
  refused,
  signedIn,
  signedOut,
  TOKEN,
  unauthorized,
} from './fixtures';

function start(session: Session = signedIn()) {
  const loadPeople = controlled<PersonResponse | PersonPage, PeopleReadInput>();
  const followPerson = controlled<PersonResponse, FollowInput>();
  const unfollowPerson = controlled<PersonResponse, FollowInput>();
  const machine = peopleMachine.provide({
    actors: {
      peopleRead: peopleReadMachine.provide({ actors: { loadPeople: loadPeople.logic } }),
      followPerson: followPerson.logic,
      unfollowPerson: unfollowPerson.logic,
    },
  });
  const actor = createActor(machine, { input: { session } });
  const emitted = recordEmitted<PeopleEmitted>(actor);
  actor.start();
  return { actor, emitted, loadPeople, followPerson, unfollowPerson };
}

const personRead = (username: string): PeopleReadInput => ({
  request: { kind: 'person', username },
  token: TOKEN,
});

describe('people: a person', () => {
  it('reads someone by username with the token; stored, they show at once and read again quietly', async () => {
    const { actor, loadPeople } = start();
    actor.send({ type: 'PERSON.OPEN', username: 'alice' });
    expect(selectPersonStatus(actor.getSnapshot(), 'alice')).toBe('loading');
    expect(loadPeople.calls).toEqual([personRead('alice')]);
    // Opened again while read: one read.
    actor.send({ type: 'PERSON.OPEN', username: 'alice' });
    expect(loadPeople.calls).toHaveLength(1);
    await loadPeople.resolve({ person: personOf(alice, { followerCount: 3 }) });
    expect(selectPersonStatus(actor.getSnapshot(), 'alice')).toBe('ready');
    expect(selectPersonByUsername(actor.getSnapshot(), 'alice')?.followerCount).toBe(3);

    actor.send({ type: 'PERSON.OPEN', username: 'alice' });
    expect(loadPeople.calls).toHaveLength(2);
    expect(selectPersonStatus(actor.getSnapshot(), 'alice')).toBe('ready');
    await loadPeople.resolve({ person: personOf(alice, { followerCount: 4 }) });
    expect(selectPersonById(actor.getSnapshot(), alice._id)?.followerCount).toBe(4);
  });

  it('a username no one has is missing; a failed read is failed until read again', async () => {
    const { actor, loadPeople, emitted } = start();
    actor.send({ type: 'PERSON.OPEN', username: 'nobody' });
    await loadPeople.reject(refused('User not found', 404));
    expect(selectPersonStatus(actor.getSnapshot(), 'nobody')).toBe('missing');
    actor.send({ type: 'PERSON.OPEN', username: 'alice' });
    await loadPeople.reject(new Error('offline'));
    expect(selectPersonStatus(actor.getSnapshot(), 'alice')).toBe('failed');
    actor.send({ type: 'PERSON.OPEN', username: 'alice' });
    expect(selectPersonStatus(actor.getSnapshot(), 'alice')).toBe('loading');
    await loadPeople.resolve({ person: personOf(alice) });
    expect(selectPersonStatus(actor.getSnapshot(), 'alice')).toBe('ready');
    // The page shows where the read failed: no toast.
    expect(emitted).toEqual([]);
  });

  it('a 401 ends the session', async () => {
    const { actor, loadPeople, emitted } = start();
    actor.send({ type: 'PERSON.OPEN', username: 'alice' });
    await loadPeople.reject(unauthorized());
    expect(emitted).toEqual([{ type: 'sessionExpired' }]);
  });
});

describe('people: lists, a page at a time', () => {
  it('reads the first page, then the next from its cursor, adding whom it did not list', async () => {
    const { actor, loadPeople } = start();
    actor.send({ type: 'LIST.OPEN', list: SUGGESTED });
    expect(selectPeopleList(actor.getSnapshot(), SUGGESTED).status).toBe('loading');
    await loadPeople.resolve({ users: [personOf(alice)], next: 'c1' });
    expect(selectPeopleList(actor.getSnapshot(), SUGGESTED)).toMatchObject({
      ids: [alice._id],
      status: 'ready',
      more: 'idle',
    });
    actor.send({ type: 'LIST.MORE', list: SUGGESTED });
    actor.send({ type: 'LIST.MORE', list: SUGGESTED }); // while one is read: nothing more
    expect(loadPeople.calls.slice(1)).toEqual([
      { request: { kind: 'list', list: SUGGESTED, cursor: 'c1' }, token: TOKEN },
    ]);
    expect(selectPeopleList(actor.getSnapshot(), SUGGESTED).more).toBe('loading');
    await loadPeople.resolve({ users: [personOf(alice), personOf(bob)], next: null });
    expect(selectPeopleList(actor.getSnapshot(), SUGGESTED)).toMatchObject({
      ids: [alice._id, bob._id],
      more: 'end',
    });
    actor.send({ type: 'LIST.MORE', list: SUGGESTED }); // the end: nothing to read
    expect(loadPeople.calls).toHaveLength(2);
  });

  it('a failed first page is failed; a failed next page keeps what was read', async () => {
    const list = { kind: 'followers', userId: alice._id } as const;
    const { actor, loadPeople } = start();
    actor.send({ type: 'LIST.OPEN', list });
    await loadPeople.reject(new Error('offline'));
    expect(selectPeopleList(actor.getSnapshot(), list).status).toBe('failed');
    actor.send({ type: 'LIST.OPEN', list });
    await loadPeople.resolve({ users: [personOf(bob)], next: 'c1' });
    actor.send({ type: 'LIST.MORE', list });
    await loadPeople.reject(new Error('offline'));
    expect(selectPeopleList(actor.getSnapshot(), list)).toMatchObject({
      ids: [bob._id],
      status: 'ready',
      more: 'failed',
    });
    actor.send({ type: 'LIST.MORE', list });
    expect(loadPeople.calls.at(-1)?.request).toEqual({ kind: 'list', list, cursor: 'c1' });
  });
});

describe('people: follow and unfollow', () => {
  async function withAliceAndMe() {
    const started = start();
    started.actor.send({ type: 'LIST.OPEN', list: SUGGESTED });
    await started.loadPeople.resolve({
      users: [personOf(alice, { followerCount: 1 }), personOf(me, { followingCount: 2 })],
      next: null,
    });
    return started;
  }

  it('shows at once on both cards, takes the answer, and hands the person on', async () => {
    const { actor, followPerson, emitted } = await withAliceAndMe();
    actor.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    actor.send({ type: 'TOGGLE_FOLLOW', userId: alice._id }); // a double click: one call
    expect(followPerson.calls).toEqual([{ userId: alice._id, token: TOKEN }]);
    expect(isFollowPending(actor.getSnapshot(), alice._id)).toBe(true);
    expect(selectPersonById(actor.getSnapshot(), alice._id)).toMatchObject({
      followedByMe: true,
      followerCount: 2,
    });
    expect(selectPersonById(actor.getSnapshot(), me._id)?.followingCount).toBe(3);
    const answer = personOf(alice, { followedByMe: true, followerCount: 7 });
    await followPerson.resolve({ person: answer });
    expect(selectPersonById(actor.getSnapshot(), alice._id)).toEqual(answer);
    expect(selectPersonById(actor.getSnapshot(), me._id)?.followingCount).toBe(3);
    expect(selectFollowsPendingCount(actor.getSnapshot())).toBe(0);
    expect(emitted).toEqual([{ type: 'followed', person: answer }]);
  });

  it('a refused follow rolls back and says why; a 401 ends the session', async () => {
    const { actor, followPerson, emitted } = await withAliceAndMe();
    actor.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    await followPerson.reject(refused('You are already following this user'));
    expect(selectPersonById(actor.getSnapshot(), alice._id)).toMatchObject({
      followedByMe: false,
      followerCount: 1,
    });
    expect(selectPersonById(actor.getSnapshot(), me._id)?.followingCount).toBe(2);
    actor.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    await followPerson.reject(unauthorized());
    expect(emitted).toEqual([
      { type: 'notify', kind: 'error', message: 'You are already following this user' },
      { type: 'sessionExpired' },
    ]);
  });

  it('unfollows someone followed; someone not read, or no session, sends nothing', async () => {
    const { actor, loadPeople, unfollowPerson, followPerson } = start();
    actor.send({ type: 'PERSON.OPEN', username: 'alice' });
    await loadPeople.resolve({ person: personOf(alice, { followedByMe: true }) });
    actor.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    expect(unfollowPerson.calls).toEqual([{ userId: alice._id, token: TOKEN }]);
    expect(selectPersonById(actor.getSnapshot(), alice._id)?.followedByMe).toBe(false);
    actor.send({ type: 'TOGGLE_FOLLOW', userId: bob._id });
    expect(followPerson.calls).toEqual([]);
    const signedOutApp = start(signedOut());
    signedOutApp.actor.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    expect(signedOutApp.followPerson.calls).toEqual([]);
  });

  it('a read that started before a follow was answered does not undo it', async () => {
    const { actor, loadPeople, followPerson, unfollowPerson } = await withAliceAndMe();
    actor.send({ type: 'PERSON.OPEN', username: 'alice' }); // read 2, before the follow
    actor.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    await followPerson.resolve({ person: personOf(alice, { followedByMe: true }) });
    await loadPeople.resolve({ person: personOf(alice, { followedByMe: false }) });
    expect(selectPersonById(actor.getSnapshot(), alice._id)?.followedByMe).toBe(true);
    // Now followed: the toggle unfollows.
    actor.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    expect(unfollowPerson.calls).toEqual([{ userId: alice._id, token: TOKEN }]);
  });
});

describe('people: the session and changes elsewhere', () => {
  it('a session that ends forgets everyone and every pending follow; late answers are ignored', async () => {
    const { actor, loadPeople, followPerson } = start();
    actor.send({ type: 'LIST.OPEN', list: SUGGESTED });
    await loadPeople.resolve({ users: [personOf(alice)], next: null });
    actor.send({ type: 'PERSON.OPEN', username: 'bob' });
    actor.send({ type: 'TOGGLE_FOLLOW', userId: alice._id });
    actor.send({ type: 'SESSION', session: signedOut() });
    expect(selectPersonById(actor.getSnapshot(), alice._id)).toBeNull();
    expect(selectFollowsPendingCount(actor.getSnapshot())).toBe(0);
    expect(followPerson.calls).toHaveLength(1);
    // The next session reads afresh, under the same read's name; the last session's read, when
    // it answers, is not taken, nor does it end the new one.
    actor.send({ type: 'SESSION', session: signedIn() });
    actor.send({ type: 'PERSON.OPEN', username: 'bob' });
    expect(loadPeople.calls).toHaveLength(3);
    await loadPeople.resolve({ person: personOf(bob, { bio: 'old' }) }, 1);
    expect(selectPersonByUsername(actor.getSnapshot(), 'bob')).toBeNull();
    expect(selectPersonStatus(actor.getSnapshot(), 'bob')).toBe('loading');
    await loadPeople.resolve({ person: personOf(bob, { bio: 'new' }) }, 2);
    expect(selectPersonByUsername(actor.getSnapshot(), 'bob')?.bio).toBe('new');
  });

  it('reads every person and list it holds again; a profile save shows on its card', async () => {
    const { actor, loadPeople } = start();
    actor.send({ type: 'LIST.OPEN', list: SUGGESTED });
    await loadPeople.resolve({ users: [personOf(alice), personOf(me)], next: null });
    actor.send({ type: 'PERSON.OPEN', username: 'bob' });
    await loadPeople.resolve({ person: personOf(bob) });
    actor.send({ type: 'CHANGED_ELSEWHERE' });
    // Whose profile was opened, and each list: not everyone a list named.
    expect(loadPeople.calls.slice(2).map((call) => call.request)).toEqual([
      { kind: 'person', username: 'bob' },
      { kind: 'list', list: SUGGESTED, cursor: null },
    ]);
    expect(selectPeopleList(actor.getSnapshot(), SUGGESTED).status).toBe('ready');

    actor.send({ type: 'PERSON.EDITED', user: { ...me, bio: 'New words' } });
    expect(selectPersonById(actor.getSnapshot(), me._id)?.bio).toBe('New words');
  });
});

describe('people: who to follow keeps one followed from it in place', () => {
  it('puts a kept person the list lacks back where they stood, and leaves a full list as it is', () => {
    const shown = ['a', 'c'];
    expect(keptInPlace(shown, new Set(['b']), ['a', 'b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(keptInPlace(shown, new Set(['b']), ['b', 'a', 'c'])).toEqual(['b', 'a', 'c']);
    expect(keptInPlace(shown, new Set(['z']), ['a', 'c'])).toBe(shown);
    expect(keptInPlace(shown, new Set(), ['a', 'b', 'c'])).toBe(shown);
  });
});
