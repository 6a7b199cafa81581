/**
 * The browser mock's log of live events (src/service/stream.ts reads it as the SQL store's table):
 * in memory, in each tab, since each tab runs its own mock API. A write's events are appended once
 * it is kept, and told to the other tabs of the browser on a BroadcastChannel, which append them
 * to theirs: a stream open in one tab hears what another tab's calls changed, as a stream on the
 * server hears every process. The last `keep` events are kept; a stream that was away longer is
 * told to read its page again.
 */
import type { LiveEvent } from '../../api/types';
import type { LoggedEvent, Reads, Writes } from '../../service/store';

export interface Logged {
  event: LiveEvent;
  recipientId: string | null;
}

export interface EventLog {
  since(seq: number, limit: number): LoggedEvent[];
  bounds(): { oldest: number; newest: number };
  /** Appends a kept write's events, and tells this tab's listeners and the other tabs. */
  publish(events: readonly Logged[]): void;
  onEvents(listener: () => void): () => void;
  /** Stops hearing the other tabs. */
  close(): void;
}

export interface EventLogOptions {
  /** The channel the tabs of one browser share; none: this log alone (tests, Node). */
  channel?: string;
  keep?: number;
}

export function createEventLog({ channel, keep = 1_000 }: EventLogOptions = {}): EventLog {
  const events: LoggedEvent[] = [];
  const listeners = new Set<() => void>();
  let newest = 0;
  const tabs =
    channel !== undefined && typeof BroadcastChannel !== 'undefined'
      ? new BroadcastChannel(channel)
      : undefined;

  function append(logged: readonly Logged[]) {
    for (const { event, recipientId } of logged) {
      newest += 1;
      events.push({ seq: newest, event, recipientId });
    }
    if (events.length > keep) events.splice(0, events.length - keep);
    for (const listener of listeners) listener();
  }

  tabs?.addEventListener('message', (message: MessageEvent<readonly Logged[]>) => {
    if (Array.isArray(message.data)) append(message.data);
  });

  return {
    since(seq, limit) {
      const start = events.findIndex((row) => row.seq > seq);
      return start === -1 ? [] : events.slice(start, start + limit);
    },
    bounds: () => ({ oldest: events[0]?.seq ?? 0, newest }),
    publish(logged) {
      if (logged.length === 0) return;
      append(logged);
      tabs?.postMessage(logged);
    },
    onEvents(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => tabs?.close(),
  };
}

export const eventReads = (log: EventLog): Reads['events'] => ({
  since: (seq, limit) => Promise.resolve(log.since(seq, limit)),
  bounds: () => Promise.resolve(log.bounds()),
});

/** A write's events: gathered in `pending`, published by the store once the write is kept. */
export const eventWrites = (log: EventLog, pending: Logged[]): Writes['events'] => ({
  ...eventReads(log),
  append(event, recipientId) {
    pending.push({ event, recipientId });
    return Promise.resolve();
  },
  // The log keeps its last events by itself.
  prune: () => Promise.resolve(0),
});
