/**
 * The live stream (`GET /api/stream`, src/service/stream.ts): what a write tells, to whom, and a
 * dropped connection resumed with `Last-Event-ID` that misses nothing, on every target.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../src/api/types';
import { SEED_POST_IDS } from '../../src/seed/posts';
import { SEED_USER_IDS } from '../../src/seed/users';
import { TOO_MANY_STREAMS } from '../../src/service/stream';
import { openStream, type Message, type OpenStream } from '../support/sse';
import { useApi } from './harness';

const api = useApi();
const { guestHello, sofiaLoaf } = SEED_POST_IDS;

const open: OpenStream[] = [];
afterEach(() => {
  for (const stream of open.splice(0)) stream.drop();
});

async function stream(token: string, lastEventId?: string): Promise<OpenStream> {
  const opened = await openStream(api.baseUrl, token, lastEventId);
  open.push(opened);
  return opened;
}

const ofType = <T extends LiveEvent['type']>(messages: readonly Message[], type: T) =>
  messages
    .map((message) => message.data)
    .filter((event): event is Extract<LiveEvent, { type: T }> => event.type === type);

describe('GET /stream', () => {
  it('refuses a caller without a valid token', async () => {
    const response = await fetch(`${api.baseUrl}/stream`, { headers: { authorization: 'x' } });
    expect(response.status).toBe(401);
  });

  it("refuses a person's stream past the limit with 429 and says why", async () => {
    for (let count = 0; count < 8; count += 1) {
      expect((await stream(api.tokens.sofia)).status).toBe(200);
    }
    const response = await fetch(`${api.baseUrl}/stream`, {
      headers: { accept: 'text/event-stream', authorization: api.tokens.sofia },
    });
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ errors: [TOO_MANY_STREAMS] });
    // Someone else's is still taken.
    expect((await stream(api.tokens.liam)).status).toBe(200);
  });

  it("tells everyone a post's counts and a new post, and only its recipient their unread count", async () => {
    const guest = await stream(api.tokens.guest);
    const liam = await stream(api.tokens.liam);
    expect(guest.status).toBe(200);
    await api.client.call('likeOne', { params: { postId: guestHello }, token: api.tokens.maya });
    const { post } = await api.client.call('publishPost', {
      token: api.tokens.sofia,
      body: { postData: { content: 'Fresh from the oven' } },
    });
    const seen = await guest.until((messages) => ofType(messages, 'post').length > 0);
    expect(ofType(seen, 'counts')).toEqual([
      { type: 'counts', postId: guestHello, likeCount: 1, commentCount: 1 },
    ]);
    expect(ofType(seen, 'inbox')).toEqual([{ type: 'inbox', unread: 1 }]);
    expect(ofType(seen, 'post')).toEqual([
      { type: 'post', postId: post._id, authorId: SEED_USER_IDS.sofia, change: 'created' },
    ]);
    const theirs = await liam.until((messages) => ofType(messages, 'post').length > 0);
    expect(ofType(theirs, 'inbox')).toEqual([]);
    expect(ofType(theirs, 'counts')).toHaveLength(1);
    // Ids grow with every message.
    const ids = seen.map((message) => Number(message.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('tells the people whose notifications go with a deleted post or comment their new count', async () => {
    const { post } = await api.client.call('publishPost', {
      token: api.tokens.guest,
      body: { postData: { content: 'Not for long' } },
    });
    await api.client.call('likeOne', { params: { postId: post._id }, token: api.tokens.maya });
    const commented = await api.client.call('commentOn', {
      params: { postId: guestHello },
      token: api.tokens.liam,
      body: { commentData: 'Soon gone' },
    });
    const written = commented.post.comments.at(-1)?._id ?? '';
    const guest = await stream(api.tokens.guest);
    await api.client.deleteComment(guestHello, written, api.tokens.liam);
    await api.client.call('removePost', { params: { postId: post._id }, token: api.tokens.guest });
    const seen = await guest.until((messages) => ofType(messages, 'inbox').length >= 2);
    expect(ofType(seen, 'inbox')).toEqual([
      { type: 'inbox', unread: 1 },
      { type: 'inbox', unread: 0 },
    ]);
  });

  it('tells everyone of a follow and an unfollow, naming the one followed', async () => {
    const liam = await stream(api.tokens.liam);
    const { person } = await api.client.call('followOne', {
      params: { userId: SEED_USER_IDS.sofia },
      token: api.tokens.guest,
    });
    await api.client.call('unfollowOne', {
      params: { userId: SEED_USER_IDS.sofia },
      token: api.tokens.guest,
    });
    const seen = await liam.until((messages) => ofType(messages, 'follow').length >= 2);
    const { _id, firstName, lastName, username, profile } = person;
    const follow = {
      type: 'follow',
      followerId: SEED_USER_IDS.guest,
      followeeId: SEED_USER_IDS.sofia,
      followee: { _id, firstName, lastName, username, profile },
    };
    expect(ofType(seen, 'follow')).toEqual([
      { ...follow, following: true },
      { ...follow, following: false },
    ]);
  });

  it('tells only its maker of a bookmark made and taken back', async () => {
    const guest = await stream(api.tokens.guest);
    const liam = await stream(api.tokens.liam);
    const params = { postId: guestHello };
    await api.client.call('bookmarkOne', { params, token: api.tokens.guest });
    await api.client.call('unbookmarkOne', { params, token: api.tokens.guest });
    // A later event everyone is told of marks where liam's stream has read to.
    await api.client.call('likeOne', { params, token: api.tokens.maya });
    const seen = await guest.until((messages) => ofType(messages, 'counts').length > 0);
    expect(ofType(seen, 'bookmark')).toEqual([
      { type: 'bookmark', postId: guestHello, bookmarked: true },
      { type: 'bookmark', postId: guestHello, bookmarked: false },
    ]);
    const theirs = await liam.until((messages) => ofType(messages, 'counts').length > 0);
    expect(ofType(theirs, 'bookmark')).toEqual([]);
  });

  it("tells everyone that a post's comments changed when one is edited or voted on", async () => {
    const guest = await stream(api.tokens.guest);
    const welcome = 'comment-hello-welcome'; // Maya's, on the guest's post
    await api.client.call('editComment', {
      params: { postId: guestHello, commentId: welcome },
      token: api.tokens.maya,
      body: { commentData: 'Welcome, and hello again' },
    });
    await api.client.upvoteComment(guestHello, welcome, api.tokens.liam);
    const seen = await guest.until((messages) => ofType(messages, 'post').length >= 2);
    const change = { type: 'post', postId: guestHello, authorId: SEED_USER_IDS.guest };
    expect(ofType(seen, 'post')).toEqual([
      { ...change, change: 'comments' },
      { ...change, change: 'comments' },
    ]);
  });

  it('resumes a dropped stream from Last-Event-ID without missing or repeating an event', async () => {
    const first = await stream(api.tokens.guest);
    const count = 30;
    // A burst of writes; the connection drops after the first few events have arrived.
    const burst = (async () => {
      for (let index = 0; index < count; index += 1) {
        await api.client.call('publishPost', {
          token: api.tokens.maya,
          body: { postData: { content: `Burst ${index}` } },
        });
      }
    })();
    await first.until((messages) => messages.length >= 5);
    first.drop();
    const lastId = first.messages.at(-1)?.id ?? '';
    await api.client.call('commentOn', {
      params: { postId: sofiaLoaf },
      token: api.tokens.liam,
      body: { commentData: 'While you were away' },
    });
    const resumed = await stream(api.tokens.guest, lastId);
    await burst;
    const all = await resumed.until(
      (messages) =>
        first.messages.length + ofType(messages, 'post').length >= count &&
        ofType(messages, 'counts').length >= 1,
      10_000,
    );
    const received = [...first.messages, ...all].filter((message) => message.event === 'post');
    const contents = new Set(received.map((message) => message.id));
    expect(contents.size).toBe(received.length);
    expect(received).toHaveLength(count);
    const ids = [...first.messages, ...all].map((message) => Number(message.id));
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
  });

  it('tells a stream resumed from an id it no longer keeps to start again', async () => {
    const resumed = await stream(api.tokens.guest, '999999999');
    const [message] = await resumed.until((messages) => messages.length > 0);
    expect(message?.data).toEqual({ type: 'reset' });
  });
});
