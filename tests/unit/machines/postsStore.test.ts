/**
 * The posts store: records by id, the server's answers (a feed's page, a read, one post) merged
 * with structural sharing, an optimistic like on the one record. What a card sees through
 * `selectPostById` changes for the liked post only, so only its card draws again.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../../src/api/client';
import type { Post, PostResponse } from '../../../src/api/types';
import {
  isLikePending,
  postsMachine,
  selectPostById,
  shareEqual,
  type PostInput,
  type PostsSnapshot,
} from '../../../src/machines';
import {
  alice,
  bob,
  controlled,
  makeComment,
  makePost,
  me,
  settle,
  signedIn,
  summary,
} from './fixtures';

const posts = [
  makePost('p1', summary(alice)),
  makePost('p2', summary(bob), { comments: [makeComment('c1', summary(alice))] }),
  makePost('p3', summary(alice)),
];

/** The server's answer after `me` liked p1: a fresh object, as JSON would give. */
const afterLike = (): PostResponse => {
  const post = structuredClone(posts[0] as Post);
  post.likes = { likeCount: 1, likedBy: [summary(me)], dislikedBy: [] };
  return { post };
};

type LikeEffect = ReturnType<typeof controlled<PostResponse, PostInput>>;

/** The store with `posts` in it, as a feed's first page brings them (fresh objects). */
async function loadedWith(likePost: LikeEffect = controlled<PostResponse, PostInput>()) {
  const actor = createActor(postsMachine.provide({ actors: { likePost: likePost.logic } }), {
    input: { session: signedIn() },
  });
  actor.start();
  actor.send({ type: 'FEED.PAGE', posts: structuredClone(posts) });
  await settle();
  return actor;
}

const IDS = ['p1', 'p2', 'p3'];
const records = (snapshot: PostsSnapshot) =>
  Object.fromEntries(IDS.map((id) => [id, selectPostById(snapshot, id)] as const));

describe('the posts store', () => {
  it('after a like answer, every other record keeps its object; only the liked one changes', async () => {
    const likePost = controlled<PostResponse, PostInput>();
    const actor = await loadedWith(likePost);
    const before = records(actor.getSnapshot());
    expect(before).toEqual({ p1: posts[0], p2: posts[1], p3: posts[2] });

    // What each card's selector returns, recorded on every change of the store.
    const seen: Record<string, unknown[]> = { p1: [], p2: [], p3: [] };
    actor.subscribe((snapshot) => {
      for (const id of Object.keys(seen)) {
        const value = selectPostById(snapshot, id);
        if (seen[id]?.at(-1) !== value) seen[id]?.push(value);
      }
    });

    actor.send({ type: 'TOGGLE_LIKE', postId: 'p1' });
    expect(selectPostById(actor.getSnapshot(), 'p1')?.likes.likeCount).toBe(1); // optimistic
    await likePost.resolve(afterLike());

    const after = records(actor.getSnapshot());
    expect(after.p2).toBe(before.p2);
    expect(after.p3).toBe(before.p3);
    expect(after.p1).not.toBe(before.p1);
    expect(after.p1?.likes.likedBy.map((person) => person.username)).toEqual(['me']);
    // The cards of p2 and p3 never saw a new value; p1's saw the optimistic and the confirmed one.
    expect(seen.p2).toEqual([before.p2]);
    expect(seen.p3).toEqual([before.p3]);
    expect(seen.p1).toEqual([expect.objectContaining({ _id: 'p1' }), after.p1]);
    expect(seen.p1?.[0]).not.toBe(after.p1);
  });

  it('a like the server refuses rolls back to the very record held before', async () => {
    const likePost = controlled<PostResponse, PostInput>();
    const actor = await loadedWith(likePost);
    const before = records(actor.getSnapshot());

    actor.send({ type: 'TOGGLE_LIKE', postId: 'p1' });
    expect(selectPostById(actor.getSnapshot(), 'p1')).not.toBe(before.p1);
    expect(selectPostById(actor.getSnapshot(), 'p2')).toBe(before.p2);
    expect(isLikePending(actor.getSnapshot(), 'p1')).toBe(true);

    await likePost.reject(new ApiError(404, 'Post not found'));
    expect(isLikePending(actor.getSnapshot(), 'p1')).toBe(false);
    expect(records(actor.getSnapshot())).toEqual(before);
    for (const id of ['p1', 'p2', 'p3']) {
      expect(selectPostById(actor.getSnapshot(), id)).toBe(before[id]);
    }
  });
});

