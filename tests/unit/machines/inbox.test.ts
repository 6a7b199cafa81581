/**
 * The inbox machine: the bell's count (read when a session starts, then kept by the stream) and
 * the Notifications page (paged, marked read as it is shown, refreshed when one arrives).
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Notification, NotificationPage, UnreadCount } from '../../../src/api/types';
import { inboxMachine, selectInboxPage, selectUnread } from '../../../src/machines';
import {
  alice,
  controlled,
  recordEmitted,
  signedIn,
  signedOut,
  summary,
  TOKEN,
  unauthorized,
} from './fixtures';

const note = (seq: number, unread = true): Notification => ({
  id: `like:post-${seq}`,
  kind: 'like',
  actors: [summary(alice)],
  actorCount: 1,
  postId: `post-${seq}`,
  createdAt: '2026-11-29T06:00:00+00:00',
  seq,
  unread,
});

const page = (
  notifications: Notification[],
  next: string | null,
  unread = notifications.filter((n) => n.unread).length,
): NotificationPage => ({ notifications, next, unread });

function start() {
  const loadNotifications = controlled<NotificationPage, { token: string; cursor?: string }>();
  const unreadNotifications = controlled<UnreadCount, { token: string }>();
  const markNotificationsRead = controlled<UnreadCount, { token: string; upTo: number }>();
  const actor = createActor(
    inboxMachine.provide({
      actors: {
        loadNotifications: loadNotifications.logic,
        unreadNotifications: unreadNotifications.logic,
        markNotificationsRead: markNotificationsRead.logic,
      },
    }),
  ).start();
  const emitted = recordEmitted(actor);
  return { actor, loadNotifications, unreadNotifications, markNotificationsRead, emitted };
}

describe('inbox: the bell', () => {
  it('reads the count when a session starts, then takes the stream’s', async () => {
    const t = start();
    expect(t.unreadNotifications.calls).toEqual([]);
    t.actor.send({ type: 'SESSION', session: signedIn() });
    expect(t.unreadNotifications.calls).toEqual([{ token: TOKEN }]);
    await t.unreadNotifications.resolve({ unread: 2 });
    expect(selectUnread(t.actor.getSnapshot())).toBe(2);
    t.actor.send({ type: 'UNREAD', unread: 5 });
    expect(selectUnread(t.actor.getSnapshot())).toBe(5);
    // The same session again (a profile edit) reads nothing more.
    t.actor.send({ type: 'SESSION', session: signedIn() });
    expect(t.unreadNotifications.calls).toHaveLength(1);
    // Signing out forgets the count.
    t.actor.send({ type: 'SESSION', session: signedOut() });
    expect(selectUnread(t.actor.getSnapshot())).toBe(0);
  });

  it('a refused token ends the session', async () => {
    const t = start();
    t.actor.send({ type: 'SESSION', session: signedIn() });
    await t.unreadNotifications.reject(unauthorized());
    expect(t.emitted).toEqual([{ type: 'sessionExpired' }]);
  });
});

describe('inbox: the page', () => {
  it('reads the first page when opened, marks it read up to its newest, pages on', async () => {
    const t = start();
    t.actor.send({ type: 'SESSION', session: signedIn() });
    await t.unreadNotifications.resolve({ unread: 2 });
    expect(selectInboxPage(t.actor.getSnapshot()).status).toBe('loading');
    t.actor.send({ type: 'OPEN' });
    await t.loadNotifications.resolve(page([note(9), note(7)], 'c1'));
    expect(t.markNotificationsRead.calls).toEqual([{ token: TOKEN, upTo: 9 }]);
    await t.markNotificationsRead.resolve({ unread: 0 });
    expect(selectUnread(t.actor.getSnapshot())).toBe(0);
    // The list still shows which were new.
    const shown = selectInboxPage(t.actor.getSnapshot());
    expect(shown).toMatchObject({ status: 'ready', more: 'idle' });
    expect(shown.notifications.map((n) => n.unread)).toEqual([true, true]);
    t.actor.send({ type: 'LOAD_MORE' });
    expect(selectInboxPage(t.actor.getSnapshot()).more).toBe('loading');
    expect(t.loadNotifications.calls[1]).toEqual({ token: TOKEN, cursor: 'c1' });
    await t.loadNotifications.resolve(page([note(3, false)], null, 0));
    expect(selectInboxPage(t.actor.getSnapshot())).toMatchObject({ more: 'end' });
    expect(selectInboxPage(t.actor.getSnapshot()).notifications).toHaveLength(3);
  });

  it('a first page that fails waits for RETRY; a next page that fails keeps what was read', async () => {
    const t = start();
    t.actor.send({ type: 'SESSION', session: signedIn() });
    await t.unreadNotifications.resolve({ unread: 0 });
    t.actor.send({ type: 'OPEN' });
    await t.loadNotifications.reject(new Error('Network error'));
    expect(selectInboxPage(t.actor.getSnapshot())).toMatchObject({
      status: 'failed',
      error: 'Network error',
    });
    t.actor.send({ type: 'RETRY' });
    await t.loadNotifications.resolve(page([note(4, false)], 'c1', 0));
    // Nothing unread: nothing to mark.
    expect(t.markNotificationsRead.calls).toEqual([]);
    t.actor.send({ type: 'LOAD_MORE' });
    await t.loadNotifications.reject(new Error('Network error'));
    expect(selectInboxPage(t.actor.getSnapshot())).toMatchObject({
      status: 'ready',
      more: 'failed',
    });
    expect(selectInboxPage(t.actor.getSnapshot()).notifications).toHaveLength(1);
  });

  it('a notification that arrives while the page is open is read into it and marked read', async () => {
    const t = start();
    t.actor.send({ type: 'SESSION', session: signedIn() });
    await t.unreadNotifications.resolve({ unread: 0 });
    t.actor.send({ type: 'OPEN' });
    await t.loadNotifications.resolve(page([note(4, false)], null, 0));
    t.actor.send({ type: 'UNREAD', unread: 1 });
    expect(t.loadNotifications.calls).toHaveLength(2);
    await t.loadNotifications.resolve(page([note(8), note(4, false)], null, 1));
    expect(selectInboxPage(t.actor.getSnapshot()).notifications.map((n) => n.seq)).toEqual([8, 4]);
    expect(t.markNotificationsRead.calls).toEqual([{ token: TOKEN, upTo: 8 }]);
    await t.markNotificationsRead.resolve({ unread: 0 });
    expect(selectUnread(t.actor.getSnapshot())).toBe(0);
    // Closed, a new one only counts.
    t.actor.send({ type: 'CLOSE' });
    t.actor.send({ type: 'UNREAD', unread: 1 });
    expect(t.loadNotifications.calls).toHaveLength(2);
    expect(selectUnread(t.actor.getSnapshot())).toBe(1);
  });
});
