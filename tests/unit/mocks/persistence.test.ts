/** The database survives a reload through its storage adapter, and recovers from bad storage. */
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { createSeedState } from '../../../src/seed/seed';
import { openDatabase } from '../../../src/mocks/db/database';
import { SCHEMA_VERSION } from '../../../src/mocks/db/schema';
import { createMemoryStorage, type StorageAdapter } from '../../../src/mocks/db/storage';
import { createHandlers } from '../../../src/mocks/handlers';
import { useMockApi } from './harness';

const api = useMockApi();
const seed = createSeedState();

/** Serves `db` on its own origin through the shared test server and returns a client for it. */
function serve(db: Awaited<ReturnType<typeof openDatabase>>, origin: string) {
  api.server.use(...createHandlers({ db, baseUrl: `${origin}/api` }));
  return createApiClient({ baseUrl: `${origin}/api` });
}

describe('persistence', () => {
  it('starts from the seed and stores it when nothing was stored, without a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const storage = createMemoryStorage();
    const db = await openDatabase(storage);
    expect(db.state).toEqual(seed);
    expect(storage.peek()).toEqual({ schemaVersion: SCHEMA_VERSION, revision: 1, state: seed });
    expect(warn).not.toHaveBeenCalled();
  });

  it('round-trips: writes through the API, a "reload" restores exactly the same state', async () => {
    const storage = createMemoryStorage();
    const db = await openDatabase(storage);
    const client = serve(db, 'http://first.test');
    const { encodedToken } = await client.signup({
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada_l',
      password: 'engine42',
    });
    await client.createPost({ content: 'Persist me' }, encodedToken);
    await client.followUser('user-maya', encodedToken);
    await client.bookmarkPost('post-liam-ridge', encodedToken);
    await client.addComment('post-liam-ridge', 'Lovely', encodedToken);
    await client.editUser({ bio: 'Counting' }, encodedToken);
    // Every response waits for its save: nothing to flush by hand.

    const reloaded = await openDatabase(storage);
    expect(reloaded.state).toEqual(db.state);
    expect(reloaded.state).not.toEqual(seed);

    const again = serve(reloaded, 'http://second.test');
    const { foundUser } = await again.login({ username: 'ada_l', password: 'engine42' });
    expect(foundUser.bio).toBe('Counting');
    expect(foundUser.following.map((user) => user.username)).toEqual(['maya_okafor']);
    expect(foundUser.bookmarks.map((post) => post._id)).toEqual(['post-liam-ridge']);
  });

  it('reset restores the seed and stores it', async () => {
    const storage = createMemoryStorage();
    const db = await openDatabase(storage);
    await db.update((draft) => {
      draft.posts = [];
      return Promise.resolve();
    });
    await db.reset();
    expect(db.state).toEqual(seed);
    expect((await openDatabase(storage)).state).toEqual(seed);
  });

  it('reads a database stored whole (before records were stored one by one) and rewrites it record by record', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const earlier = createSeedState();
    earlier.posts = earlier.posts.slice(2);
    const storage = createMemoryStorage({
      schemaVersion: SCHEMA_VERSION,
      revision: 7,
      state: earlier,
    });
    const db = await openDatabase(storage);
    expect(db.state).toEqual(earlier);
    expect(storage.peek()).toEqual({ schemaVersion: SCHEMA_VERSION, revision: 7, state: earlier });
    // meta, one entry per user and per post, and the log entry of the rewrite; the old key is gone.
    expect(storage.size()).toBe(1 + earlier.users.length + earlier.posts.length + 1);
    expect((await openDatabase(storage)).state).toEqual(earlier);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['a corrupt value', 'not a database', /corrupt/],
    [
      'a corrupt state',
      { schemaVersion: SCHEMA_VERSION, state: { users: 'x', posts: [] } },
      /corrupt/,
    ],
    [
      'a half-shaped post',
      {
        schemaVersion: SCHEMA_VERSION,
        state: { ...createSeedState(), posts: [{ _id: 'post-1', content: 'no likes field' }] },
      },
      /corrupt/,
    ],
    [
      'an older schema version',
      { schemaVersion: SCHEMA_VERSION - 1, state: seed },
      /schema version/,
    ],
  ])('replaces %s by the seed with a console warning', async (_case, stored, reason) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const storage = createMemoryStorage(stored);
    const db = await openDatabase(storage);
    expect(db.state).toEqual(seed);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(reason));
    expect(storage.peek()).toEqual({ schemaVersion: SCHEMA_VERSION, revision: 1, state: seed });
  });

  it('survives storage that cannot be read or written: seed in memory, warnings, no crash', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken: StorageAdapter = {
      load: () => Promise.reject(new Error('IndexedDB is unavailable')),
      replace: () => Promise.reject(new Error('QuotaExceededError')),
      commit: () => Promise.reject(new Error('QuotaExceededError')),
      revision: () => Promise.reject(new Error('IndexedDB is unavailable')),
      changesSince: () => Promise.reject(new Error('IndexedDB is unavailable')),
      exclusive: (work) => work(),
    };
    const db = await openDatabase(broken);
    expect(db.state).toEqual(seed);
    const client = serve(db, 'http://broken-storage.test');
    const { encodedToken } = await client.login({ username: 'guest', password: 'guest1234' });
    const { posts } = await client.createPost({ content: 'Still works' }, encodedToken);
    expect(posts).toHaveLength(9);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/could not be read/));
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/Could not save/), expect.any(Error));
  });
});
