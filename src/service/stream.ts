/**
 * The live stream (`GET /api/stream`): each signed-in person's Server-Sent Events, fanned out in
 * memory from the store's event log (store.ts `events`), one reader per process. The store wakes
 * the hub when a write logged events (`onEvents`: here, or in another process through PostgreSQL's
 * LISTEN/NOTIFY); the hub reads the log once from where it is and hands each event to the
 * streams it is for (everyone's, or its one recipient's).
 *
 * - Order and gaps: the log's `seq` is given when a write logs, and writes may be kept in another
 *   order than they logged (or not kept at all), so the hub moves past a missing seq only after
 *   waiting `gapWaitMs` for it: an event is never skipped because a later one was kept first.
 * - Resume: a stream opened with `Last-Event-ID` first reads the log after it (while the events
 *   arriving meanwhile wait in its queue), so a dropped connection misses nothing. An id older
 *   than the log keeps gets a `reset` event instead: the page reads its lists again.
 * - A comment line every `heartbeatMs` keeps proxies from closing an idle stream and lets the
 *   client see a dead one.
 * - A reader that stops reading costs little: its stream is cut when its unsent bytes pass
 *   `maxUnsentBytes`, or when it has been behind (more than `slowBytes` unsent) at two heartbeats
 *   in a row. A live client then resumes from the log by its `Last-Event-ID`, missing nothing.
 *   A person has at most `maxStreamsPerPerson` open at once (a tab hidden closes its own).
 */
import type { LiveEvent } from '../api/types';
import { formatTimestamp } from './clock';
import { HttpError } from './errors';
import type { LoggedEvent, Store } from './store';

export interface LiveHubOptions {
  /** How often an idle stream gets a comment line; 15 s by default. */
  heartbeatMs?: number;
  /** How long a missing seq is waited for before the events after it are sent; 1 s by default. */
  gapWaitMs?: number;
  /** How many events one read of the log takes; 500 by default. */
  batch?: number;
  /** How long a client waits before reconnecting (the `retry:` field); 2 s by default. */
  retryMs?: number;
  /** How long events are kept for streams that resume; an hour by default. */
  keepMs?: number;
  /** Unsent bytes past which a stream is cut at once; 1 MiB by default. */
  maxUnsentBytes?: number;
  /** Unsent bytes that, at two heartbeats in a row, make a reader too slow to keep; 64 KiB. */
  slowBytes?: number;
  /** Streams one person may have open at once; 8 by default. */
  maxStreamsPerPerson?: number;
}

/** The refusal of a stream past `maxStreamsPerPerson`. */
export const TOO_MANY_STREAMS =
  'Too many live streams are open for this account. Close a tab or two, then reload.';

/** How often a hub forgets old events: at most one in this many heartbeats. */
const PRUNE_EVERY = 40;

export interface LiveHub {
  /**
   * The person's stream, after `lastEventId` (the header as sent; null: from now on, that is
   * after the log's head as read before the answer: a write made once it is answered is sent).
   */
  open(userId: string, lastEventId: string | null, signal?: AbortSignal): Promise<Response>;
  /** How many streams are open. */
  readonly size: number;
  /** Ends every stream and stops listening (a server shutting down). */
  close(): void;
}

interface Subscriber {
  userId: string;
  send(text: string): boolean;
  /**
   * Ends the stream: what it holds is still sent, unless `cut` (a reader too slow to keep), which
   * drops it, so that its memory goes at once.
   */
  end(cut?: boolean): void;
  /** Bytes given to the stream that its reader has not taken yet. */
  unsent(): number;
  /** Whether it was behind at the last heartbeat. */
  behind: boolean;
  /** Events that came while it caught up; null once it is live. */
  queue: LoggedEvent[] | null;
}

const encoder = new TextEncoder();

