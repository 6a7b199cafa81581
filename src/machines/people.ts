/**
 * People: each person stored once, by id, as the server last answered them (a `Person`: counts,
 * and whether the signed-in person follows them), beside the posts machine's posts. What reads
 * them:
 *
 * - `PERSON.OPEN` (a profile page): the person by username, shown at once when stored, read
 *   again quietly; a username no one has is 'missing'.
 * - `LIST.OPEN` / `LIST.MORE` (Who to follow, a profile's followers and following): a list of
 *   ids, a page at a time (peopleRecords.ts).
 * - `TOGGLE_FOLLOW`: follow or unfollow on the optimistic queue (optimisticQueue.ts): the person's
 *   card and count change at once; the answer is the one person. `followed` hands it on (the
 *   session's user follows them too; Home's authors changed).
 *
 * Each read runs as a child (`peopleRead`) that reports `PEOPLE.READ` or `PEOPLE.READ_FAILED`.
 * A read that started before a follow was answered does not overwrite the people it holds (it
 * may predate that answer). `CHANGED_ELSEWHERE` (another tab, the live stream) reads what is held
 * again quietly; a session that ends forgets everyone.
 */
import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { ApiError } from '../api/client';
import type { Person, PersonPage, PersonResponse, User } from '../api/types';
import { placeholderActors } from './effects';
import { peopleReadMachine, type PeopleReadEvent, type ReadRun } from './peopleRead';
import type { NotifyEvent } from './notifications';
import * as optimistic from './optimisticQueue';
import {
  followActionOf,
  listFailed,
  listLoading,
  listWithPage,
  peopleListId,
  peopleReadId,
  personEdited,
  storedPeople,
  withFollow,
  withFollowAnswer,
  type FollowAction,
  type PeopleById,
  type PeopleListKey,
  type PeopleListState,
  type PeopleRequest,
} from './peopleRecords';
import { failureEvent, isUnauthorized, NO_SESSION } from './session';
import type { Session, SessionEvent, SessionExpiredEvent } from './session';

/** A person read by username: 'loading' before the first answer, 'missing' when no one has it. */
export type PersonReadStatus = 'loading' | 'failed' | 'missing';

export interface PeopleContext {
  session: Session;
  /** Everyone read, as the server last answered them. */
  confirmed: PeopleById;
  /** What screens show: `confirmed` with the queued follows applied. */
  people: PeopleById;
  byUsername: Readonly<Record<string, string>>;
  /** The usernames whose profile was opened: read again when the data changed elsewhere. */
  opened: Readonly<Record<string, true>>;
  /** Person reads by username that have not answered, or answered with no one. */
  personReads: Readonly<Record<string, PersonReadStatus>>;
  lists: Readonly<Record<string, PeopleListState>>;
  /** The reads in flight, by their child id. */
  reading: Readonly<Record<string, true>>;
  /** How many follows were answered: a read started before the last one may predate it. */
  epoch: number;
  /** Follows not answered yet; `queue[0]` is in flight. */
  queue: FollowAction[];
}

export type PeopleEvent =
  | SessionEvent
  | { type: 'SIGNED_OUT' }
  | { type: 'PERSON.OPEN'; username: string }
  | { type: 'LIST.OPEN'; list: PeopleListKey }
  | { type: 'LIST.MORE'; list: PeopleListKey }
  | { type: 'TOGGLE_FOLLOW'; userId: string }
  /** One's own profile was saved: their card shows the new words and picture. */
  | { type: 'PERSON.EDITED'; user: User }
  /** The data changed elsewhere (another tab, a follow pushed live): read what is held again. */
  | { type: 'CHANGED_ELSEWHERE' }
  | PeopleReadEvent
  | optimistic.QueueCallEvent;

/** A follow answered: the person as the follower now sees them. */
export interface FollowedEvent {
  type: 'followed';
  person: Person;
}

export type PeopleEmitted = NotifyEvent | SessionExpiredEvent | FollowedEvent;

