/**
 * Notifications ("inbox"; `notifications` are the app's toasts): the bell's unread count and the
 * Notifications page's list, in two regions.
 *
 * - `count`: read once when a session starts; from then on the live stream keeps it (`UNREAD`,
 *   also when another device of the person marks them read).
 * - `page`: `closed` until the page opens (`OPEN`), then `loading → ready ⇄ loadingMore → … →
 *   end`, as a feed pages (`LOAD_MORE`; a failed first page waits for `RETRY`, a failed next page
 *   keeps what was read). What the page shows is marked read on the server as soon as it is read
 *   (up to its newest), so every device's bell agrees; the list keeps showing which were unread.
 *   A notification that arrives while the page is open is read into it quietly, and marked read.
 * A session that ends forgets all of it; a 401 emits `sessionExpired`.
 */
import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import type { Notification, NotificationPage } from '../api/types';
import { placeholderActors } from './effects';
import { errorMessage } from './notifications';
import {
  endsSession,
  isUnauthorized,
  NO_SESSION,
  type Session,
  type SessionEvent,
  type SessionExpiredEvent,
} from './session';

export interface InboxContext {
  session: Session;
  unread: number;
  notifications: readonly Notification[];
  next: string | null;
  error: string | null;
}

export type InboxEvent =
  | SessionEvent
  /** The live stream's count of unread notifications. */
  | { type: 'UNREAD'; unread: number }
  /** The Notifications page opened (read its first page) or closed. */
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'LOAD_MORE' }
  | { type: 'RETRY' }
  /** The data may have changed unseen (the stream could not resume): read again. */
  | { type: 'RELOAD' };

const EMPTY = { unread: 0, notifications: [], next: null, error: null } as const;

/** `later` after `list`, each notification once (a group that moved up is where it is now). */
function merged(list: readonly Notification[], later: readonly Notification[]): Notification[] {
  const seen = new Set(list.map((item) => item.id));
  return [...list, ...later.filter((item) => !seen.has(item.id))];
}

const token = (context: InboxContext) => context.session.token ?? '';

