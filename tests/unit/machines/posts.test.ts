import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Post, PostIdResponse, PostResponse } from '../../../src/api/types';
import {
  feedId,
  feedMachine,
  isDeletePending,
  isBookmarkPending,
  isLikePending,
  postsMachine,
  selectPendingCount,
  selectPostById,
  type AddCommentInput,
  type CommentInput,
  type EditCommentInput,
  type FeedActorRef,
  type FeedKey,
  type FeedPage,
  type FeedPageInput,
  type PostInput,
  type PostsEmitted,
  type PostsSnapshot,
  type Session,
} from '../../../src/machines';
import { applyOptimistic } from '../../../src/machines/posts';
import {
  alice,
  bob,
  answering,
  controlled,
  failing,
  makeComment,
  makePost,
  me,
  recordEmitted,
  refused,
  settle,
  signedIn,
  signedOut,
  summary,
  TOKEN,
  unauthorized,
} from './fixtures';

type Actors = Parameters<typeof postsMachine.provide>[0]['actors'];

function start(actors: Actors = {}, session: Session = signedIn()) {
  const actor = createActor(postsMachine.provide({ actors }), { input: { session } });
  const emitted = recordEmitted<PostsEmitted>(actor);
  actor.start();
  return { actor, emitted };
}

const p1 = makePost('p1', summary(alice));
const p2 = makePost('p2', summary(alice));
const liked = (post: Post): Post => ({
  ...post,
  likes: { likeCount: post.likes.likeCount + 1, likedBy: [summary(me)], dislikedBy: [] },
});

/**
 * Starts with `posts` in the store, read as the app reads them now: a feed's page (or bookmarks,
 * search results) handed to the store, not a whole-list load.
 */
async function loaded(
  actors: Actors = {},
  session: Session = signedIn(),
  posts: Post[] = [p1, p2],
) {
  const started = start(actors, session);
  started.actor.send({ type: 'FEED.PAGE', posts });
  await settle();
  expect(selectPostById(started.actor.getSnapshot(), posts[0]?._id ?? '')).toEqual(posts[0]);
  return started;
}

/** The records of these ids as screens show them (undefined: not in the store). */
const recordsOf = (snapshot: PostsSnapshot, ids: readonly string[] = ['p1', 'p2']) =>
  ids.map((id) => selectPostById(snapshot, id));

describe('posts: bookmarks', () => {
  it('TOGGLE_BOOKMARK marks the one post at once, takes the answer, and takes it back', async () => {
    const bookmarkPost = controlled<PostResponse, PostInput>();
    const unbookmarkPost = controlled<PostResponse, PostInput>();
    const { actor } = await loaded({
      bookmarkPost: bookmarkPost.logic,
      unbookmarkPost: unbookmarkPost.logic,
    });
    const before = selectPostById(actor.getSnapshot(), 'p2');
    actor.send({ type: 'TOGGLE_BOOKMARK', postId: 'p1' });
    actor.send({ type: 'TOGGLE_BOOKMARK', postId: 'p1' }); // a double press: one call
    expect(bookmarkPost.calls).toEqual([{ postId: 'p1', token: TOKEN }]);
    expect(isBookmarkPending(actor.getSnapshot(), 'p1')).toBe(true);
    expect(selectPostById(actor.getSnapshot(), 'p1')?.bookmarkedByMe).toBe(true);
    // Another post's record is the same object: its card does not draw again.
    expect(selectPostById(actor.getSnapshot(), 'p2')).toBe(before);
    await bookmarkPost.resolve({ post: { ...p1, bookmarkedByMe: true } });
    expect(isBookmarkPending(actor.getSnapshot(), 'p1')).toBe(false);
    actor.send({ type: 'TOGGLE_BOOKMARK', postId: 'p1' });
    expect(unbookmarkPost.calls).toEqual([{ postId: 'p1', token: TOKEN }]);
    expect(selectPostById(actor.getSnapshot(), 'p1')?.bookmarkedByMe).toBe(false);
  });

  it('a refused bookmark rolls back the one post and says why', async () => {
    const bookmarkPost = failing<PostResponse, PostInput>(refused('Post already bookmarked'));
    const { actor, emitted } = await loaded({ bookmarkPost: bookmarkPost.logic });
    actor.send({ type: 'TOGGLE_BOOKMARK', postId: 'p1' });
    await settle();
    expect(recordsOf(actor.getSnapshot())).toEqual([p1, p2]);
    expect(emitted).toEqual([
      { type: 'notify', kind: 'error', message: 'Post already bookmarked' },
    ]);
  });
});