/** One SSE message: its id, its type as `event`, and the event as JSON. */
export const sseMessage = ({ seq, event }: { seq: number; event: LiveEvent }): string =>
  `id: ${seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

const forPerson = (row: LoggedEvent, userId: string) =>
  row.recipientId === null || row.recipientId === userId;

/** `Last-Event-ID` as sent: a whole number, or null when absent or not one. */
function eventIdOf(header: string | null): number | null {
  if (header === null || !/^\d{1,15}$/.test(header.trim())) return null;
  return Number(header.trim());
}

export function createLiveHub(store: Store, options: LiveHubOptions = {}): LiveHub {
  const {
    heartbeatMs = 15_000,
    gapWaitMs = 1_000,
    batch = 500,
    retryMs = 2_000,
    keepMs = 60 * 60 * 1000,
    maxUnsentBytes = 1024 * 1024,
    slowBytes = 64 * 1024,
    maxStreamsPerPerson = 8,
  } = options;
  const subscribers = new Set<Subscriber>();
  /** Every event up to here was handed out (or given up on); -1: not read yet. */
  let settled = -1;
  let gap: { seq: number; since: number } | null = null;
  let pumping: Promise<void> | null = null;
  /** Counts the wakes: one that came while the log was read has it read again. */
  let wakes = 0;
  let gapTimer: ReturnType<typeof setTimeout> | undefined;

  function deliver(row: LoggedEvent) {
    for (const subscriber of subscribers) {
      if (subscriber.queue !== null) subscriber.queue.push(row);
      else if (forPerson(row, subscriber.userId)) subscriber.send(sseMessage(row));
    }
  }

  /** Reads the log from `settled` and hands out what it finds, until it is read to its end. */
  async function readLog(): Promise<void> {
    if (settled < 0) {
      const { newest } = await store.readEach((reads) => reads.events.bounds());
      if (settled < 0) settled = newest;
    }
    for (;;) {
      const rows = await store.readEach((reads) => reads.events.since(settled, batch));
      for (const row of rows) {
        if (row.seq !== settled + 1) {
          const now = Date.now();
          if (gap?.seq !== settled + 1) gap = { seq: settled + 1, since: now };
          if (now - gap.since < gapWaitMs) {
            // A write that logged this seq may still be kept: look again shortly.
            clearTimeout(gapTimer);
            gapTimer = setTimeout(wake, Math.min(100, gapWaitMs));
            return;
          }
        }
        gap = null;
        settled = row.seq;
        deliver(row);
      }
      if (rows.length < batch) return;
    }
  }

  function wake(): void {
    if (subscribers.size === 0) return;
    wakes += 1;
    if (pumping !== null) return;
    pumping = (async () => {
      for (;;) {
        const seen = wakes;
        await readLog();
        if (wakes === seen) return;
      }
    })()
      .catch((error: unknown) => {
        console.error('[stream] Reading the event log failed', error);
      })
      .finally(() => {
        pumping = null;
      });
  }

  const unsubscribe = store.onEvents(wake);
  let beats = 0;
  const heartbeat = setInterval(() => {
    for (const subscriber of subscribers) {
      const behind = subscriber.unsent() > slowBytes;
      if (behind && subscriber.behind) subscriber.end(true);
      else {
        subscriber.behind = behind;
        subscriber.send(': ping\n\n');
      }
    }
    beats += 1;
    if (beats % PRUNE_EVERY === 0) {
      const before = formatTimestamp(new Date(Date.now() - keepMs));
      store
        .write((writes) => writes.events.prune(before))
        .catch((error: unknown) => {
          console.error('[stream] Forgetting old events failed', error);
        });
    }
  }, heartbeatMs);
  // A Node process is not kept alive by the heartbeat alone.
  if (typeof heartbeat === 'object' && 'unref' in heartbeat) heartbeat.unref();

  /** Brings a new stream up to the log's head from `after`, then makes it live. */
  async function start(subscriber: Subscriber, after: number): Promise<void> {
    if (pumping !== null) await pumping;
    if (settled < 0) {
      const { newest } = await store.readEach((reads) => reads.events.bounds());
      if (settled < 0) settled = newest;
    }
    const head = settled;
    let cursor = head;
    if (after < head) {
      const { oldest } = await store.readEach((reads) => reads.events.bounds());
      if (oldest === 0 || after < oldest - 1) {
        subscriber.send(sseMessage({ seq: head, event: { type: 'reset' } }));
      } else {
        cursor = after;
        while (cursor < head) {
          const rows = await store.readEach((reads) => reads.events.since(cursor, batch));
          if (rows.length === 0) break;
          for (const row of rows) {
            if (row.seq > head) break;
            if (forPerson(row, subscriber.userId)) subscriber.send(sseMessage(row));
            cursor = row.seq;
          }
          if (rows.length < batch) break;
        }
        cursor = head;
      }
    } else if (after > head) {
      // An id this log never gave (the database was reset): start again.
      subscriber.send(sseMessage({ seq: head, event: { type: 'reset' } }));
    }
    const queued = subscriber.queue ?? [];
    subscriber.queue = null;
    for (const row of queued) {
      if (row.seq > cursor && forPerson(row, subscriber.userId)) subscriber.send(sseMessage(row));
    }
  }

  return {
    async open(userId, lastEventId, signal) {
      const countOpen = () => [...subscribers].filter((other) => other.userId === userId).length;
      if (countOpen() >= maxStreamsPerPerson) throw new HttpError(429, TOO_MANY_STREAMS);
      // "From now on" is the head before answering: the caller's next write comes after it.
      const resumed = eventIdOf(lastEventId);
      const from =
        resumed ??
        (settled >= 0 ? settled : (await store.readEach((reads) => reads.events.bounds())).newest);
      // Another of theirs may have opened while the head was read.
      if (countOpen() >= maxStreamsPerPerson) throw new HttpError(429, TOO_MANY_STREAMS);
      let subscriber: Subscriber | undefined;
      // Queued by bytes: `desiredSize` is then what is left of `slowBytes` (negative: behind).
      const strategy = new ByteLengthQueuingStrategy({ highWaterMark: slowBytes });
      const stream = new ReadableStream<Uint8Array>(
        {
          start(controller) {
            const self: Subscriber = {
              userId,
              queue: [],
              behind: false,
              unsent: () => slowBytes - (controller.desiredSize ?? slowBytes),
              send(text) {
                try {
                  controller.enqueue(encoder.encode(text));
                } catch {
                  self.end();
                  return false;
                }
                if (self.unsent() <= maxUnsentBytes) return true;
                self.end(true);
                return false;
              },
              end(cut = false) {
                if (!subscribers.delete(self)) return;
                if (subscribers.size === 0) settled = -1;
                try {
                  if (cut) controller.error(new Error('The reader fell too far behind'));
                  else controller.close();
                } catch {
                  // Already closed by the reader.
                }
              },
            };
            subscriber = self;
            subscribers.add(self);
            self.send(`retry: ${retryMs}\n: open\n\n`);
            start(self, from).catch((error: unknown) => {
              console.error('[stream] Opening a stream failed', error);
              self.end();
            });
          },
          cancel() {
            subscriber?.end();
          },
        },
        strategy,
      );
      signal?.addEventListener('abort', () => subscriber?.end(), { once: true });
      return new Response(stream, {
        status: 200,
        headers: {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store, no-transform',
          'x-accel-buffering': 'no',
        },
      });
    },
    get size() {
      return subscribers.size;
    },
    close() {
      unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(gapTimer);
      for (const subscriber of [...subscribers]) subscriber.end();
    },
  };
}
