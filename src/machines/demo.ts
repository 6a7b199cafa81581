/**
 * What this server offers for trying Murmur (`GET /api/demo`), and the demo reset.
 *
 * The offer: the guest account, which the login page's 'Add Guest Credentials' fills in, and the
 * demo reset, which the profile's 'Reset demo data' asks for. The mock has both; a server people
 * share starts with neither. Asked once, when the machine starts. Until the answer comes (and when
 * the question fails) the screens show what `assumed` says, which the app decides by what it was
 * built for: the app on the mock assumes both, so nothing it draws changes when the answer
 * confirms it; the app built for the Node server assumes neither, so no button is shown that then
 * disappears.
 *
 * The reset: `RESET_DEMO` asks the server to restore the demo data with the session's token (kept
 * from `SESSION`). The seed comes back, so the session may point at a user who is gone: success
 * emits `demoReset`, and the app system has the session end. A refusal is an error notification;
 * a 401 emits `sessionExpired`.
 */
import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import type { DemoInfoResponse } from '../api/types';
import { placeholderActors } from './effects';
import type { NotifyEvent } from './notifications';
import {
  failureEvent,
  NO_SESSION,
  type Session,
  type SessionEvent,
  type SessionExpiredEvent,
} from './session';

/** What the server offers: the guest account (`guest`) and the demo reset (`reset`). */
export type DemoOffer = DemoInfoResponse;

/** The mock's offer: the guest and the reset, both always there. */
export const FULL_DEMO: DemoOffer = { guest: true, reset: true };
/** A server that offers neither: what a shared server starts with. */
export const NO_DEMO: DemoOffer = { guest: false, reset: false };

export interface DemoInput {
  /** What the screens show until the server has said (and if it cannot). Default: `NO_DEMO`. */
  assumed?: DemoOffer;
}

export interface DemoContext {
  offer: DemoOffer;
  /** What was assumed before the answer: what a prerendered page shows. */
  assumed: DemoOffer;
  session: Session;
}

export type DemoEvent = { type: 'RESET_DEMO' } | SessionEvent;

/** The demo data was restored: the session the person had is over. */
export interface DemoResetEvent {
  type: 'demoReset';
}

export type DemoEmitted = NotifyEvent | SessionExpiredEvent | DemoResetEvent;

export const demoMachine = setup({
  types: {
    context: {} as DemoContext,
    events: {} as DemoEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- carries the type
    input: {} as DemoInput,
    emitted: {} as DemoEmitted,
  },
  actors: placeholderActors('getDemoInfo', 'resetDemoData'),
}).createMachine({
  id: 'demo',
  context: ({ input }) => {
    const assumed = { ...input }.assumed ?? NO_DEMO;
    return { offer: assumed, assumed, session: NO_SESSION };
  },
  type: 'parallel',
  on: { SESSION: { actions: assign({ session: ({ event }) => event.session }) } },
  states: {
    offer: {
      initial: 'asking',
      states: {
        asking: {
          invoke: {
            src: 'getDemoInfo',
            onDone: {
              target: 'known',
              actions: assign({
                offer: ({ event }) => ({ guest: event.output.guest, reset: event.output.reset }),
              }),
            },
            // No answer: what was assumed stays (a failed question is no reason to hide or show more).
            onError: { target: 'unknown' },
          },
        },
        known: {},
        unknown: {},
      },
    },
    reset: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            RESET_DEMO: {
              guard: ({ context }) => context.session.token !== null,
              target: 'resetting',
            },
          },
        },
        resetting: {
          invoke: {
            src: 'resetDemoData',
            input: ({ context }) => ({ token: context.session.token ?? '' }),
            onDone: { target: 'idle', actions: emit({ type: 'demoReset' } as const) },
            onError: { target: 'idle', actions: emit(({ event }) => failureEvent(event.error)) },
          },
        },
      },
    },
  },
});

export type DemoSnapshot = SnapshotFrom<typeof demoMachine>;

/**
 * Whether the login page offers 'Add Guest Credentials'. While a prerendered page is hydrated
 * (`hydrated` false) it is what was assumed, as the prerender drew it, even if the server has
 * answered meanwhile: the first render must equal the HTML. The answer shows right after.
 */
export const selectGuestOffered = (snapshot: DemoSnapshot, hydrated = true): boolean =>
  hydrated ? snapshot.context.offer.guest : snapshot.context.assumed.guest;
/** Whether the profile offers 'Reset demo data'. */
export const selectResetOffered = (snapshot: DemoSnapshot): boolean => snapshot.context.offer.reset;
/** True while 'Reset demo data' waits for the server. */
export const selectIsResettingDemo = (snapshot: DemoSnapshot): boolean =>
  snapshot.matches({ reset: 'resetting' });