describe('posts: like and dislike', () => {
  it('a like shows at once, is sent with the token, and the answered post is merged alone', async () => {
    const likePost = controlled<PostResponse, PostInput>();
    const { actor, emitted } = await loaded({ likePost: likePost.logic });
    const before = recordsOf(actor.getSnapshot());
    actor.send({ type: 'LIKE', postId: 'p1' });
    expect(likePost.calls).toEqual([{ postId: 'p1', token: TOKEN }]);
    const shown = selectPostById(actor.getSnapshot(), 'p1');
    expect(shown?.likes).toEqual({ likeCount: 1, likedBy: [summary(me)], dislikedBy: [] });
    expect(selectPendingCount(actor.getSnapshot())).toBe(1);
    expect(isLikePending(actor.getSnapshot(), 'p1')).toBe(true);
    expect(isLikePending(actor.getSnapshot(), 'p2')).toBe(false);

    // The server's p1 says more than the optimistic change: someone else liked it meanwhile.
    const server = { ...liked(p1), likes: { ...liked(p1).likes, likeCount: 7 } };
    await likePost.resolve({ post: server });
    expect(selectPostById(actor.getSnapshot(), 'p1')).toEqual(server);
    expect(selectPostById(actor.getSnapshot(), 'p2')).toBe(before[1]);
    expect(isLikePending(actor.getSnapshot(), 'p1')).toBe(false);
    expect(selectPendingCount(actor.getSnapshot())).toBe(0);
    expect(emitted).toEqual([]);
  });

  it("a like's answer for a post the store did not hold adds it, and nothing else", async () => {
    const likePost = controlled<PostResponse, PostInput>();
    const { actor } = await loaded({ likePost: likePost.logic });
    const p3 = makePost('p3', summary(alice));
    actor.send({ type: 'FEED.PAGE', posts: [p3] });
    actor.send({ type: 'LIKE', postId: 'p3' });
    await likePost.resolve({ post: liked(p3) });
    expect(recordsOf(actor.getSnapshot(), ['p1', 'p2', 'p3'])).toEqual([p1, p2, liked(p3)]);
  });

  it('a refused like rolls back and notifies the server message', async () => {
    const likePost = controlled<PostResponse, PostInput>();
    const { actor, emitted } = await loaded({ likePost: likePost.logic });
    actor.send({ type: 'LIKE', postId: 'p1' });
    await likePost.reject(refused('Cannot like a post that is already liked. '));
    expect(recordsOf(actor.getSnapshot())).toEqual([p1, p2]);
    expect(emitted).toEqual([
      { type: 'notify', kind: 'error', message: 'Cannot like a post that is already liked. ' },
    ]);
  });

  it('a like answered 401 rolls back and emits sessionExpired instead of a toast', async () => {
    const likePost = failing<PostResponse, PostInput>(unauthorized());
    const { actor, emitted } = await loaded({ likePost: likePost.logic });
    actor.send({ type: 'LIKE', postId: 'p1' });
    await settle();
    expect(recordsOf(actor.getSnapshot())).toEqual([p1, p2]);
    expect(emitted).toEqual([{ type: 'sessionExpired' }]);
  });

  it('a second click while the call is in flight sends no second call', async () => {
    const likePost = controlled<PostResponse, PostInput>();
    const dislikePost = controlled<PostResponse, PostInput>();
    const { actor } = await loaded({ likePost: likePost.logic, dislikePost: dislikePost.logic });
    actor.send({ type: 'TOGGLE_LIKE', postId: 'p1' });
    actor.send({ type: 'TOGGLE_LIKE', postId: 'p1' });
    actor.send({ type: 'LIKE', postId: 'p1' });
    actor.send({ type: 'DISLIKE', postId: 'p1' });
    expect(likePost.calls).toHaveLength(1);
    expect(selectPendingCount(actor.getSnapshot())).toBe(1);
    expect(selectPostById(actor.getSnapshot(), 'p1')?.likes.likeCount).toBe(1);
    await likePost.resolve({ post: liked(p1) });
    expect(dislikePost.calls).toEqual([]);
    // Answered: now the toggle unlikes.
    actor.send({ type: 'TOGGLE_LIKE', postId: 'p1' });
    expect(dislikePost.calls).toEqual([{ postId: 'p1', token: TOKEN }]);
  });

  it('TOGGLE_LIKE likes a post the user is not in likedBy of, and unlikes one they are', async () => {
    const likePost = controlled<PostResponse, PostInput>();
    const dislikePost = controlled<PostResponse, PostInput>();
    const { actor } = await loaded(
      { likePost: likePost.logic, dislikePost: dislikePost.logic },
      signedIn(),
      [p1, liked(p2)],
    );
    actor.send({ type: 'TOGGLE_LIKE', postId: 'p1' });
    actor.send({ type: 'TOGGLE_LIKE', postId: 'p2' });
    expect(isLikePending(actor.getSnapshot(), 'p1')).toBe(true);
    expect(isLikePending(actor.getSnapshot(), 'p2')).toBe(true);
    expect(recordsOf(actor.getSnapshot()).map((p) => p?.likes)).toEqual([
      { likeCount: 1, likedBy: [summary(me)], dislikedBy: [] },
      { likeCount: 0, likedBy: [], dislikedBy: [summary(me)] },
    ]);
    await likePost.resolve({ post: liked(p1) });
    await dislikePost.resolve({ post: p2 });
    expect(recordsOf(actor.getSnapshot())).toEqual([liked(p1), p2]);
    expect(likePost.calls).toEqual([{ postId: 'p1', token: TOKEN }]);
    expect(dislikePost.calls).toEqual([{ postId: 'p2', token: TOKEN }]);
    expect(selectPendingCount(actor.getSnapshot())).toBe(0);
  });

  it('TOGGLE_LIKE ignores a post that is not in the store', async () => {
    const likePost = controlled<PostResponse, PostInput>();
    const { actor } = await loaded({ likePost: likePost.logic });
    actor.send({ type: 'TOGGLE_LIKE', postId: 'nope' });
    expect(likePost.calls).toEqual([]);
  });

  it('a dislike (unlike) shows at once and rolls back when refused', async () => {
    const dislikePost = controlled<PostResponse, PostInput>();
    const { actor, emitted } = await loaded({ dislikePost: dislikePost.logic }, signedIn(), [
      liked(p1),
    ]);
    actor.send({ type: 'DISLIKE', postId: 'p1' });
    expect(selectPostById(actor.getSnapshot(), 'p1')?.likes).toEqual({
      likeCount: 0,
      likedBy: [],
      dislikedBy: [summary(me)],
    });
    await dislikePost.reject(refused('Cannot decrement like less than 0.'));
    expect(recordsOf(actor.getSnapshot(), ['p1'])).toEqual([liked(p1)]);
    expect(emitted).toEqual([
      { type: 'notify', kind: 'error', message: 'Cannot decrement like less than 0.' },
    ]);
  });

  it('actions run one at a time; later optimistic changes survive an earlier answer', async () => {
    const likePost = controlled<PostResponse, PostInput>();
    const { actor } = await loaded({ likePost: likePost.logic });
    actor.send({ type: 'LIKE', postId: 'p1' });
    actor.send({ type: 'LIKE', postId: 'p2' });
    expect(likePost.calls).toHaveLength(1);
    expect(selectPendingCount(actor.getSnapshot())).toBe(2);
    await likePost.resolve({ post: liked(p1) }, 0);
    expect(likePost.calls).toEqual([
      { postId: 'p1', token: TOKEN },
      { postId: 'p2', token: TOKEN },
    ]);
    // The server does not know the p2 like yet; the screen still shows it.
    expect(recordsOf(actor.getSnapshot())).toEqual([liked(p1), liked(p2)]);
    await likePost.resolve({ post: liked(p2) }, 1);
    expect(selectPendingCount(actor.getSnapshot())).toBe(0);
    expect(recordsOf(actor.getSnapshot())).toEqual([liked(p1), liked(p2)]);
  });

  it("a feed's page read while a like is pending keeps the like on top of the page's record", async () => {
    const likePost = controlled<PostResponse, PostInput>();
    const { actor } = await loaded({ likePost: likePost.logic });
    actor.send({ type: 'LIKE', postId: 'p2' });
    const commented = { ...p2, comments: [makeComment('c9', summary(bob))] };
    actor.send({ type: 'FEED.PAGE', posts: [commented] });
    expect(selectPostById(actor.getSnapshot(), 'p2')).toEqual(liked(commented));
    await likePost.resolve({ post: liked(commented) });
    expect(selectPostById(actor.getSnapshot(), 'p2')).toEqual(liked(commented));
  });

  it('nothing is sent without a session', async () => {
    const likePost = controlled<PostResponse, PostInput>();
    const { actor } = await loaded({ likePost: likePost.logic }, signedOut());
    actor.send({ type: 'LIKE', postId: 'p1' });
    actor.send({ type: 'TOGGLE_LIKE', postId: 'p1' });
    expect(likePost.calls).toEqual([]);
    expect(recordsOf(actor.getSnapshot())).toEqual([p1, p2]);
  });

  it('a session that ends drops pending actions, forgets the records and ignores the late answer', async () => {
    const likePost = controlled<PostResponse, PostInput>();
    const { actor, emitted } = await loaded({ likePost: likePost.logic });
    actor.send({ type: 'STORE_POST', post: makePost('mine', summary(me)), created: true });
    actor.send({ type: 'LIKE', postId: 'p1' });
    actor.send({ type: 'LIKE', postId: 'p2' });
    actor.send({ type: 'SESSION', session: signedOut() });
    expect(selectPendingCount(actor.getSnapshot())).toBe(0);
    // The next session reads the posts afresh (they may have changed meanwhile).
    expect(recordsOf(actor.getSnapshot(), ['p1', 'p2', 'mine'])).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(actor.getSnapshot().context.published).toEqual([]);
    await likePost.resolve({ post: liked(p1) }, 0);
    expect(selectPostById(actor.getSnapshot(), 'p1')).toBeUndefined();
    expect(likePost.calls).toHaveLength(1);
    expect(emitted).toEqual([]);
  });

  it('a missing effect fails loudly as an error notification', async () => {
    const { actor, emitted } = await loaded();
    actor.send({ type: 'LIKE', postId: 'p1' });
    await settle();
    expect(emitted).toEqual([
      { type: 'notify', kind: 'error', message: 'The "likePost" actor was not provided.' },
    ]);
  });
});

