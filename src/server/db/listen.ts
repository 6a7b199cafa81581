/**
 * PostgreSQL's LISTEN on one channel, on a connection of its own (a pooled one would be handed to
 * queries): `subscribe` runs a listener on every NOTIFY, from this process or any other on the
 * database. A broken connection is replaced after a short wait, and the listeners run once it is
 * back, since a NOTIFY sent meanwhile was lost with it (they read what they missed).
 */
import pg from 'pg';

export interface Listening {
  subscribe(listener: () => void): () => void;
  close(): Promise<void>;
}

const RECONNECT_MS = 1_000;

export function listenTo(url: string, channel: string): Listening {
  const listeners = new Set<() => void>();
  let client: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const tell = () => {
    for (const listener of listeners) listener();
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', tell);
    next.on('error', () => {
      // 'end' follows, which reconnects.
    });
    next.on('end', () => {
      if (client === next) client = undefined;
      if (!closed) timer = setTimeout(() => void connect().catch(retry), RECONNECT_MS);
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    tell();
  }
  const retry = () => {
    if (!closed) timer = setTimeout(() => void connect().catch(retry), RECONNECT_MS);
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (client === undefined && timer === undefined && listeners.size === 1) {
        void connect().catch(retry);
      }
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await client?.end();
    },
  };
}
