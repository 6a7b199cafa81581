import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { LoadStatus } from './effects';
import { QUEUE_CALL_ID } from './optimisticQueue';

/** The answers of a load region's call, for the event union of the machine that has the region. */
export type LoadEvent<TId extends string, TOutput> =
  DoneActorEvent<TOutput, TId> | ErrorActorEvent<unknown, TId>;

/** The server's data changed in another tab (or elsewhere): read it again, quietly. */
export interface ChangedElsewhereEvent {
  type: 'CHANGED_ELSEWHERE';
}

/** The state a list shows to screens: a quiet refresh still shows the list it has. */
export const loadStatusOf = (value: LoadStatus | 'refreshing'): LoadStatus =>
  value === 'refreshing' ? 'success' : value;

/**
 * While a load or a quiet refresh is in flight, an action of this machine that the server answered
 * may be newer than what the read will bring: ask again, so the list never steps back behind it.
 */
export const ACTION_ANSWERED = `xstate.done.actor.${QUEUE_CALL_ID}` as const;

/**
 * A list loaded from the server, as a region of a machine:
 * `idle → loading → success | failed`, and `success ⇄ refreshing`.
 * `LOAD` starts it, `RELOAD` from `success` and `RETRY` from `failed` load again (screens show a
 * spinner). `CHANGED_ELSEWHERE` reads it again quietly: the list stays on screen (status
 * `success`) until the new one replaces it, so focus and scroll position stay where they are; a
 * refresh that fails keeps the list as it was. The call is the actor `src` (invoked under that
 * id, so its answers are `LoadEvent<src, …>`); the machine names the actions that take the
 * answer and the failure.
 */
export function loadRegion<
  const TSrc extends string,
  const TDone extends string,
  const TFailed extends string,
>(src: TSrc, actions: { done: TDone; failed: TFailed }) {
  return {
    initial: 'idle',
    states: {
      idle: { on: { LOAD: 'loading' } },
      loading: {
        invoke: {
          id: src,
          src,
          onDone: { target: 'success', actions: actions.done },
          onError: { target: 'failed', actions: actions.failed },
        },
        // The answer on its way may predate the change, or an action answered meanwhile (it would
        // undo that action on screen): ask again.
        on: {
          CHANGED_ELSEWHERE: { target: 'loading', reenter: true },
          [ACTION_ANSWERED]: { target: 'loading', reenter: true },
        },
      },
      success: { on: { RELOAD: 'loading', CHANGED_ELSEWHERE: 'refreshing' } },
      refreshing: {
        invoke: {
          id: src,
          src,
          onDone: { target: 'success', actions: actions.done },
          onError: { target: 'success' },
        },
        on: {
          RELOAD: 'loading',
          CHANGED_ELSEWHERE: { target: 'refreshing', reenter: true },
          [ACTION_ANSWERED]: { target: 'refreshing', reenter: true },
        },
      },
      failed: { on: { RETRY: 'loading' } },
    },
  } as const;
}
