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

function recordingApi(answer: unknown = { posts: [] }) {
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
      return Promise.resolve(new Response(JSON.stringify(answer), { status: 201 }));
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
  it('likePost (likeOne): the post id fills the path, the token goes in the header, no body', async () => {
    const { api, sent } = recordingApi();
    await run(createApiActors(api).likePost, { postId: 'p 1', token: 't' });
    expect(sent).toEqual([
      {
        url: 'http://api.test/post/p%201/like',
        method: 'POST',
        authorization: 't',
        body: undefined,
      },
    ]);
  });

  it('the one-post writes: dislikeOne and removePost, by the post id', async () => {
    const { api, sent } = recordingApi();
    const actors = createApiActors(api);
    await run(actors.dislikePost, { postId: 'p1', token: 't' });
    await run(actors.deletePost, { postId: 'p1', token: 't' });
    expect(sent.map(({ url, method, authorization }) => [url, method, authorization])).toEqual([
      ['http://api.test/post/p1/dislike', 'POST', 't'],
      ['http://api.test/post/p1', 'DELETE', 't'],
    ]);
  });

  it('addComment (commentOn): the fields that are not parameters or the token are the body', async () => {
    const { api, sent } = recordingApi();
    await run(createApiActors(api).addComment, { postId: 'p1', commentData: 'Hi', token: 't' });
    expect(sent[0]).toMatchObject({
      url: 'http://api.test/post/p1/comments',
      method: 'POST',
      body: { commentData: 'Hi' },
    });
  });

  it('search: the query parameter; getDemoInfo: no input at all', async () => {
    const { api, sent } = recordingApi();
    const actors = createApiActors(api);
    await run(actors.search, { q: 'maya ' });
    await run(actors.getDemoInfo, undefined);
    expect(sent.map(({ url, method, authorization }) => [url, method, authorization])).toEqual([
      ['http://api.test/search?q=maya+', 'GET', null],
      ['http://api.test/demo', 'GET', null],
    ]);
  });

  it('savePost: publishPost without a post id, updatePost with one', async () => {
    const { api, sent } = recordingApi();
    const { savePost } = createApiActors(api);
    const postData = { content: 'Hello' };
    await run(savePost, { postId: null, postData, token: 't' });
    await run(savePost, { postId: 'p1', postData, token: 't' });
    expect(sent.map(({ url, method, body }) => [url, method, body])).toEqual([
      ['http://api.test/post', 'POST', { postData }],
      ['http://api.test/post/p1', 'POST', { postData }],
    ]);
  });

  it('loadFeedPage: each feed its endpoint; the cursor in the query, the token where needed or given', async () => {
    const { api, sent } = recordingApi({ posts: [], next: null });
    const { loadFeedPage } = createApiActors(api);
    await run(loadFeedPage, { feed: { kind: 'home' }, cursor: null, token: 't' });
    await run(loadFeedPage, { feed: { kind: 'home' }, cursor: 'c 2', token: 't' });
    await run(loadFeedPage, { feed: { kind: 'latest' }, cursor: null, token: 't' });
    await run(loadFeedPage, { feed: { kind: 'trending' }, cursor: 'c2', token: null });
    await run(loadFeedPage, { feed: { kind: 'hashtag', tag: 'cats' }, cursor: null, token: null });
    const alice = { kind: 'user', username: 'alice' } as const;
    await run(loadFeedPage, { feed: alice, cursor: null, token: 't' });
    await run(loadFeedPage, { feed: alice, cursor: 'c3', token: null });
    expect(sent.map(({ url, method, authorization }) => [url, method, authorization])).toEqual([
      ['http://api.test/feed/home', 'GET', 't'],
      ['http://api.test/feed/home?cursor=c+2', 'GET', 't'],
      // A public feed is sent the token when there is one: it marks the reader's own likes.
      ['http://api.test/feed/latest', 'GET', 't'],
      ['http://api.test/feed/trending?cursor=c2', 'GET', null],
      ['http://api.test/feed/hashtag/cats', 'GET', null],
      // A person's posts, a page at a time like every feed (not the spec's whole list).
      ['http://api.test/feed/user/alice', 'GET', 't'],
      ['http://api.test/feed/user/alice?cursor=c3', 'GET', null],
    ]);
  });
});
