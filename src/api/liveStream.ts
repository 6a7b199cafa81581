/**
 * The live stream's reader (`GET /api/stream`, Server-Sent Events). EventSource cannot send the
 * token header, so the stream is read with fetch, its messages parsed by `eventsource-parser`,
 * and this loop does what EventSource would and a little more:
 * - it reconnects when the stream breaks or the server ends it, after a growing, jittered wait
 *   (1 s doubling to 30 s, ±50 %: a restarted server is not hit by every client at once), and
 *   sends the last event's id as `Last-Event-ID`, so the server replays what was missed;
 * - it reads only while the page is shown: a hidden page closes its stream and opens it again
 *   (and catches up) when shown, so an idle tab in the background holds no connection;
 * - a stream silent for longer than three heartbeats is taken for dead and opened again;
 * - a 401 stops it for good (the session is over).
 * It runs wherever fetch streams (the browser, Node), so the machines' tests read it too.
 */
import { createParser } from 'eventsource-parser';
import * as v from 'valibot';
import { LiveEvent as LiveEventSchema } from './answers';
import type { LiveEvent } from './types';

export interface LiveHandlers {
  /** The stream is open (again): events flow. */
  onOpen(): void;
  onEvent(event: LiveEvent): void;
  /** The stream broke or could not open; it is tried again by itself. */
  onDown(): void;
  /** The server refused the token: the stream stops. */
  onUnauthorized(): void;
}

/** What this needs of `document`: whether the page is shown, and being told when that changes. */
export interface PageVisibility {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export interface LiveOptions {
  signal: AbortSignal;
  fetch?: typeof globalThis.fetch;
  /** The page, when there is one (`document` by default). */
  page?: PageVisibility | undefined;
  /** A stream silent this long is taken for dead; 45 s (three of the server's heartbeats). */
  silenceMs?: number;
}

const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Resolves once the page is shown (at once when it is, or when there is no page). */
function shown(page: PageVisibility | undefined, signal: AbortSignal): Promise<void> {
  if (page === undefined || page.visibilityState === 'visible') return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (page.visibilityState !== 'visible' && !signal.aborted) return;
      page.removeEventListener('visibilitychange', check);
      signal.removeEventListener('abort', check);
      resolve();
    };
    page.addEventListener('visibilitychange', check);
    signal.addEventListener('abort', check, { once: true });
  });
}

/** The event a message carries, or null (not JSON, or an event this app does not know). */
function eventOf(data: string): LiveEvent | null {
  try {
    const parsed = v.safeParse(LiveEventSchema, JSON.parse(data));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export async function readLiveStream(
  url: string,
  token: string,
  handlers: LiveHandlers,
  options: LiveOptions,
): Promise<void> {
  const { signal, silenceMs = 45_000 } = options;
  const fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const page = 'page' in options ? options.page : globalThis.document;
  // Read through a function: the loop awaits, and the signal may abort meanwhile.
  const ended = () => signal.aborted;
  let lastId: string | undefined;
  let failures = 0;
  while (!ended()) {
    await shown(page, signal);
    if (ended()) return;
    // One connection: ended by the caller, by the page going hidden, or by a long silence.
    const attempt = new AbortController();
    const stop = () => attempt.abort();
    signal.addEventListener('abort', stop, { once: true });
    const connection = { hidden: false };
    const onVisibility = () => {
      if (page?.visibilityState === 'visible') return;
      connection.hidden = true;
      attempt.abort();
    };
    page?.addEventListener('visibilitychange', onVisibility);
    let silence: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(stop, silenceMs);
    };
    try {
      const headers: Record<string, string> = { accept: 'text/event-stream', authorization: token };
      if (lastId !== undefined) headers['last-event-id'] = lastId;
      const response = await fetch(url, { headers, signal: attempt.signal });
      if (response.status === 401) {
        handlers.onUnauthorized();
        return;
      }
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || response.body === null || !type.startsWith('text/event-stream')) {
        throw new Error(`The stream answered ${response.status}`);
      }
      failures = 0;
      handlers.onOpen();
      heard();
      const parser = createParser({
        onEvent(message) {
          if (message.id !== undefined) lastId = message.id;
          const event = eventOf(message.data);
          if (event !== null) handlers.onEvent(event);
        },
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        heard();
        parser.feed(value);
      }
    } catch {
      // Broken, refused by the network, or ended here: decided below.
    } finally {
      clearTimeout(silence);
      signal.removeEventListener('abort', stop);
      page?.removeEventListener('visibilitychange', onVisibility);
    }
    if (ended()) return;
    // Hidden: nothing is wrong; it opens again, and catches up, when the page is shown.
    if (connection.hidden) continue;
    handlers.onDown();
    failures += 1;
    const wait = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** (failures - 1));
    await pause(wait * (0.5 + Math.random()), signal);
  }
}
