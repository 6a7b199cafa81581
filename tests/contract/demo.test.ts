/** POST /api/demo/reset: the demo's way back to the seed. */
import { describe, expect, it } from 'vitest';
import { expectRefused, useApi } from './harness';

const api = useApi();

describe('POST /api/demo/reset', () => {
  it('puts the seed back for everyone and says so', async () => {
    await api.client.createPost({ content: 'Soon gone' }, api.tokens.maya);
    await api.client.followUser(
      (await api.client.getUsers()).users.find((u) => u.username === 'noah_runs')?._id ?? '',
      api.tokens.guest,
    );
    expect((await api.client.getPosts()).posts).toHaveLength(9);

    expect(await api.client.resetDemoData(api.tokens.guest)).toEqual({
      message: 'Demo data restored.',
    });

    const { posts } = await api.client.getPosts();
    expect(posts).toHaveLength(8);
    expect(posts.some((post) => post.content === 'Soon gone')).toBe(false);
    const guest = (await api.client.getUsers()).users.find((u) => u.username === 'guest');
    expect(guest?.following.map((u) => u.username)).not.toContain('noah_runs');
  });

  it('needs a signed-in person and changes nothing otherwise', async () => {
    await api.client.createPost({ content: 'Still here' }, api.tokens.maya);
    await expectRefused(
      api,
      () => api.client.resetDemoData('not-a-token'),
      401,
      'The token is invalid. Unauthorized access error.',
    );
    expect((await api.client.getPosts()).posts).toHaveLength(9);
  });
});