const FOLLOW_QUEUE: optimistic.QueueRules<FollowAction, PeopleById> = {
  keyOf: (action) => `user:${action.userId}`,
  apply: withFollow,
};

const ACTOR_OF = {
  follow: 'followPerson',
  unfollow: 'unfollowPerson',
} as const satisfies Record<FollowAction['kind'], string>;

/** What screens show for these people and this queue. */
const shown = (context: PeopleContext, confirmed: PeopleById, queue: FollowAction[]) => ({
  confirmed,
  queue,
  people: optimistic.withPending(FOLLOW_QUEUE, confirmed, queue, context.session.user),
});

/** Everything a session read, forgotten. */
const empty = (): Omit<PeopleContext, 'session' | 'epoch'> => ({
  confirmed: {},
  people: {},
  byUsername: {},
  opened: {},
  personReads: {},
  lists: {},
  reading: {},
  queue: [],
});

export { peopleReadMachine, type PeopleReadInput } from './peopleRead';

export const peopleMachine = setup({
  types: {
    context: {} as PeopleContext,
    events: {} as PeopleEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- carries the type
    input: {} as { session?: Session },
    emitted: {} as PeopleEmitted,
  },
  actors: {
    peopleRead: peopleReadMachine,
    ...placeholderActors('followPerson', 'unfollowPerson'),
  },
  guards: {
    canQueue: optimistic.canQueueGuard(
      FOLLOW_QUEUE,
      (event: PeopleEvent, context: PeopleContext) =>
        event.type === 'TOGGLE_FOLLOW' ? followActionOf(context.people, event.userId) : null,
    ),
    hasQueued: optimistic.hasQueued,
  },
  actions: {
    storeSession: enqueueActions((args) => optimistic.storeSession(args)),
    /** Start these reads, each unless one of its kind is in flight. */
    read: enqueueActions(({ context, enqueue }, requests: readonly PeopleRequest[]) =>
      startReads(context, requests, enqueue),
    ),
    /** Every person and list held, read again. */
    readHeld: enqueueActions(({ context, enqueue }) => {
      const people: PeopleRequest[] = Object.keys(context.opened).map((username) => ({
        kind: 'person',
        username,
      }));
      const lists: PeopleRequest[] = Object.keys(context.lists).flatMap((key) => {
        const list = peopleListKeyOf(key);
        return list === null ? [] : [{ kind: 'list', list, cursor: null }];
      });
      startReads(context, [...people, ...lists], enqueue);
    }),
    took: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'PEOPLE.READ') return;
      const { run, answer } = event;
      const id = peopleReadId(run.request);
      enqueue.stopChild(id);
      if (!context.reading[id]) return; // a read of a session that ended
      const reading = without(context.reading, id);
      const answered = 'person' in answer ? [answer.person] : answer.users;
      // A read that may predate a follow's answer adds people; it does not overwrite them.
      const fresh =
        run.epoch === context.epoch
          ? answered
          : answered.filter((person) => context.confirmed[person._id] === undefined);
      const byUsername = { ...context.byUsername };
      for (const person of answered) byUsername[person.username] = person._id;
      const request = run.request;
      const lists = { ...context.lists };
      if (request.kind === 'person') {
        enqueue.assign({ personReads: without(context.personReads, request.username) });
      } else {
        const key = peopleListId(request.list);
        lists[key] = listWithPage(lists[key], answer as PersonPage, request.cursor === null);
      }
      const confirmed = storedPeople(context.confirmed, fresh);
      enqueue.assign({
        ...shown(context, confirmed, context.queue),
        byUsername,
        lists,
        reading,
      });
    }),
    readFailed: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'PEOPLE.READ_FAILED') return;
      const { run, error } = event;
      const id = peopleReadId(run.request);
      enqueue.stopChild(id);
      if (!context.reading[id]) return;
      const reading = without(context.reading, id);
      const request = run.request;
      if (request.kind === 'person') {
        const missing = error instanceof ApiError && error.status === 404;
        const held = context.byUsername[request.username] !== undefined;
        // A quiet re-read of someone shown that fails leaves them shown, as they were.
        const personReads: Record<string, PersonReadStatus> =
          missing || !held
            ? { ...context.personReads, [request.username]: missing ? 'missing' : 'failed' }
            : without(context.personReads, request.username);
        enqueue.assign({ reading, personReads });
      } else {
        const key = peopleListId(request.list);
        const list = listFailed(context.lists[key], request.cursor === null);
        enqueue.assign({ reading, lists: { ...context.lists, [key]: list } });
      }
      // The screens show a failed read where it is; a 401 ends the session.
      if (isUnauthorized(error)) enqueue.emit({ type: 'sessionExpired' });
    }),
    enqueue: assign(({ context, event }) => {
      if (event.type !== 'TOGGLE_FOLLOW') return {};
      const action = followActionOf(context.people, event.userId);
      return action === null ? {} : shown(context, context.confirmed, [...context.queue, action]);
    }),
    runNext: enqueueActions(({ context, enqueue }) => {
      const action = context.queue[0];
      if (action === undefined) return;
      const input = { userId: action.userId, token: optimistic.tokenOf(context.session) };
      enqueue.spawnChild(ACTOR_OF[action.kind], { id: optimistic.QUEUE_CALL_ID, input });
    }),
    stopCall: enqueueActions(({ enqueue }) => enqueue.stopChild(optimistic.QUEUE_CALL_ID)),
    settle: enqueueActions(({ context, event, enqueue }) => {
      const me = context.session.user;
      if (!('output' in event) || me === null) return;
      const { person } = event.output as PersonResponse;
      const confirmed = withFollowAnswer(context.confirmed, person, me);
      enqueue.assign({
        ...shown(context, confirmed, context.queue.slice(1)),
        epoch: context.epoch + 1,
      });
      enqueue.emit({ type: 'followed', person });
    }),
    reject: enqueueActions(({ context, event, enqueue }) => {
      enqueue.assign(shown(context, context.confirmed, context.queue.slice(1)));
      if ('error' in event) enqueue.emit(failureEvent(event.error));
    }),
    // Shown at once as saved; read again quietly for what only the server knows: which of the
    // new bio's @mentions are someone's (`mentions`, the ones that link).
    edited: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'PERSON.EDITED') return;
      const held = context.confirmed[event.user._id];
      if (held === undefined) return;
      const confirmed = { ...context.confirmed, [held._id]: personEdited(held, event.user) };
      enqueue.assign(shown(context, confirmed, context.queue));
      startReads(context, [{ kind: 'person', username: event.user.username }], enqueue);
    }),
    /** A session ended: its reads stop and everything it read is forgotten. */
    forget: enqueueActions(({ context, enqueue }) => {
      for (const id of Object.keys(context.reading)) enqueue.stopChild(id);
      enqueue.assign({ ...empty(), epoch: context.epoch + 1 });
    }),
  },
}).createMachine({
  id: 'people',
  context: ({ input }) => ({ ...empty(), session: { ...input }.session ?? NO_SESSION, epoch: 0 }),
  on: {
    SESSION: { actions: 'storeSession' },
    SIGNED_OUT: { target: '.ready', actions: 'forget' },
    'PERSON.OPEN': {
      actions: {
        type: 'read',
        params: ({ event }) => [{ kind: 'person', username: event.username }],
      },
    },
    'LIST.OPEN': {
      actions: {
        type: 'read',
        params: ({ event }) => [{ kind: 'list', list: event.list, cursor: null }],
      },
    },
    'LIST.MORE': {
      guard: ({ context, event }) => {
        const list = context.lists[peopleListId(event.list)];
        return list?.status === 'ready' && list.next !== null && list.more !== 'loading';
      },
      actions: {
        type: 'read',
        params: ({ context, event }) => [
          {
            kind: 'list',
            list: event.list,
            cursor: context.lists[peopleListId(event.list)]?.next ?? null,
          },
        ],
      },
    },
    'PEOPLE.READ': { actions: 'took' },
    'PEOPLE.READ_FAILED': { actions: 'readFailed' },
    TOGGLE_FOLLOW: optimistic.QUEUEABLE,
    'PERSON.EDITED': { actions: 'edited' },
    CHANGED_ELSEWHERE: { actions: 'readHeld' },
  },
  ...optimistic.queueStates,
});