describe('posts: every action refused', () => {
  const cases = [
    ['likePost', { type: 'LIKE', postId: 'p1' }],
    ['dislikePost', { type: 'DISLIKE', postId: 'p1' }],
    ['deletePost', { type: 'DELETE', postId: 'p1' }],
    ['addComment', { type: 'COMMENT.ADD', postId: 'p1', text: 'Hi' }],
    ['editComment', { type: 'COMMENT.EDIT', postId: 'p1', commentId: 'c1', text: 'Hi' }],
    ['deleteComment', { type: 'COMMENT.DELETE', postId: 'p1', commentId: 'c1' }],
    ['upvoteComment', { type: 'COMMENT.UPVOTE', postId: 'p1', commentId: 'c1' }],
    ['downvoteComment', { type: 'COMMENT.DOWNVOTE', postId: 'p1', commentId: 'c1' }],
  ] as const;

  it.each(cases)(
    '%s: the list stays as the server has it, the message is shown',
    async (src, event) => {
      const message = `Refused: ${src}`;
      const effect = failing<never, never>(refused(message));
      const { actor, emitted } = await loaded({ [src]: effect.logic });
      actor.send(event);
      await settle();
      expect(effect.calls).toHaveLength(1);
      expect(recordsOf(actor.getSnapshot())).toEqual([p1, p2]);
      expect(selectPendingCount(actor.getSnapshot())).toBe(0);
      expect(emitted).toEqual([{ type: 'notify', kind: 'error', message }]);
    },
  );

  it.each(cases)('%s: a 401 emits sessionExpired only', async (src, event) => {
    const effect = failing<never, never>(unauthorized());
    const { actor, emitted } = await loaded({ [src]: effect.logic });
    actor.send(event);
    await settle();
    expect(recordsOf(actor.getSnapshot())).toEqual([p1, p2]);
    expect(emitted).toEqual([{ type: 'sessionExpired' }]);
  });

  it("a dislike that succeeds takes the server's post", async () => {
    const dislikePost = answering<PostResponse, PostInput>(() => ({ post: p1 }));
    const { actor } = await loaded({ dislikePost: dislikePost.logic }, signedIn(), [liked(p1), p2]);
    actor.send({ type: 'TOGGLE_LIKE', postId: 'p1' });
    await settle();
    expect(dislikePost.calls).toEqual([{ postId: 'p1', token: TOKEN }]);
    expect(recordsOf(actor.getSnapshot())).toEqual([p1, p2]);
  });
});

