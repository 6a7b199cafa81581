/**
 * The live hub's costs when a reader stops reading: a stream is cut past its unsent bytes, or when
 * behind at two heartbeats in a row (it resumes from the log), and a person's streams are capped.
 * On the memory store: events logged by `store.write`, as a like logs its counts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../src/mocks/db/database';
import { createMemoryStore } from '../../../src/mocks/db/memoryStore';
import { HttpError } from '../../../src/service/errors';
import type { Store } from '../../../src/service/store';
import { createLiveHub, TOO_MANY_STREAMS, type LiveHub } from '../../../src/service/stream';

const store = createMemoryStore(createDatabase());
let hub: LiveHub | undefined;
afterEach(() => hub?.close());

/** Logs `count` events for everyone, each about 150 bytes on the wire. */
async function logEvents(count: number) {
  await store.write(async (writes) => {
    for (let index = 0; index < count; index += 1) {
      await writes.events.append(
        { type: 'counts', postId: `post-${index}`, likeCount: index, commentCount: 0 },
        null,
      );
    }
  });
}

const settle = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createLiveHub', () => {
  it('cuts a stream whose reader stopped once it holds more than its unsent bytes', async () => {
    hub = createLiveHub(store, { heartbeatMs: 60_000, slowBytes: 1024, maxUnsentBytes: 8 * 1024 });
    const reader = (await hub.open('user-slow', null)).body?.getReader();
    await reader?.read(); // the opening lines, then nothing more is read
    await settle();
    await logEvents(20);
    await settle();
    expect(hub.size).toBe(1); // about 3 KB unsent: behind, not yet cut
    await logEvents(100);
    await settle();
    expect(hub.size).toBe(0);
    // What it held is dropped: the reader sees the stream fail, not 15 KB more of it.
    await expect(reader?.read()).rejects.toThrow('too far behind');
  });

  it('cuts a reader behind at two heartbeats in a row, and keeps one that catches up', async () => {
    hub = createLiveHub(store, { heartbeatMs: 80, slowBytes: 1024, maxUnsentBytes: 1 << 20 });
    const stuck = (await hub.open('user-stuck', null)).body?.getReader();
    const catching = (await hub.open('user-catching', null)).body?.getReader();
    await stuck?.read();
    await catching?.read();
    await settle();
    await logEvents(20);
    await settle(100); // one heartbeat: both behind
    expect(hub.size).toBe(2);
    // One reads what it holds before the next heartbeat (until a read waits); the other does not.
    const readSoon = () =>
      Promise.race([catching?.read().then(() => true), settle(5).then(() => false)]);
    while (await readSoon()) {
      // Taking the stream's chunks.
    }
    await settle(100);
    expect(hub.size).toBe(1);
    await expect(stuck?.read()).rejects.toThrow('too far behind');
  });

  it("refuses a person's stream past the limit, not anyone else's, and takes one again once one ends", async () => {
    hub = createLiveHub(store, { heartbeatMs: 60_000, maxStreamsPerPerson: 2 });
    const controllers = [new AbortController(), new AbortController()];
    for (const controller of controllers) await hub.open('user-many', null, controller.signal);
    await expect(hub.open('user-many', null)).rejects.toThrow(new HttpError(429, TOO_MANY_STREAMS));
    expect((await hub.open('user-other', null)).status).toBe(200);
    controllers[0]?.abort();
    expect((await hub.open('user-many', null)).status).toBe(200);
    expect(hub.size).toBe(3);
  });

  it('sends a stream opened "from now on" every event logged once it is answered', async () => {
    // A store whose reads take a while, as a database's do: the write lands while one is out.
    const slow: Store = {
      ...store,
      readEach: async (work) => {
        await settle(20);
        return store.readEach(work);
      },
    };
    hub = createLiveHub(slow, { heartbeatMs: 60_000 });
    await logEvents(3);
    // No stream was open: the hub has not read the log yet, and the write comes at once.
    const reader = (await hub.open('user-fresh', null)).body?.pipeThrough(new TextDecoderStream());
    await logEvents(1);
    const text = reader?.getReader();
    let seen = '';
    while (!seen.includes('"type":"counts"')) {
      const chunk = await text?.read();
      if (chunk === undefined || chunk.done) break;
      seen += chunk.value;
    }
    expect(seen).toContain('"postId":"post-0"');
  });
});
