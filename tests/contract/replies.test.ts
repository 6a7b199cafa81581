/**
 * Replies: the app's comment write may name the comment it answers (`parentId`). A thread nests
 * one level, the spec's comment endpoints keep their answers, and deleting a comment leaves its
 * replies as comments of the post.
 */
import { describe, expect, it } from 'vitest';
import type { Post } from '../../src/api/types';
import { MESSAGES } from '../../src/service/messages';
import { SEED_POST_IDS } from '../../src/seed/posts';
import { expectRefused as refuse, seenBy, storedPost, useApi, USERNAMES } from './harness';

const api = useApi();
const expectRefused = (call: () => Promise<unknown>, status: number, message: string) =>
  refuse(api, call, status, message);

const { sofiaLoaf, guestHello } = SEED_POST_IDS;
const RECIPE = 'comment-loaf-recipe'; // Maya's, on Sofia's post
const WELCOME = 'comment-hello-welcome'; // Maya's, on the guest's post

async function reply(
  postId: string,
  commentData: string,
  parentId?: string,
  token = api.tokens.guest,
): Promise<Post> {
  const { post } = await api.client.call('commentOn', {
    params: { postId },
    token,
    body: parentId === undefined ? { commentData } : { commentData, parentId },
  });
  return post;
}

describe('POST /post/:postId/comments with parentId', () => {
  it('stores a reply under the comment it answers, as every read shows it', async () => {
    const post = await reply(sofiaLoaf, 'Thanks for the recipe', RECIPE);
    const answered = post.comments.at(-1);
    expect(answered).toMatchObject({
      commentData: 'Thanks for the recipe',
      username: USERNAMES.guest,
      parentId: RECIPE,
    });
    const page = await api.client.call('postPage', {
      params: { postId: sofiaLoaf },
      token: api.tokens.guest,
    });
    expect(page.post).toEqual(post);
    expect(seenBy((await api.client.getPost(sofiaLoaf)).post, USERNAMES.guest)).toEqual(post);
    // The spec's read answers the same comments (naming every voter), the reply's parent with them.
    const { comments } = await api.client.getComments(sofiaLoaf);
    expect(seenBy({ ...post, comments }, USERNAMES.guest).comments).toEqual(post.comments);
  });

  it('keeps a comment without parentId a comment of the post (no parentId in answers)', async () => {
    const post = await reply(sofiaLoaf, 'Plain comment');
    expect(post.comments.at(-1)).not.toHaveProperty('parentId');
  });

  it('puts a reply to a reply under the first comment of its thread: one level', async () => {
    const first = await reply(sofiaLoaf, 'First reply', RECIPE);
    const firstReply = first.comments.at(-1);
    if (firstReply === undefined) throw new Error('No reply answered');
    const second = await reply(sofiaLoaf, 'A reply to the reply', firstReply._id, api.tokens.maya);
    expect(second.comments.at(-1)).toMatchObject({
      commentData: 'A reply to the reply',
      username: USERNAMES.maya,
      parentId: RECIPE,
    });
  });

  it('refuses a parent that is not a comment of this post, and a parentId not a string', async () => {
    await expectRefused(
      () => reply(sofiaLoaf, 'Lost', 'comment-missing'),
      404,
      MESSAGES.commentNotFound,
    );
    // A comment of another post is not one of this post's.
    await expectRefused(
      () => reply(sofiaLoaf, 'Elsewhere', WELCOME),
      404,
      MESSAGES.commentNotFound,
    );
    await expectRefused(
      () =>
        api.client.call('commentOn', {
          params: { postId: sofiaLoaf },
          token: api.tokens.guest,
          body: { commentData: 'Odd', parentId: 7 } as unknown as { commentData: string },
        }),
      400,
      'parentId must be a string',
    );
    const stored = storedPost(await api.state(), sofiaLoaf).comments;
    expect(stored.map((comment) => comment.commentData)).not.toContain('Lost');
  });

  it("leaves the spec's comment endpoint as it was: a parentId sent there is not a reply", async () => {
    const response = await fetch(`${api.baseUrl}/comments/add/${sofiaLoaf}`, {
      method: 'POST',
      headers: { authorization: api.tokens.guest, 'content-type': 'application/json' },
      body: JSON.stringify({ commentData: 'Spec comment', parentId: RECIPE }),
    });
    expect(response.status).toBe(201);
    const stored = storedPost(await api.state(), sofiaLoaf).comments.at(-1);
    expect(stored?.commentData).toBe('Spec comment');
    expect(stored).not.toHaveProperty('parentId');
  });

  it('deleting a comment leaves its replies as comments of the post', async () => {
    const post = await reply(guestHello, 'Glad you came', WELCOME, api.tokens.liam);
    const replyId = post.comments.at(-1)?._id;
    // The guest wrote the post, so may delete Maya's comment under it.
    await api.client.deleteComment(guestHello, WELCOME, api.tokens.guest);
    const { post: after } = await api.client.getPost(guestHello);
    const kept = after.comments.find((comment) => comment._id === replyId);
    expect(kept).toMatchObject({ commentData: 'Glad you came', username: USERNAMES.liam });
    expect(kept).not.toHaveProperty('parentId');
  });
});