describe('posts: delete', () => {
  it("the answer's postId removes that record; every other record stays as it was", async () => {
    const deletePost = controlled<PostIdResponse, PostInput>();
    const { actor, emitted } = await loaded({ deletePost: deletePost.logic });
    const before = recordsOf(actor.getSnapshot());
    actor.send({ type: 'DELETE', postId: 'p1' });
    actor.send({ type: 'DELETE', postId: 'p1' });
    expect(deletePost.calls).toEqual([{ postId: 'p1', token: TOKEN }]);
    expect(isDeletePending(actor.getSnapshot(), 'p1')).toBe(true);
    expect(isDeletePending(actor.getSnapshot(), 'p2')).toBe(false);
    expect(isLikePending(actor.getSnapshot(), 'p1')).toBe(false);
    expect(recordsOf(actor.getSnapshot())).toEqual([p1, p2]); // not optimistic
    expect(emitted).toEqual([]); // nothing said before the server answered
    await deletePost.resolve({ postId: 'p1' });
    expect(selectPostById(actor.getSnapshot(), 'p1')).toBeUndefined();
    expect(selectPostById(actor.getSnapshot(), 'p2')).toBe(before[1]);
    expect(isDeletePending(actor.getSnapshot(), 'p1')).toBe(false);
    // The deletion is confirmed, to the letter; the dialog is told, for that post's draft.
    expect(emitted).toEqual([
      { type: 'notify', kind: 'success', message: 'Post deleted' },
      { type: 'postDeleted', postId: 'p1' },
    ]);
  });

  it('refused: the list stays, the server message is shown', async () => {
    const message = "Cannot delete a Post doesn't belong to the logged in User.";
    const deletePost = failing<PostIdResponse, PostInput>(refused(message));
    const { actor, emitted } = await loaded({ deletePost: deletePost.logic });
    actor.send({ type: 'DELETE', postId: 'p1' });
    await settle();
    expect(recordsOf(actor.getSnapshot())).toEqual([p1, p2]);
    expect(emitted).toEqual([{ type: 'notify', kind: 'error', message }]);
  });
});

