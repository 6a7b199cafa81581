/**
 * The machines' effects come from the endpoint table: an actor's flat input is split back into
 * the path parameters, the query, the token and the body, as the table says.
 */
import { describe, expect, it } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { createApiClient } from '../../../src/api/client';
import { createApiActors } from '../../../src/machines';

interface Sent {
  url: string;
  method: string;
  authorization: string | null;
  body: unknown;
}

function recordingApi() {
  const sent: Sent[] = [];
  const api = createApiClient({
    baseUrl: 'http://api.test',
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      sent.push({
        url: input instanceof Request ? input.url : input.toString(),
        method: init?.method ?? 'GET',
        authorization: headers.get('authorization'),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return Promise.resolve(new Response(JSON.stringify({ posts: [] }), { status: 201 }));
    },
  });
  return { api, sent };
}

async function run(logic: AnyActorLogic, input: unknown): Promise<unknown> {
  const actor = createActor(logic, { input });
  actor.start();
  return toPromise(actor) as Promise<unknown>;
}

describe('effects derived from the endpoint table', () => {
  it('likePost: the post id fills the path, the token goes in the header, no body', async () => {
    const { api, sent } = recordingApi();
    await run(createApiActors(api).likePost, { postId: 'p 1', token: 't' });
    expect(sent).toEqual([
      {
        url: 'http://api.test/posts/like/p%201',
        method: 'POST',
        authorization: 't',
        body: undefined,
      },
    ]);
  });

  it('addComment: the fields that are not parameters or the token are the body', async () => {
    const { api, sent } = recordingApi();
    await run(createApiActors(api).addComment, { postId: 'p1', commentData: 'Hi', token: 't' });
    expect(sent[0]).toMatchObject({
      url: 'http://api.test/comments/add/p1',
      body: { commentData: 'Hi' },
    });
  });

  it('search: the query parameter; loadPosts: no input at all', async () => {
    const { api, sent } = recordingApi();
    const actors = createApiActors(api);
    await run(actors.search, { q: 'maya ' });
    await run(actors.loadPosts, undefined);
    expect(sent.map(({ url, method, authorization }) => [url, method, authorization])).toEqual([
      ['http://api.test/search?q=maya+', 'GET', null],
      ['http://api.test/posts', 'GET', null],
    ]);
  });

  it('paged reads: optional query parameters go in the URL only when given', async () => {
    const { api, sent } = recordingApi();
    const actors = createApiActors(api);
    await run(actors.latestFeed, {});
    await run(actors.homeFeed, { cursor: 'abc', limit: 5, token: 't' });
    await run(actors.searchFeed, { q: 'bread', limit: 10 });
    await run(actors.userFeed, { username: 'maya' });
    expect(sent.map(({ url, authorization }) => [url, authorization])).toEqual([
      ['http://api.test/feed/latest', null],
      ['http://api.test/feed/home?cursor=abc&limit=5', 't'],
      ['http://api.test/feed/search?q=bread&limit=10', null],
      ['http://api.test/feed/user/maya', null],
    ]);
  });

  it('savePost: create without a post id, edit with one', async () => {
    const { api, sent } = recordingApi();
    const { savePost } = createApiActors(api);
    const postData = { content: 'Hello' };
    await run(savePost, { postId: null, postData, token: 't' });
    await run(savePost, { postId: 'p1', postData, token: 't' });
    expect(sent.map(({ url, body }) => [url, body])).toEqual([
      ['http://api.test/posts', { postData }],
      ['http://api.test/posts/edit/p1', { postData }],
    ]);
  });
});