export const inboxMachine = setup({
  types: {
    context: {} as InboxContext,
    events: {} as InboxEvent,
    emitted: {} as SessionExpiredEvent,
  },
  actors: placeholderActors('loadNotifications', 'unreadNotifications', 'markNotificationsRead'),
  guards: {
    signedIn: ({ context }) => context.session.token !== null,
    otherSession: ({ context, event }) =>
      event.type === 'SESSION' && event.session.token !== context.session.token,
    hasUnread: ({ event }) => event.type === 'UNREAD' && event.unread > 0,
    lastPage: ({ context }) => context.next === null,
  },
  actions: {
    storeSession: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'SESSION') return;
      const ended = endsSession(context.session, event.session);
      enqueue.assign({ session: event.session, ...(ended ? EMPTY : {}) });
    }),
    takeFirst: assign((_, page: NotificationPage) => ({
      notifications: page.notifications,
      next: page.next,
      unread: page.unread,
      error: null,
    })),
    takeNext: assign(({ context }, page: NotificationPage) => ({
      notifications: merged(context.notifications, page.notifications),
      next: page.next,
      error: null,
    })),
    /** A quiet read of the first page: its notifications first, then what was read after them. */
    takeFresh: assign(({ context }, page: NotificationPage) => ({
      notifications: merged(page.notifications, context.notifications),
      unread: page.unread,
    })),
    takeUnread: assign(({ context, event }) => ({
      unread: event.type === 'UNREAD' ? event.unread : context.unread,
    })),
    keepError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    expireOn401: enqueueActions(({ enqueue }, params: { error: unknown }) => {
      if (isUnauthorized(params.error)) enqueue.emit({ type: 'sessionExpired' });
    }),
  },
}).createMachine({
  id: 'inbox',
  context: { session: NO_SESSION, ...EMPTY },
  type: 'parallel',
  on: {
    UNREAD: { actions: 'takeUnread' },
    // Another person (or none): the count is read again, the page closes.
    SESSION: [
      {
        guard: 'otherSession',
        target: ['.count.signedOut', '.page.closed'],
        actions: 'storeSession',
      },
      { actions: 'storeSession' },
    ],
  },
  states: {
    count: {
      initial: 'signedOut',
      states: {
        signedOut: { always: { guard: 'signedIn', target: 'reading' } },
        reading: {
          invoke: {
            src: 'unreadNotifications',
            input: ({ context }) => ({ token: token(context) }),
            onDone: { target: 'live', actions: assign(({ event }) => event.output) },
            onError: {
              target: 'live',
              actions: { type: 'expireOn401', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        // The stream keeps the count from here on.
        live: {},
      },
    },
    page: {
      initial: 'closed',
      on: { CLOSE: '.closed' },
      states: {
        closed: { on: { OPEN: 'loading' } },
        loading: {
          invoke: {
            src: 'loadNotifications',
            input: ({ context }) => ({ token: token(context) }),
            onDone: {
              target: 'marking',
              actions: { type: 'takeFirst', params: ({ event }) => event.output },
            },
            onError: {
              target: 'failed',
              actions: [
                { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
                { type: 'expireOn401', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        failed: { on: { RETRY: 'loading', OPEN: 'loading' } },
        // What is shown is read: the read mark moves to its newest, on every device.
        marking: {
          always: { guard: ({ context }) => context.unread === 0, target: 'settled' },
          invoke: {
            src: 'markNotificationsRead',
            input: ({ context }) => ({
              token: token(context),
              upTo: context.notifications[0]?.seq ?? 0,
            }),
            onDone: { target: 'settled', actions: assign(({ event }) => event.output) },
            onError: {
              target: 'settled',
              actions: { type: 'expireOn401', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        settled: {
          always: [{ guard: 'lastPage', target: 'end' }, { target: 'ready' }],
        },
        ready: {
          on: {
            LOAD_MORE: 'loadingMore',
            UNREAD: { guard: 'hasUnread', target: 'refreshing', actions: 'takeUnread' },
            RELOAD: 'refreshing',
            OPEN: 'refreshing',
          },
        },
        end: {
          on: {
            UNREAD: { guard: 'hasUnread', target: 'refreshing', actions: 'takeUnread' },
            RELOAD: 'refreshing',
            OPEN: 'refreshing',
          },
        },
        loadingMore: {
          invoke: {
            src: 'loadNotifications',
            input: ({ context }) => ({
              token: token(context),
              ...(context.next === null ? {} : { cursor: context.next }),
            }),
            onDone: {
              target: 'settled',
              actions: { type: 'takeNext', params: ({ event }) => event.output },
            },
            onError: {
              target: 'moreFailed',
              actions: [
                { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
                { type: 'expireOn401', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        moreFailed: { on: { LOAD_MORE: 'loadingMore', RELOAD: 'refreshing' } },
        refreshing: {
          invoke: {
            src: 'loadNotifications',
            input: ({ context }) => ({ token: token(context) }),
            onDone: {
              target: 'marking',
              actions: { type: 'takeFresh', params: ({ event }) => event.output },
            },
            onError: {
              target: 'settled',
              actions: { type: 'expireOn401', params: ({ event }) => ({ error: event.error }) },
            },
          },
          on: { UNREAD: { target: 'refreshing', reenter: true, actions: 'takeUnread' } },
        },
      },
    },
  },
});

export type InboxSnapshot = SnapshotFrom<typeof inboxMachine>;

/** The bell's count. */
export const selectUnread = (snapshot: InboxSnapshot): number => snapshot.context.unread;

/** What the Notifications page shows: its first page's state and its next page's. */
export function selectInboxPage(snapshot: InboxSnapshot): {
  notifications: readonly Notification[];
  status: 'loading' | 'failed' | 'ready';
  more: 'idle' | 'loading' | 'failed' | 'end';
  error: string | null;
} {
  const { notifications, error, next } = snapshot.context;
  const is = (state: string) => snapshot.matches({ page: state as 'closed' });
  const status = is('failed') ? 'failed' : is('loading') || is('closed') ? 'loading' : 'ready';
  const more = is('loadingMore')
    ? 'loading'
    : is('moreFailed')
      ? 'failed'
      : next === null && status === 'ready'
        ? 'end'
        : 'idle';
  return { notifications, status, more, error };
}