describe('posts: comments', () => {
  const c1 = makeComment('c1', summary(me), 'First');
  const withComment = { ...p1, comments: [c1] };

  it('COMMENT.ADD sends the trimmed text and merges the answered post', async () => {
    const addComment = controlled<PostResponse, AddCommentInput>();
    const { actor } = await loaded({ addComment: addComment.logic });
    const before = recordsOf(actor.getSnapshot());
    actor.send({ type: 'COMMENT.ADD', postId: 'p1', text: '  First  ' });
    actor.send({ type: 'COMMENT.ADD', postId: 'p1', text: 'Second' });
    expect(addComment.calls).toEqual([{ postId: 'p1', commentData: 'First', token: TOKEN }]);
    await addComment.resolve({ post: withComment }, 0);
    // Each new comment is sent: no double-click rule for distinct texts.
    expect(addComment.calls[1]).toEqual({ postId: 'p1', commentData: 'Second', token: TOKEN });
    expect(recordsOf(actor.getSnapshot())).toEqual([withComment, p2]);
    expect(selectPostById(actor.getSnapshot(), 'p2')).toBe(before[1]);
  });

  it('a comment of 300 characters and a trailing space is sent trimmed; 301 characters are not', async () => {
    const addComment = controlled<PostResponse, AddCommentInput>();
    const { actor } = await loaded({ addComment: addComment.logic });
    actor.send({ type: 'COMMENT.ADD', postId: 'p1', text: `${'x'.repeat(300)} ` });
    expect(addComment.calls).toEqual([
      { postId: 'p1', commentData: 'x'.repeat(300), token: TOKEN },
    ]);
    await addComment.resolve({ post: p1 });
    actor.send({ type: 'COMMENT.ADD', postId: 'p1', text: 'x'.repeat(301) });
    expect(addComment.calls).toHaveLength(1);
    expect(selectPendingCount(actor.getSnapshot())).toBe(0);
  });

  it.each(['', '   ', 'x'.repeat(301)])('COMMENT.ADD with %j sends nothing', async (text) => {
    const addComment = controlled<PostResponse, AddCommentInput>();
    const { actor } = await loaded({ addComment: addComment.logic });
    actor.send({ type: 'COMMENT.ADD', postId: 'p1', text });
    actor.send({ type: 'COMMENT.EDIT', postId: 'p1', commentId: 'c1', text });
    expect(addComment.calls).toEqual([]);
    expect(selectPendingCount(actor.getSnapshot())).toBe(0);
  });

  it('COMMENT.EDIT merges the answered post; the others stay as they were', async () => {
    const editComment = controlled<PostResponse, EditCommentInput>();
    const { actor } = await loaded({ editComment: editComment.logic }, signedIn(), [
      withComment,
      p2,
    ]);
    const before = recordsOf(actor.getSnapshot());
    actor.send({ type: 'COMMENT.EDIT', postId: 'p1', commentId: 'c1', text: ' Edited ' });
    expect(editComment.calls).toEqual([
      { postId: 'p1', commentId: 'c1', commentData: 'Edited', token: TOKEN },
    ]);
    const edited = { ...c1, commentData: 'Edited' };
    await editComment.resolve({ post: { ...p1, comments: [edited] } });
    expect(recordsOf(actor.getSnapshot())).toEqual([{ ...p1, comments: [edited] }, p2]);
    expect(selectPostById(actor.getSnapshot(), 'p2')).toBe(before[1]);
  });

  it('COMMENT.DELETE merges the answered post; the others stay as they were', async () => {
    const deleteComment = controlled<PostResponse, CommentInput>();
    const { actor, emitted } = await loaded({ deleteComment: deleteComment.logic }, signedIn(), [
      withComment,
      p2,
    ]);
    actor.send({ type: 'COMMENT.DELETE', postId: 'p1', commentId: 'c1' });
    expect(deleteComment.calls).toEqual([{ postId: 'p1', commentId: 'c1', token: TOKEN }]);
    expect(emitted).toEqual([]);
    await deleteComment.resolve({ post: p1 });
    expect(recordsOf(actor.getSnapshot())).toEqual([p1, p2]);
    // The deletion is confirmed, to the letter.
    expect(emitted).toEqual([{ type: 'notify', kind: 'success', message: 'Comment deleted' }]);
  });

  it('a refused comment deletion says why and never "Comment deleted"', async () => {
    const message = "Cannot delete a comment doesn't belong to the User.";
    const deleteComment = failing<PostResponse, CommentInput>(refused(message));
    const { actor, emitted } = await loaded({ deleteComment: deleteComment.logic });
    actor.send({ type: 'COMMENT.DELETE', postId: 'p1', commentId: 'c1' });
    await settle();
    expect(emitted).toEqual([{ type: 'notify', kind: 'error', message }]);
  });

  it('COMMENT.UPVOTE / DOWNVOTE merge the answered post; a double click sends one call', async () => {
    const upvoteComment = controlled<PostResponse, CommentInput>();
    const downvoteComment = controlled<PostResponse, CommentInput>();
    const { actor } = await loaded({
      upvoteComment: upvoteComment.logic,
      downvoteComment: downvoteComment.logic,
    });
    actor.send({ type: 'COMMENT.UPVOTE', postId: 'p1', commentId: 'c1' });
    actor.send({ type: 'COMMENT.UPVOTE', postId: 'p1', commentId: 'c1' });
    actor.send({ type: 'COMMENT.DOWNVOTE', postId: 'p1', commentId: 'c1' });
    expect(upvoteComment.calls).toEqual([{ postId: 'p1', commentId: 'c1', token: TOKEN }]);
    const up = { ...c1, votes: { upvotedBy: [summary(me)], downvotedBy: [] } };
    await upvoteComment.resolve({ post: { ...p1, comments: [up] } });
    expect(selectPostById(actor.getSnapshot(), 'p1')?.comments).toEqual([up]);
    expect(downvoteComment.calls).toEqual([]);

    actor.send({ type: 'COMMENT.DOWNVOTE', postId: 'p1', commentId: 'c1' });
    const down = { ...c1, votes: { upvotedBy: [], downvotedBy: [summary(me)] } };
    await downvoteComment.resolve({ post: { ...p1, comments: [down] } });
    expect(selectPostById(actor.getSnapshot(), 'p1')?.comments).toEqual([down]);
  });

  it('pressing the vote already cast withdraws it; the other vote still switches', async () => {
    const upvoteComment = controlled<PostResponse, CommentInput>();
    const unvoteComment = controlled<PostResponse, CommentInput>();
    const downvoteComment = controlled<PostResponse, CommentInput>();
    const { actor } = await loaded({
      upvoteComment: upvoteComment.logic,
      unvoteComment: unvoteComment.logic,
      downvoteComment: downvoteComment.logic,
    });
    actor.send({ type: 'COMMENT.UPVOTE', postId: 'p1', commentId: 'c1' });
    const up = { ...c1, votes: { upvotedBy: [summary(me)], downvotedBy: [] } };
    await upvoteComment.resolve({ post: { ...p1, comments: [up] } });

    actor.send({ type: 'COMMENT.UPVOTE', postId: 'p1', commentId: 'c1' });
    expect(unvoteComment.calls).toEqual([{ postId: 'p1', commentId: 'c1', token: TOKEN }]);
    expect(upvoteComment.calls).toHaveLength(1);
    const none = { ...c1, votes: { upvotedBy: [], downvotedBy: [] } };
    await unvoteComment.resolve({ post: { ...p1, comments: [none] } });
    expect(selectPostById(actor.getSnapshot(), 'p1')?.comments).toEqual([none]);

    actor.send({ type: 'COMMENT.DOWNVOTE', postId: 'p1', commentId: 'c1' });
    const down = { ...c1, votes: { upvotedBy: [], downvotedBy: [summary(me)] } };
    await downvoteComment.resolve({ post: { ...p1, comments: [down] } });
    actor.send({ type: 'COMMENT.UPVOTE', postId: 'p1', commentId: 'c1' });
    expect(upvoteComment.calls).toHaveLength(2); // from down to up is a switch, not a withdrawal
    actor.send({ type: 'COMMENT.DOWNVOTE', postId: 'p1', commentId: 'c1' });
    expect(unvoteComment.calls).toHaveLength(1); // the same control is busy: ignored
  });

  it('different controls of one comment do not block each other; the same control does', async () => {
    const editComment = controlled<PostResponse, EditCommentInput>();
    const upvoteComment = controlled<PostResponse, CommentInput>();
    const deleteComment = controlled<PostResponse, CommentInput>();
    const { actor } = await loaded({
      editComment: editComment.logic,
      upvoteComment: upvoteComment.logic,
      deleteComment: deleteComment.logic,
    });
    actor.send({ type: 'COMMENT.EDIT', postId: 'p1', commentId: 'c1', text: 'One' });
    actor.send({ type: 'COMMENT.EDIT', postId: 'p1', commentId: 'c1', text: 'Two' });
    actor.send({ type: 'COMMENT.UPVOTE', postId: 'p1', commentId: 'c1' });
    actor.send({ type: 'COMMENT.DELETE', postId: 'p1', commentId: 'c1' });
    actor.send({ type: 'COMMENT.DELETE', postId: 'p1', commentId: 'c1' });
    // One edit, one vote and one delete wait: the second edit and the second delete were ignored.
    expect(selectPendingCount(actor.getSnapshot())).toBe(3);
    await editComment.resolve({ post: { ...p1, comments: [c1] } });
    await upvoteComment.resolve({ post: { ...p1, comments: [c1] } });
    await deleteComment.resolve({ post: p1 });
    expect(editComment.calls).toEqual([
      { postId: 'p1', commentId: 'c1', commentData: 'One', token: TOKEN },
    ]);
    expect(upvoteComment.calls).toHaveLength(1);
    expect(deleteComment.calls).toHaveLength(1);
  });

  it('a refused vote notifies the server message', async () => {
    const message = 'Cannot upvote a post that is already upvoted. ';
    const upvoteComment = failing<PostResponse, CommentInput>(refused(message));
    const { actor, emitted } = await loaded({ upvoteComment: upvoteComment.logic });
    actor.send({ type: 'COMMENT.UPVOTE', postId: 'p1', commentId: 'c1' });
    await settle();
    expect(emitted).toEqual([{ type: 'notify', kind: 'error', message }]);
    expect(recordsOf(actor.getSnapshot())).toEqual([p1, p2]);
  });
});

