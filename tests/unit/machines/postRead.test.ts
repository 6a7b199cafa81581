/**
 * A post's page reads its post whole through the posts machine (`POST.OPEN`): the post goes to
 * the store, or the read says there is no such post or that it failed; a reply names its parent.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../../src/api/client';
import type { PostResponse } from '../../../src/api/types';
import {
  postReadMachine,
  postsMachine,
  selectPostById,
  selectPostRead,
  type AddCommentInput,
  type PostReadInput,
} from '../../../src/machines';
import { alice, answering, makePost, settle, signedIn, summary, TOKEN } from './fixtures';

const p1 = makePost('p1', summary(alice));

function start(loadPost: ReturnType<typeof fromPromise<PostResponse, PostReadInput>>) {
  const actors = { postRead: postReadMachine.provide({ actors: { loadPost } }) };
  const actor = createActor(postsMachine.provide({ actors }), {
    input: { session: signedIn() },
  });
  actor.start();
  return actor;
}

describe('POST.OPEN', () => {
  it('reads the post into the store; opening it again reads it again', async () => {
    const calls: PostReadInput[] = [];
    const actor = start(
      fromPromise<PostResponse, PostReadInput>(({ input }) => {
        calls.push(input);
        return Promise.resolve({ post: p1 });
      }),
    );
    actor.send({ type: 'POST.OPEN', postId: 'p1' });
    expect(selectPostRead(actor.getSnapshot(), 'p1')).toBe('loading');
    await settle();
    expect(selectPostById(actor.getSnapshot(), 'p1')).toEqual(p1);
    expect(selectPostRead(actor.getSnapshot(), 'p1')).toBeUndefined();
    actor.send({ type: 'POST.OPEN', postId: 'p1' });
    await settle();
    // With the reader's token: their own like and votes come with the post.
    expect(calls).toEqual([
      { postId: 'p1', token: TOKEN },
      { postId: 'p1', token: TOKEN },
    ]);
  });

  it('says a post is missing on a 404, and that the read failed otherwise', async () => {
    const missing = start(
      fromPromise<PostResponse, PostReadInput>(() =>
        Promise.reject(new ApiError(404, 'Post not found')),
      ),
    );
    missing.send({ type: 'POST.OPEN', postId: 'gone' });
    await settle();
    expect(selectPostRead(missing.getSnapshot(), 'gone')).toBe('missing');

    const broken = start(
      fromPromise<PostResponse, PostReadInput>(() => Promise.reject(new ApiError(500, 'Boom'))),
    );
    broken.send({ type: 'POST.OPEN', postId: 'p1' });
    await settle();
    expect(selectPostRead(broken.getSnapshot(), 'p1')).toBe('failed');
  });
});

describe('COMMENT.ADD with a parent', () => {
  it("sends the reply's parentId to the server, and none for a comment", async () => {
    const addComment = answering<PostResponse, AddCommentInput>(() => ({ post: p1 }));
    const actor = createActor(postsMachine.provide({ actors: { addComment: addComment.logic } }), {
      input: { session: signedIn() },
    });
    actor.start();
    actor.send({ type: 'COMMENT.ADD', postId: 'p1', text: ' Agreed ', parentId: 'c1' });
    await settle();
    actor.send({ type: 'COMMENT.ADD', postId: 'p1', text: 'Plain' });
    await settle();
    expect(addComment.calls).toEqual([
      expect.objectContaining({ postId: 'p1', commentData: 'Agreed', parentId: 'c1' }),
      expect.not.objectContaining({ parentId: expect.anything() as unknown }),
    ]);
  });
});
