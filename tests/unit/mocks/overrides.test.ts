/** The one-endpoint overrides that stories put in `parameters.msw.handlers`. */
import { describe, expect, it } from 'vitest';
import {
  answerEmptyList,
  answerSlowly,
  ENDPOINT_KEYS,
  failEndpoint,
  neverAnswer,
} from '../../../src/mocks/overrides';
import { createDatabase } from '../../../src/mocks/db/database';
import { createEndpointHandlers } from '../../../src/mocks/handlers';
import { failure, useMockApi } from './harness';

const api = useMockApi();

/** A concrete URL path for an endpoint pattern. */
const concrete = (path: string) =>
  path.replace(':username', 'guest').replace(':commentId', 'c-1').replace(/:\w+/g, 'post-1');

describe('overrides', () => {
  it('ENDPOINT_KEYS names exactly the routes the mock API serves', () => {
    const served = createEndpointHandlers({ db: createDatabase(), baseUrl: '' }).map(
      ({ info }) => `${String(info.method)} ${String(info.path)}`,
    );
    expect([...served].sort()).toEqual([...ENDPOINT_KEYS].sort());
    expect(new Set(ENDPOINT_KEYS).size).toBe(ENDPOINT_KEYS.length);
  });

  it('an override takes over each endpoint from the real API', async () => {
    for (const endpoint of ENDPOINT_KEYS) {
      const [method, path] = endpoint.split(' ') as [string, string];
      const url = `${api.baseUrl}${concrete(path)}`;
      api.server.use(failEndpoint(endpoint, 418, `override ${endpoint}`));
      const overridden = await fetch(url, { method });
      expect(overridden.status, endpoint).toBe(418);
      expect(await overridden.json()).toEqual({ errors: [`override ${endpoint}`] });
      api.server.resetHandlers();
      // Without it, the real API answers the same URL again.
      const real = await fetch(url, { method });
      expect(real.status, endpoint).not.toBe(418);
    }
  });

  it('failEndpoint: 4xx as { errors }, 5xx as { error }; the client reports both', async () => {
    api.server.use(failEndpoint('POST /posts/like/:postId', 503, 'Try again later'));
    const error = await failure(api.client.likePost('post-liam-ridge', api.tokens.maya));
    expect({ status: error.status, message: error.message }).toEqual({
      status: 503,
      message: 'Try again later',
    });
    const response = await fetch(`${api.baseUrl}/posts/like/post-liam-ridge`, { method: 'POST' });
    expect(await response.json()).toEqual({ error: 'Try again later' });
  });

  it('neverAnswer: the call stays pending', async () => {
    api.server.use(neverAnswer('GET /posts'));
    const outcome = await Promise.race([
      api.client.getPosts().then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('pending'), 100)),
    ]);
    expect(outcome).toBe('pending');
  });

  it('answerSlowly: waits, then the real API answers', async () => {
    api.server.use(answerSlowly('GET /users', 120));
    const started = performance.now();
    const { users } = await api.client.getUsers();
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    expect(users).toHaveLength(5);
  });

  it('answerEmptyList: 200 with the list empty, under the right key', async () => {
    api.server.use(
      answerEmptyList('GET /posts'),
      answerEmptyList('GET /users'),
      answerEmptyList('GET /users/bookmark'),
      answerEmptyList('GET /comments/:postId'),
      answerEmptyList('GET /posts/user/:username'),
    );
    expect(await api.client.getPosts()).toEqual({ posts: [] });
    expect(await api.client.getUsers()).toEqual({ users: [] });
    expect(await api.client.getBookmarks(api.tokens.guest)).toEqual({ bookmarks: [] });
    expect(await api.client.getComments('post-sofia-loaf')).toEqual({ comments: [] });
    expect(await api.client.getUserPosts('maya_okafor')).toEqual({ posts: [] });
  });
});