describe('posts: changed elsewhere, the open feeds read again', () => {
  const HOME: FeedKey = { kind: 'home' };
  const LATEST: FeedKey = { kind: 'latest' };
  const page = (posts: Post[]): FeedPage => ({ posts, next: null });

  /** The posts machine with a fake `loadFeedPage` for its feeds. */
  function withFeeds(actors: Actors = {}) {
    const loadFeedPage = controlled<FeedPage, FeedPageInput>();
    const feed = feedMachine.provide({ actors: { loadFeedPage: loadFeedPage.logic } });
    return { ...start({ ...actors, feed }), loadFeedPage };
  }

  it.each([
    ['CHANGED_ELSEWHERE', 'refreshing'],
    ['RELOAD', 'showing'],
  ] as const)(
    '%s: every open feed reads its first page again (%s); with none open, nothing is read',
    async (type, state) => {
      const { actor, emitted, loadFeedPage } = withFeeds();
      actor.send({ type });
      expect(loadFeedPage.calls).toEqual([]);
      actor.send({ type: 'FEED.OPEN', feed: HOME });
      await loadFeedPage.resolve(page([p1]));
      actor.send({ type: 'FEED.OPEN', feed: LATEST });
      await loadFeedPage.resolve(page([p2]));
      actor.send({ type });
      expect(loadFeedPage.calls.slice(2)).toEqual([
        { feed: HOME, token: TOKEN, cursor: null },
        { feed: LATEST, token: TOKEN, cursor: null },
      ]);
      const home = actor.getSnapshot().children[feedId(HOME)] as FeedActorRef | undefined;
      // Quietly (new posts wait for the pill), or, after one's own follow or edit, on top.
      expect(home?.getSnapshot().value).toBe(state);
      expect(emitted).toEqual([]);
    },
  );

  it('a like pending while a feed is read again stays on top of the fresh record', async () => {
    const likePost = controlled<PostResponse, PostInput>();
    const { actor, loadFeedPage } = withFeeds({ likePost: likePost.logic });
    actor.send({ type: 'FEED.OPEN', feed: HOME });
    await loadFeedPage.resolve(page([p1, p2]));
    actor.send({ type: 'LIKE', postId: 'p1' });
    actor.send({ type: 'CHANGED_ELSEWHERE' });
    const commented = { ...p1, comments: [makeComment('c9', summary(bob))] };
    await loadFeedPage.resolve(page([commented]));
    // The read brought p1 alone: p2 stays as it was, p1 is the fresh record with the like on it.
    expect(recordsOf(actor.getSnapshot())).toEqual([liked(commented), p2]);
    await likePost.resolve({ post: liked(commented) });
    expect(recordsOf(actor.getSnapshot())).toEqual([liked(commented), p2]);
  });
});

