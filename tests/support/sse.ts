/**
 * A test's reader of a Server-Sent Events stream (`GET /api/stream`): the messages as they come,
 * parsed as the spec says (id, event, data; comment lines skipped), and a way to wait for some.
 */
import type { LiveEvent } from '../../src/api/types';

export interface Message {
  id: string;
  event: string;
  data: LiveEvent;
}

export interface OpenStream {
  status: number;
  messages: Message[];
  /** Resolves once `done(messages)` holds; rejects after `timeoutMs`. */
  until(done: (messages: readonly Message[]) => boolean, timeoutMs?: number): Promise<Message[]>;
  /** Drops the connection, as a network failure would. */
  drop(): void;
}

export async function openStream(
  baseUrl: string,
  token: string,
  lastEventId?: string,
): Promise<OpenStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream', authorization: token };
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  const response = await fetch(`${baseUrl}/stream`, { headers, signal: controller.signal });
  const messages: Message[] = [];
  const waiters = new Set<() => void>();
  const reading = (async () => {
    if (response.body === null) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        const fields = new Map<string, string>();
        for (const line of block.split('\n')) {
          if (line.startsWith(':') || !line.includes(':')) continue;
          const at = line.indexOf(':');
          fields.set(line.slice(0, at), line.slice(at + 1).trimStart());
        }
        const data = fields.get('data');
        if (data === undefined) continue;
        messages.push({
          id: fields.get('id') ?? '',
          event: fields.get('event') ?? 'message',
          data: JSON.parse(data) as LiveEvent,
        });
        for (const waiter of waiters) waiter();
      }
    }
  })().catch(() => undefined);
  void reading;
  return {
    status: response.status,
    messages,
    until(done, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!done(messages)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve([...messages]);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`The stream did not get there: ${JSON.stringify(messages)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    drop: () => controller.abort(),
  };
}
