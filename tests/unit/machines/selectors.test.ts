import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/client';
import { TEXT_RULES } from '../../../src/api/rules';
import {
  canDeleteComment,
  canEditComment,
  canEditPost,
  canSubmitComment,
  errorMessage,
  failureEvent,
  isLikedByMe,
  isUnauthorized,
  myCommentVote,
  postViewOf,
} from '../../../src/machines';
import { alice, bob, makeComment, makePost, me, summary } from './fixtures';

describe('post and comment permissions: who may edit and delete', () => {
  const myPost = makePost('p1', summary(me));
  const alicePost = makePost('p2', summary(alice));
  const myComment = makeComment('c1', summary(me));
  // Same first name, another person: a check by first name would wrongly have matched.
  const lookalike = makeComment('c2', { ...summary(alice), firstName: me.firstName });

  it('edit a post: its author only', () => {
    expect(canEditPost(myPost, me)).toBe(true);
    expect(canEditPost(alicePost, me)).toBe(false);
    expect(canEditPost(myPost, null)).toBe(false);
  });

  it('edit a comment: its writer only, by username', () => {
    expect(canEditComment(myComment, me)).toBe(true);
    expect(canEditComment(lookalike, me)).toBe(false);
    expect(canEditComment(myComment, null)).toBe(false);
  });

  it('delete a comment: its writer, or the author of the post', () => {
    expect(canDeleteComment(alicePost, myComment, me)).toBe(true);
    expect(canDeleteComment(myPost, lookalike, me)).toBe(true);
    expect(canDeleteComment(alicePost, lookalike, me)).toBe(false);
    expect(canDeleteComment(alicePost, myComment, null)).toBe(false);
  });
});

describe('likes and votes', () => {
  it('liked means the current user is in likedBy, not that anyone is', () => {
    const likedByAlice = makePost('p', summary(alice), {
      likes: { likeCount: 1, likedBy: [summary(alice)], dislikedBy: [] },
    });
    const likedByMe = makePost('p', summary(alice), {
      likes: { likeCount: 2, likedBy: [summary(alice), summary(me)], dislikedBy: [] },
    });
    expect(isLikedByMe(likedByAlice, me)).toBe(false);
    expect(isLikedByMe(likedByMe, me)).toBe(true);
    expect(isLikedByMe(likedByMe, null)).toBe(false);
  });

  it('myCommentVote: up, down or none (also for seeded comments without votes)', () => {
    const comment = makeComment('c', summary(alice));
    expect(myCommentVote(comment, me)).toBeNull();
    expect(myCommentVote({ ...comment, votes: undefined }, me)).toBeNull();
    expect(myCommentVote(comment, null)).toBeNull();
    const up = { ...comment, votes: { upvotedBy: [summary(me)], downvotedBy: [] } };
    const down = { ...comment, votes: { upvotedBy: [], downvotedBy: [summary(me)] } };
    expect(myCommentVote(up, me)).toBe('up');
    expect(myCommentVote(down, me)).toBe('down');
    expect(myCommentVote(up, alice)).toBeNull();
  });

  it('canSubmitComment: 1 to 300 characters after trimming', () => {
    expect(canSubmitComment('')).toBe(false);
    expect(canSubmitComment('  \n ')).toBe(false);
    expect(canSubmitComment(' a ')).toBe(true);
    expect(canSubmitComment('a'.repeat(TEXT_RULES.comment.max))).toBe(true);
    expect(canSubmitComment('a'.repeat(TEXT_RULES.comment.max + 1))).toBe(false);
  });
});

describe('post views', () => {
  it("a card links its author's and commenters' names to their profiles, one's own to /profile-page", () => {
    const post = {
      ...makePost('a1', summary(alice)),
      comments: [makeComment('c1', summary(me)), makeComment('c2', summary(bob))],
    };
    const view = postViewOf(post, { me });
    expect(view.authorPath).toBe('/profile-page/alice');
    expect(view.comments.c1?.authorPath).toBe('/profile-page');
    expect(view.comments.c2?.authorPath).toBe('/profile-page/bob');
    expect(postViewOf(makePost('m1', summary(me)), { me }).authorPath).toBe('/profile-page');
  });
});

describe('errors', () => {
  it('errorMessage: the server message, else a generic text', () => {
    expect(errorMessage(new ApiError(400, 'User Already following'))).toBe(
      'User Already following',
    );
    expect(errorMessage(new Error('plain'))).toBe('plain');
    expect(errorMessage('a string')).toBe('Something went wrong!');
    expect(errorMessage(new Error(''))).toBe('Something went wrong!');
  });

  it('failureEvent: 401 expires the session, anything else is an error notification', () => {
    expect(isUnauthorized(new ApiError(401, 'x'))).toBe(true);
    expect(isUnauthorized(new ApiError(403, 'x'))).toBe(false);
    expect(isUnauthorized(new Error('x'))).toBe(false);
    expect(failureEvent(new ApiError(401, 'x'))).toEqual({ type: 'sessionExpired' });
    expect(failureEvent(new ApiError(404, 'Post not found'))).toEqual({
      type: 'notify',
      kind: 'error',
      message: 'Post not found',
    });
  });
});
