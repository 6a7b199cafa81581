/** The typed client's own behaviour: which answered calls it reports as changing server data. */
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from '../../../src/api/client';
import { useMockApi } from '../mocks/harness';

const api = useMockApi();

describe('the API client tells the app when a call changed data', () => {
  it('reports answered writes, sign-up included, and never reads, logins or refusals', async () => {
    const onChanged = vi.fn<() => void>();
    const client = createApiClient({ baseUrl: api.baseUrl, onChanged });
    const token = api.tokens.guest;

    await client.getPosts();
    await client.getUsers();
    await client.getBookmarks(token);
    await client.login({ username: 'guest', password: 'guest1234' });
    expect(onChanged).not.toHaveBeenCalled();

    await client.likePost('post-sofia-scones', token);
    expect(onChanged).toHaveBeenCalledTimes(1);
    await expect(client.likePost('post-sofia-scones', token)).rejects.toBeInstanceOf(ApiError);
    expect(onChanged).toHaveBeenCalledTimes(1);

    await client.bookmarkPost('post-sofia-scones', token);
    await client.signup({
      firstName: 'New',
      lastName: 'One',
      username: 'new_one',
      password: 'secret1',
    });
    expect(onChanged).toHaveBeenCalledTimes(3);
  });
});