describe('posts: a bookmark learnt while a page is read', () => {
  const HOME: FeedKey = { kind: 'home' };
  const page = (posts: Post[]): FeedPage => ({ posts, next: null });
  const marked = (post: Post): Post => ({ ...post, bookmarkedByMe: true });

  function withHome(actors: Actors = {}) {
    const loadFeedPage = controlled<FeedPage, FeedPageInput>();
    const feed = feedMachine.provide({ actors: { loadFeedPage: loadFeedPage.logic } });
    const started = start({ ...actors, feed });
    started.actor.send({ type: 'FEED.OPEN', feed: HOME });
    return { ...started, loadFeedPage };
  }

  // A bookmark moves no post's updatedAt: a page read before it cannot be told from one after.
  it('a page read before a bookmark was answered does not take the bookmark back', async () => {
    const bookmarkPost = controlled<PostResponse, PostInput>();
    const { actor, loadFeedPage } = withHome({ bookmarkPost: bookmarkPost.logic });
    await loadFeedPage.resolve(page([p1, p2]));
    actor.send({ type: 'CHANGED_ELSEWHERE' }); // a read of the first page goes out
    actor.send({ type: 'TOGGLE_BOOKMARK', postId: 'p1' });
    await bookmarkPost.resolve({ post: marked(p1) });
    // The page, read before the bookmark, arrives after its answer, with someone's comment.
    const commented = { ...p1, comments: [makeComment('c9', summary(bob))] };
    await loadFeedPage.resolve(page([commented, p2]));
    expect(recordsOf(actor.getSnapshot())).toEqual([marked(commented), p2]);

    // The next read was sent after: it says what is so (taken back in another tab, say).
    actor.send({ type: 'CHANGED_ELSEWHERE' });
    await loadFeedPage.resolve(page([commented, p2]));
    expect(recordsOf(actor.getSnapshot())).toEqual([commented, p2]);
  });

  it('the bookmarks, opened as a bookmark is made, show it on top of a page read before it', async () => {
    const BOOKMARKS: FeedKey = { kind: 'bookmarks' };
    const bookmarkPost = controlled<PostResponse, PostInput>();
    const { actor, loadFeedPage } = withHome({ bookmarkPost: bookmarkPost.logic });
    await loadFeedPage.resolve(page([p1, p2]));
    actor.send({ type: 'TOGGLE_BOOKMARK', postId: 'p1' });
    actor.send({ type: 'FEED.OPEN', feed: BOOKMARKS }); // read before the bookmark is kept
    await bookmarkPost.resolve({ post: marked(p1) });
    const saved = makePost('p9', summary(bob), { bookmarkedByMe: true });
    await loadFeedPage.resolve(page([saved]));
    const feed = actor.getSnapshot().children[feedId(BOOKMARKS)] as FeedActorRef | undefined;
    expect(feed?.getSnapshot().context.ids).toEqual(['p1', 'p9']);
    // Home's ids are not touched by it.
    const home = actor.getSnapshot().children[feedId(HOME)] as FeedActorRef | undefined;
    expect(home?.getSnapshot().context.ids).toEqual(['p1', 'p2']);
  });

  it('nor does one read before a bookmark made on another device reached this one', async () => {
    const { actor, loadFeedPage } = withHome();
    await loadFeedPage.resolve(page([p1, p2]));
    actor.send({ type: 'CHANGED_ELSEWHERE' });
    actor.send({ type: 'LIVE', event: { type: 'bookmark', postId: 'p2', bookmarked: true } });
    expect(recordsOf(actor.getSnapshot())).toEqual([p1, marked(p2)]);
    await loadFeedPage.resolve(page([p1, p2]));
    expect(recordsOf(actor.getSnapshot())).toEqual([p1, marked(p2)]);
  });
});

