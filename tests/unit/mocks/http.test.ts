/**
 * What only the mock's MSW host does: the simulated network delay, the default avatar under the
 * app's path, and a real bug in its store answered 500 (the rest of the wrapper runs against every target in tests/contract/http.test.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { createDatabase, type Database } from '../../../src/mocks/db/database';
import { createHandlers } from '../../../src/mocks/handlers';
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
