import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { User, UserSummary } from '../api/types';
import { endsSession, summaryOf, type Session } from './session';

/**
 * The optimistic queue, written once for every machine whose actions change server data (posts,
 * users and bookmarks):
 *
 * - Actions run one at a time, in the order they were asked for. Serial calls mean the last
 *   answer is always the newest data: concurrent answers could arrive out of order.
 * - What screens show is the server's latest data (`confirmed`) with the optimistic change of
 *   every queued action applied on top (`withPending`). A refused action simply leaves the queue,
 *   which is its rollback, and the failure is reported (`failureEvent`). Where the data is
 *   records by id (the posts), an action's change touches its one record, so the rollback gives
 *   that record back as the server last confirmed it and leaves every other record alone.
 * - Double clicks: an action whose key (the control it comes from) already has an action queued
 *   or in flight is ignored (`admits`). Actions without a key are always admitted.
 * - The machine runs `queue[0]` in ONE state: it spawns the child actor that the action's kind
 *   names, under the id `QUEUE_CALL_ID`, and settles or rejects on that child's answer. The
 *   per-endpoint actors stay named in `setup({ actors })`, so `machine.provide({ actors })`
 *   replaces them as before.
 */

/** The id of the child actor that runs the action in flight. */
export const QUEUE_CALL_ID = 'queuedCall';

/** The answers of the call in flight, as events to the machine that runs the queue. */
export type QueueCallEvent =
  DoneActorEvent<unknown, typeof QUEUE_CALL_ID> | ErrorActorEvent<unknown, typeof QUEUE_CALL_ID>;

/** How one machine's actions behave in the queue. */
export interface QueueRules<Action, Confirmed> {
  /** The control an action comes from; null: the action is never ignored as a double click. */
  keyOf(action: Action): string | null;
  /** The change the action is expected to make, shown before the server answers. */
  apply(confirmed: Confirmed, action: Action, me: UserSummary): Confirmed;
}

/** Whether an action may join the queue: nothing from the same control is queued yet. */
export function admits<A>(rules: QueueRules<A, unknown>, queue: readonly A[], action: A): boolean {
  const key = rules.keyOf(action);
  return key === null || !queue.some((queued) => rules.keyOf(queued) === key);
}

/**
 * The machines' `canQueue` guard: a signed-in session, an event that asks for something sendable
 * (`request` gives null otherwise), and nothing from the same control queued yet.
 */
export function canQueue<A>(
  rules: QueueRules<A, unknown>,
  session: Session,
  queue: readonly A[],
  request: (me: User) => A | null,
): boolean {
  if (session.user === null || session.token === null) return false;
  const action = request(session.user);
  return action !== null && admits(rules, queue, action);
}

/**
 * The machines' `canQueue` guard: a signed-in user, asking for something sendable (`request`
 * gives null otherwise), and nothing from the same control queued yet.
 */
export function canQueueGuard<A, C extends { session: Session; queue: readonly A[] }, E>(
  rules: QueueRules<A, unknown>,
  request: (event: E, context: C, me: User) => A | null,
) {
  return ({ context, event }: { context: C; event: E }): boolean =>
    canQueue(rules, context.session, context.queue, (me) => request(event, context, me));
}

/**
 * What a `SESSION` event does to a machine that holds the session: keep it, and when it ends the
 * held one, raise `SIGNED_OUT` first so pending actions and per-user data are dropped.
 */
export function storeSession({
  context,
  event,
  enqueue,
}: {
  context: { session: Session };
  event: { type: string; session?: Session };
  enqueue: {
    assign: (values: { session: Session }) => void;
    raise: (event: { type: 'SIGNED_OUT' }) => void;
  };
}): void {
  if (event.type !== 'SESSION' || event.session === undefined) return;
  if (endsSession(context.session, event.session)) enqueue.raise({ type: 'SIGNED_OUT' });
  enqueue.assign({ session: event.session });
}

/** The transition of every event that asks for an action: queued when `canQueue` admits it. */
export const QUEUEABLE = { guard: 'canQueue', actions: 'enqueue' } as const;

/** The machines' `hasQueued` guard: an action waits to run. */
export const hasQueued = ({ context }: { context: { queue: readonly unknown[] } }): boolean =>
  context.queue.length > 0;

/** Whether an action of this key is queued or in flight (its control shows it is busy). */
export function isKeyPending<A>(
  rules: QueueRules<A, unknown>,
  queue: readonly A[],
  key: string,
): boolean {
  return queue.some((action) => rules.keyOf(action) === key);
}

/** The confirmed data with every queued action's optimistic change applied, in order. */
export function withPending<A, C>(
  rules: QueueRules<A, C>,
  confirmed: C,
  queue: readonly A[],
  me: UserSummary | null,
): C {
  if (me === null) return confirmed;
  const summary = summaryOf(me); // what the server puts into likedBy and followers lists
  return queue.reduce((data, action) => rules.apply(data, action, summary), confirmed);
}

/**
 * A likedBy / followers kind of list with `who` moved in (at the end, as the server appends) or
 * out: what an optimistic like, dislike, follow or unfollow does to each list it touches.
 */
export function movedIn(list: UserSummary[], who: UserSummary, inside: boolean): UserSummary[] {
  const others = list.filter((u) => u.username !== who.username);
  return inside ? [...others, who] : others;
}

/** The token calls are made with; the guards never queue an action without one. */
export function tokenOf(session: Session): string {
  return session.token ?? '';
}

/**
 * The queue's states, the same in every machine. The machine names in its setup: the guard
 * `hasQueued`, and the actions `runNext` (spawn the child for `queue[0]`), `stopCall`, `settle`
 * (take the answer, drop `queue[0]`) and `reject` (drop `queue[0]`, report the failure).
 */
export const queueStates = {
  initial: 'ready',
  states: {
    ready: { always: { guard: 'hasQueued', target: 'running' } },
    running: {
      entry: 'runNext',
      exit: 'stopCall',
      on: {
        [`xstate.done.actor.${QUEUE_CALL_ID}`]: { target: 'ready', actions: 'settle' },
        [`xstate.error.actor.${QUEUE_CALL_ID}`]: { target: 'ready', actions: 'reject' },
      },
    },
  },
} as const;
