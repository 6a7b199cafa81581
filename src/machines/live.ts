/**
 * The live stream, while someone is signed in: `off` without a session; `on` reads the stream
 * (the `liveStream` effect, the API client's `live`) and is `connecting`, `open`, or `down` while
 * it tries again by itself (the app says so quietly). Every event it hears is emitted as it is
 * (src/api/types.ts `LiveEvent`: `post`, `counts`, `follow`, `inbox`, `reset`), and the app
 * system hands each to the machine it concerns; a refused token emits `sessionExpired`.
 *
 * Coming back from `down` needs no reading again: the stream resumes from the last event it had
 * (`Last-Event-ID`), or says `reset` when it cannot.
 */
import { emit, fromCallback, setup, type SnapshotFrom } from 'xstate';
import type { LiveEvent } from '../api/types';
import { NO_SESSION, type Session, type SessionEvent, type SessionExpiredEvent } from './session';

/** What the stream tells the machine. */
export type StreamEvent =
  | { type: 'STREAM.OPEN' }
  | { type: 'STREAM.EVENT'; event: LiveEvent }
  | { type: 'STREAM.DOWN' }
  | { type: 'STREAM.REFUSED' };

export interface LiveStreamInput {
  token: string;
}

/** A stand-in: never opens. The app provides the real one (effects.ts `liveStream`). */
const liveStream = fromCallback<StreamEvent, LiveStreamInput>(() => () => undefined);

export type LiveEmitted = LiveEvent | SessionExpiredEvent;

export const liveMachine = setup({
  types: {
    context: {} as { session: Session },
    events: {} as SessionEvent | StreamEvent,
    emitted: {} as LiveEmitted,
  },
  actors: { liveStream },
  guards: {
    signedIn: ({ context }) => context.session.token !== null,
    /** A session with another token (or none): the stream is the old one's. */
    otherSession: ({ context, event }) =>
      event.type === 'SESSION' && event.session.token !== context.session.token,
  },
}).createMachine({
  id: 'live',
  context: { session: NO_SESSION },
  initial: 'off',
  on: {
    SESSION: [
      {
        guard: 'otherSession',
        target: '.off',
        actions: ({ context, event }) => {
          context.session = event.session;
        },
      },
      {
        actions: ({ context, event }) => {
          context.session = event.session;
        },
      },
    ],
  },
  states: {
    off: { always: { guard: 'signedIn', target: 'on' } },
    on: {
      invoke: {
        src: 'liveStream',
        input: ({ context }) => ({ token: context.session.token ?? '' }),
      },
      initial: 'connecting',
      states: {
        connecting: { on: { 'STREAM.OPEN': 'open', 'STREAM.DOWN': 'down' } },
        open: { on: { 'STREAM.DOWN': 'down' } },
        down: { on: { 'STREAM.OPEN': 'open' } },
      },
      on: {
        'STREAM.EVENT': { actions: emit(({ event }) => event.event) },
        'STREAM.REFUSED': {
          target: 'refused',
          actions: emit({ type: 'sessionExpired' } as const),
        },
      },
    },
    // The token was refused: nothing more until another session.
    refused: {},
  },
});

export type LiveSnapshot = SnapshotFrom<typeof liveMachine>;

/** Whether the stream is down and trying again (the app says so, quietly). */
export const selectLiveDown = (snapshot: LiveSnapshot): boolean => snapshot.matches({ on: 'down' });
