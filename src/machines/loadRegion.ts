import type { DoneActorEvent, ErrorActorEvent } from 'xstate';

/** The answers of a load region's call, for the event union of the machine that has the region. */
export type LoadEvent<TId extends string, TOutput> =
  DoneActorEvent<TOutput, TId> | ErrorActorEvent<unknown, TId>;

/**
 * A list loaded from the server, as a region of a machine: `idle → loading → success | failed`.
 * `LOAD` starts it, `RELOAD` from `success` and `RETRY` from `failed` load again. The call is the
 * actor `src` (invoked under that id, so its answers are `LoadEvent<src, …>`); the machine names
 * the actions that take the answer and the failure.
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
      },
      success: { on: { RELOAD: 'loading' } },
      failed: { on: { RETRY: 'loading' } },
    },
  } as const;
}