describe('the posts store: pages, reads and saves', () => {
  it('a page read again unchanged leaves the store as it was: the same records object', async () => {
    const actor = await loadedWith();
    const held = actor.getSnapshot().context.posts;
    actor.send({ type: 'FEED.PAGE', posts: structuredClone(posts) });
    actor.send({ type: 'FEED.PAGE', posts: structuredClone(posts.slice(1)) });
    expect(actor.getSnapshot().context.posts).toBe(held);
  });

  it('a page or a read with one changed post changes that record; the rest keep theirs', async () => {
    const actor = await loadedWith();
    const before = records(actor.getSnapshot());
    const p4 = makePost('p4', summary(bob));
    const edited = { ...structuredClone(posts[1] as Post), content: 'Edited' };
    actor.send({ type: 'FEED.PAGE', posts: [edited, p4] });
    const after = records(actor.getSnapshot());
    expect(after.p1).toBe(before.p1);
    expect(after.p3).toBe(before.p3);
    expect(after.p2).toEqual(edited);
    // The comments of p2 did not change: the held array is kept inside the new record.
    expect(after.p2?.comments).toBe(before.p2?.comments);
    expect(selectPostById(actor.getSnapshot(), 'p4')).toEqual(p4);
  });

  it("a page read before a like's answer, arriving after it, does not undo the like", async () => {
    const likePost = controlled<PostResponse, PostInput>();
    const actor = await loadedWith(likePost);
    // The page is asked for now; the server reads p1 before the like reaches it.
    const stalePage = structuredClone(posts);
    actor.send({ type: 'TOGGLE_LIKE', postId: 'p1' });
    const liked = afterLike();
    liked.post.updatedAt = '2026-01-01T00:00:05+00:00'; // the like changed the post
    await likePost.resolve(liked);
    const afterTheLike = selectPostById(actor.getSnapshot(), 'p1');
    expect(afterTheLike?.likes.likeCount).toBe(1);

    actor.send({ type: 'FEED.PAGE', posts: stalePage });
    expect(selectPostById(actor.getSnapshot(), 'p1')).toBe(afterTheLike);
    // A later version (another person's like since) is taken as usual.
    const later = structuredClone(liked.post);
    later.likes.likeCount = 2;
    later.updatedAt = '2026-01-01T00:00:09+00:00';
    actor.send({ type: 'FEED.PAGE', posts: [later] });
    expect(selectPostById(actor.getSnapshot(), 'p1')?.likes.likeCount).toBe(2);
  });

  it('a created post (STORE_POST) is stored and published, newest first; an edit is only stored', async () => {
    const actor = await loadedWith();
    const first = makePost('new-1', summary(me));
    const second = makePost('new-2', summary(me));
    actor.send({ type: 'STORE_POST', post: first, created: true });
    actor.send({ type: 'STORE_POST', post: second, created: true });
    expect(actor.getSnapshot().context.published).toEqual(['new-2', 'new-1']);
    expect(selectPostById(actor.getSnapshot(), 'new-2')).toEqual(second);

    const edited = { ...first, content: 'Better' };
    actor.send({ type: 'STORE_POST', post: edited, created: false });
    expect(selectPostById(actor.getSnapshot(), 'new-1')).toEqual(edited);
    expect(actor.getSnapshot().context.published).toEqual(['new-2', 'new-1']);
    const p1 = posts[0] as Post;
    actor.send({ type: 'STORE_POST', post: { ...p1, content: 'Edited' }, created: false });
    expect(actor.getSnapshot().context.published).toEqual(['new-2', 'new-1']);
  });
});

describe('shareEqual', () => {
  it('share every part that is equal, however deep, and nothing that changed', () => {
    const held = { a: { b: [1, 2, { c: 'x' }] }, d: [{ e: 1 }] };
    const next = structuredClone(held);
    expect(shareEqual(held, next)).toBe(held);
    next.d[0] = { e: 2 };
    const shared = shareEqual(held, next);
    expect(shared).not.toBe(held);
    expect(shared.a).toBe(held.a);
    expect(shared.d).toEqual([{ e: 2 }]);
  });

  it('a new field is a change (no list of keys to fall behind)', () => {
    const held = { a: 1 } as { a: number; editedAt?: string };
    expect(shareEqual(held, { a: 1, editedAt: 'now' })).toEqual({ a: 1, editedAt: 'now' });
    expect(shareEqual(held, { a: 1, editedAt: 'now' })).not.toBe(held);
  });
});