/** A record without one key. */
function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([each]) => each !== key));
}

/** The reads' bookkeeping, and a child for each read not already in flight. */
function startReads(
  context: PeopleContext,
  requests: readonly PeopleRequest[],
  enqueue: {
    assign: (values: Partial<PeopleContext>) => void;
    spawnChild: (src: 'peopleRead', options: { id: string; input: ReadRun }) => void;
  },
): void {
  const reading: Record<string, true> = { ...context.reading };
  const personReads: Record<string, PersonReadStatus> = { ...context.personReads };
  const opened: Record<string, true> = { ...context.opened };
  const lists: Record<string, PeopleListState> = { ...context.lists };
  for (const request of requests) {
    const id = peopleReadId(request);
    if (reading[id]) continue;
    reading[id] = true;
    if (request.kind === 'person') {
      opened[request.username] = true;
      // A person already stored stays shown while read again.
      if (context.byUsername[request.username] === undefined) {
        personReads[request.username] = 'loading';
      }
    } else {
      const key = peopleListId(request.list);
      const list = lists[key];
      lists[key] =
        request.cursor === null || list === undefined
          ? listLoading(list)
          : { ...list, more: 'loading' };
    }
    const input: ReadRun = { request, token: context.session.token, epoch: context.epoch };
    enqueue.spawnChild('peopleRead', { id, input });
  }
  enqueue.assign({ reading, opened, personReads, lists });
}

