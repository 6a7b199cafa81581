import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../src/mocks/db/database';
import { createMemoryStore } from '../../../src/mocks/db/memoryStore';
import type { Store } from '../../../src/service/store';
import { testServer, type TestServer } from './harness';
import { UNEXPECTED_ERROR } from '../../../src/service/http/api';

let server: TestServer;
afterEach(async () => {
  await server.close();
  server.remove();
});

/** The memory store, with reads that fail, or calls held until `release()`, when asked. */
function controllableStore() {
  const store = createMemoryStore(createDatabase());
  let failReads = false;
  let hold: Promise<void> | null = null;
  let release = () => {};
  let arrived = () => {};
  let reached = Promise.resolve();
  const controlled: Store = {
    ...store,
    read: (work) => (failReads ? Promise.reject(new Error('database is down')) : store.read(work)),
    readEach: (work) =>
      failReads ? Promise.reject(new Error('database is down')) : store.readEach(work),
    call: async (work) => {
      arrived();
      if (hold) await hold;
      return store.call(work);
    },
  };
  return {
    store: controlled,
    failReads: (fail: boolean) => (failReads = fail),
    /** Holds every call until `release()`; `reached()` resolves when the first one arrives. */
    holdCalls: () => {
      hold = new Promise((resolve) => (release = resolve));
      reached = new Promise((resolve) => (arrived = resolve));
    },
    reached: () => reached,
    release: () => {
      hold = null;
      release();
    },
  };
}

describe('GET /healthz', () => {
  it('answers 200 while the store answers a read, 503 when it does not', async () => {
    const control = controllableStore();
    server = testServer({ store: control.store });
    const ok = await server.app.request('/healthz');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'ok' });
    expect(ok.headers.get('cache-control')).toBe('no-store');

    control.failReads(true);
    const down = await server.app.request('/healthz');
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'unavailable' });
    expect(
      server.logs.some((line) => line.level === 'warn' && line.err?.message === 'database is down'),
    ).toBe(true);
  });

  it('answers 503 once shutting down', async () => {
    server = testServer();
    await server.listen(0, '127.0.0.1');
    await server.close();
    expect(server.closing).toBe(true);
    const response = await server.app.request('/healthz');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'shutting down' });
  });
});

describe('shutdown', () => {
  it('lets a request under way finish, takes no new connection, then resolves', async () => {
    const control = controllableStore();
    server = testServer({ store: control.store });
    const { port } = await server.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${port}`;
    control.holdCalls();
    const inFlight = fetch(`${base}/api/posts`);
    await control.reached();
    let closed = false;
    const closing = server.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false);
    expect((await server.app.request('/healthz')).status).toBe(503);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();

    control.release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    expect((await response.json()) as unknown).toHaveProperty('posts');
    await closing;
    expect(closed).toBe(true);
  });

  it('cuts a request that outlasts the timeout', async () => {
    const control = controllableStore();
    server = testServer({ store: control.store, shutdownTimeoutMs: 50 });
    const { port } = await server.listen(0, '127.0.0.1');
    control.holdCalls();
    const inFlight = fetch(`http://127.0.0.1:${port}/api/posts`);
    await control.reached();
    await server.close();
    await expect(inFlight).rejects.toThrow();
    control.release();
  });
});

describe('request ids and logs', () => {
  it('gives every request an id, sends it as x-request-id and logs one JSON line with it', async () => {
    server = testServer();
    const first = await server.app.request('/api/posts?x=1');
    const second = await server.app.request('/no/such/page');
    const ids = [first, second].map((response) => response.headers.get('x-request-id'));
    expect(ids[0]).toMatch(/^[\w-]{16,}$/);
    expect(ids[1]).not.toBe(ids[0]);
    const lines = server.logs.filter((line) => line.msg === 'request');
    expect(lines).toEqual([
      {
        level: 'info',
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
        // Which process: with WEB_CONCURRENCY several write to one stdout.
        pid: process.pid,
        msg: 'request',
        reqId: ids[0],
        method: 'GET',
        path: '/api/posts',
        status: 200,
        ms: expect.any(Number) as unknown,
      },
      expect.objectContaining({ reqId: ids[1], method: 'GET', path: '/no/such/page', status: 200 }),
    ]);
  });

  it("keeps a proxy's request id", async () => {
    server = testServer();
    const response = await server.app.request('/api/posts', {
      headers: { 'x-request-id': 'lb-1234-abcd' },
    });
    expect(response.headers.get('x-request-id')).toBe('lb-1234-abcd');
    expect(server.logs.at(-1)?.reqId).toBe('lb-1234-abcd');
  });

  it('logs an unexpected error with its stack and request id, and answers a plain 500', async () => {
    const store = createMemoryStore(createDatabase());
    server = testServer({
      store: { ...store, call: () => Promise.reject(new TypeError('a bug in the store')) },
    });
    const response = await server.app.request('/api/posts');
    expect(response.status).toBe(500);
    // What broke stays in the log: strangers are not told about the server's insides.
    expect(await response.json()).toEqual({ error: UNEXPECTED_ERROR });
    const id = response.headers.get('x-request-id');
    const error = server.logs.find((line) => line.level === 'error' && line.err);
    expect(error?.reqId).toBe(id);
    expect(error?.err?.stack).toMatch(/TypeError: a bug in the store\n\s+at /);
    expect(server.logs.at(-1)).toMatchObject({ level: 'error', status: 500, reqId: id });
  });
});
