/**
 * What only the mock's MSW host does: the simulated network delay, the default avatar under the
 * app's path, and a real bug in its store answered 500 (the rest of the wrapper runs against every target in tests/contract/http.test.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { ASKED_AT_HEADER, createApiClient } from '../../../src/api/client';
import { createDatabase, type Database } from '../../../src/mocks/db/database';
import { createHandlers, delayOwed } from '../../../src/mocks/handlers';
import { snapshot, useMockApi } from './harness';

const api = useMockApi();

describe('the mock host', () => {
  it('answers a real bug with 500 { error } and changes nothing', async () => {
    const broken: Database = {
      // The same records, so the guest's session is open there too.
      ...createDatabase({ initial: api.db.state }),
      update: () => Promise.reject(new TypeError('disk on fire')),
    };
    api.server.use(...createHandlers({ db: broken, baseUrl: 'http://broken.test/api' }));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const before = snapshot(api.db);
    const response = await fetch('http://broken.test/api/posts/like/post-sofia-scones', {
      method: 'POST',
      headers: { authorization: api.tokens.guest },
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'disk on fire' });
    expect(error).toHaveBeenCalled();
    expect(api.db.state).toEqual(before);
  });

  it('waits the configured delay before answering', async () => {
    const db = createDatabase();
    api.server.use(...createHandlers({ db, delayMs: 150, baseUrl: 'http://slow.test/api' }));
    const slow = createApiClient({ baseUrl: 'http://slow.test/api' });
    const started = performance.now();
    const { posts } = await slow.getPosts();
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(posts).toHaveLength(8);
  });

  it('counts the delay from when the app asked, so a call held while the mock started is not delayed twice', () => {
    const asked = (at: string | null) =>
      new Request(
        'http://x.test/api/posts',
        at === null ? {} : { headers: { [ASKED_AT_HEADER]: at } },
      );
    const now = 1_000_000;
    expect(delayOwed(asked(null), 400, now)).toBe(400);
    expect(delayOwed(asked(String(now)), 400, now)).toBe(400);
    expect(delayOwed(asked(String(now - 150)), 400, now)).toBe(250);
    expect(delayOwed(asked(String(now - 5_000)), 400, now)).toBe(0);
    // A clock that says the call was asked later still waits the whole delay, never more.
    expect(delayOwed(asked(String(now + 5_000)), 400, now)).toBe(400);
    expect(delayOwed(asked('soon'), 400, now)).toBe(400);
  });

  it('stamps when a call was asked only when the client waits for a mock to be ready', async () => {
    const db = createDatabase();
    const seen: (string | null)[] = [];
    api.server.use(...createHandlers({ db, baseUrl: 'http://stamp.test/api' }));
    const spy = (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Headers(init?.headers).get(ASKED_AT_HEADER));
      return fetch(input, init);
    };
    const before = Date.now();
    await createApiClient({ baseUrl: 'http://stamp.test/api', fetch: spy }).getPosts();
    await createApiClient({
      baseUrl: 'http://stamp.test/api',
      fetch: spy,
      ready: () => new Promise((resolve) => setTimeout(resolve, 20)),
    }).getPosts();
    expect(seen[0]).toBeNull();
    const stamped = Number(seen[1]);
    expect(stamped).toBeGreaterThanOrEqual(before);
    expect(stamped).toBeLessThanOrEqual(Date.now() - 20);
  });

  it('gives a new account the default avatar of the app it serves, also under a sub-path', async () => {
    const db = createDatabase();
    api.server.use(
      ...createHandlers({ db, baseUrl: 'http://sub.test/murmur/api', appBase: '/murmur/' }),
    );
    const client = createApiClient({ baseUrl: 'http://sub.test/murmur/api' });
    const { createdUser } = await client.signup({
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada_sub',
      password: 'engine42',
    });
    expect(createdUser.profile).toBe('/murmur/default-avatar.svg');
  });
});