/** A list's key back from its string (`peopleListId`). */
export function peopleListKeyOf(key: string): PeopleListKey | null {
  if (key === 'suggested') return { kind: 'suggested' };
  const [kind, userId] = key.split(':');
  return (kind === 'followers' || kind === 'following') && userId !== undefined
    ? { kind, userId }
    : null;
}

export type PeopleSnapshot = SnapshotFrom<typeof peopleMachine>;

/** Someone by username, as screens show them (pending follows applied); null when not read. */
export function selectPersonByUsername(snapshot: PeopleSnapshot, username: string): Person | null {
  const id = snapshot.context.byUsername[username];
  return id === undefined ? null : (snapshot.context.people[id] ?? null);
}

/** Someone by id, as screens show them; null when not read. */
export const selectPersonById = (snapshot: PeopleSnapshot, id: string): Person | null =>
  snapshot.context.people[id] ?? null;

/** Where reading someone stands: 'ready' once stored (a quiet re-read keeps it ready). */
export function selectPersonStatus(
  snapshot: PeopleSnapshot,
  username: string,
): PersonReadStatus | 'ready' {
  const status = snapshot.context.personReads[username];
  if (status !== undefined) return status;
  return snapshot.context.byUsername[username] === undefined ? 'loading' : 'ready';
}

const NOT_READ: PeopleListState = { ids: [], next: null, status: 'loading', more: 'idle' };

/** A list as screens show it ('loading' before it is asked for). */
export const selectPeopleList = (snapshot: PeopleSnapshot, list: PeopleListKey): PeopleListState =>
  snapshot.context.lists[peopleListId(list)] ?? NOT_READ;

/** True while a follow / unfollow of this person waits for the server. */
export const isFollowPending = (snapshot: PeopleSnapshot, userId: string): boolean =>
  optimistic.isKeyPending(FOLLOW_QUEUE, snapshot.context.queue, `user:${userId}`);

/** How many follows wait for the server. */
export const selectFollowsPendingCount = (snapshot: PeopleSnapshot): number =>
  snapshot.context.queue.length;