describe('applyOptimistic: counted as the server counts', () => {
  const post = makePost('post-1', summary(alice), {
    likes: { likeCount: 1, likedBy: [summary(bob)], dislikedBy: [] },
  });

  const byId = (...posts: Post[]) => Object.fromEntries(posts.map((p) => [p._id, p]));

  it("a dislike by someone who never liked it keeps the others' like", () => {
    const after = applyOptimistic(byId(post), { kind: 'dislike', postId: 'post-1' }, summary(me));
    expect(after['post-1']?.likes.likeCount).toBe(1);
    expect(after['post-1']?.likes.dislikedBy.map((person) => person.username)).toEqual(['me']);
  });

  it('a like adds one, and taking it back removes that one', () => {
    const liked = applyOptimistic(byId(post), { kind: 'like', postId: 'post-1' }, summary(me));
    expect(liked['post-1']?.likes.likeCount).toBe(2);
    const unliked = applyOptimistic(liked, { kind: 'dislike', postId: 'post-1' }, summary(me));
    expect(unliked['post-1']?.likes.likeCount).toBe(1);
  });

  it('changes the one record and leaves every other record as it was', () => {
    const other = makePost('post-2', summary(alice));
    const before = byId(post, other);
    const after = applyOptimistic(before, { kind: 'like', postId: 'post-1' }, summary(me));
    expect(after['post-2']).toBe(other);
    expect(after['post-1']).not.toBe(post);
  });
});
