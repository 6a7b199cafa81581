import { describe, expect, it } from 'vitest';
import { SEED_POST_IDS } from '../../src/seed/posts';
import { SEED_USER_IDS } from '../../src/seed/users';
import { expectRefused as refuse, storedPost, TIMESTAMP, useApi } from './harness';

const api = useApi();
const expectRefused = (call: () => Promise<unknown>, status: number, message: string) =>
  refuse(api, call, status, message);

const { sofiaLoaf, guestHello, liamRidge, mayaLaunch } = SEED_POST_IDS;
const RECIPE = 'comment-loaf-recipe'; // Maya's, on Sofia's post, with votes
const PROMISE = 'comment-loaf-promise'; // Sofia's, on her own post, without votes
const WELCOME = 'comment-hello-welcome'; // Maya's, on the guest's post

const storedComment = async (postId: string, commentId: string) => {
  const comment = storedPost(await api.state(), postId).comments.find((c) => c._id === commentId);
  if (comment === undefined) throw new Error(`No stored comment ${commentId}`);
  return comment;
};

describe('GET /comments/:postId', () => {
  it('200 with the comments; seeded comments without votes have none', async () => {
    const response = await fetch(`${api.baseUrl}/comments/${sofiaLoaf}`);
    expect(response.status).toBe(200);
    const { comments } = await api.client.getComments(sofiaLoaf);
    expect(comments.map((comment) => comment._id)).toEqual([RECIPE, PROMISE]);
    expect(comments[0]).toMatchObject({ username: 'maya_okafor', firstName: 'Maya' });
    expect(comments[0]?.votes?.upvotedBy.map((user) => user.username)).toEqual(['liam_chen']);
    expect(comments[1]).not.toHaveProperty('votes');
  });

  it('404 for an unknown post', async () => {
    await expectRefused(() => api.client.getComments('post-missing'), 404, 'Post not found');
  });
});

describe('POST /comments/add/:postId', () => {
  it('201 with comments and posts; the comment is stored with empty votes', async () => {
    const response = await fetch(`${api.baseUrl}/comments/add/${liamRidge}`, {
      method: 'POST',
      headers: { authorization: api.tokens.guest, 'content-type': 'application/json' },
      body: JSON.stringify({ commentData: '  Stunning light!  ' }),
    });
    expect(response.status).toBe(201);
    const { comments, posts } = (await response.json()) as {
      comments: { commentData: string; username: string }[];
      posts: { _id: string; comments: unknown[] }[];
    };
    expect(comments.at(-1)).toMatchObject({ commentData: 'Stunning light!', username: 'guest' });
    expect(posts.find((post) => post._id === liamRidge)?.comments).toHaveLength(2);
    const stored = storedPost(await api.state(), liamRidge).comments.at(-1);
    expect(stored).toMatchObject({
      commentData: 'Stunning light!',
      authorId: SEED_USER_IDS.guest,
      votes: { upvotedByIds: [], downvotedByIds: [] },
    });
    expect(stored?.createdAt).toMatch(TIMESTAMP);
  });

  it('accepts 300 characters; refuses empty, 301, wrong type; 404 and 401', async () => {
    await api.client.addComment(liamRidge, 'x'.repeat(300), api.tokens.guest);
    await expectRefused(
      () => api.client.addComment(liamRidge, '  ', api.tokens.guest),
      400,
      'commentData must not be empty',
    );
    await expectRefused(
      () => api.client.addComment(liamRidge, 'x'.repeat(301), api.tokens.guest),
      400,
      'commentData must be at most 300 characters',
    );
    await expectRefused(
      () => api.client.addComment(liamRidge, 42 as unknown as string, api.tokens.guest),
      400,
      'commentData must be a string',
    );
    await expectRefused(
      () => api.client.addComment('post-missing', 'Hi', api.tokens.guest),
      404,
      'Post not found',
    );
    await expectRefused(
      () => api.client.addComment(liamRidge, 'Hi', 'not a token'),
      401,
      'The token is invalid. Unauthorized access error.',
    );
  });
});

describe('POST /comments/edit/:postId/:commentId', () => {
  it("201: the comment's author changes the text", async () => {
    const { comments } = await api.client.editComment(
      sofiaLoaf,
      RECIPE,
      'Recipe?!',
      api.tokens.maya,
    );
    expect(comments.find((comment) => comment._id === RECIPE)?.commentData).toBe('Recipe?!');
    const stored = await storedComment(sofiaLoaf, RECIPE);
    expect(stored.commentData).toBe('Recipe?!');
    expect(stored.updatedAt).not.toBe(stored.createdAt);
  });

  it('marks the comment edited when its text changes, not when it is voted on or saved unchanged', async () => {
    const commentOf = (comments: { _id: string; editedAt?: string }[]) =>
      comments.find((comment) => comment._id === RECIPE);
    const voted = await api.client.downvoteComment(sofiaLoaf, RECIPE, api.tokens.guest);
    expect(commentOf(voted.comments)).not.toHaveProperty('editedAt');
    const same = await api.client.editComment(
      sofiaLoaf,
      RECIPE,
      (await storedComment(sofiaLoaf, RECIPE)).commentData,
      api.tokens.maya,
    );
    expect(commentOf(same.comments)).not.toHaveProperty('editedAt');

    const edited = await api.client.editComment(sofiaLoaf, RECIPE, 'Recipe?!', api.tokens.maya);
    const editedAt = commentOf(edited.comments)?.editedAt;
    expect(editedAt).toMatch(TIMESTAMP);
    expect((await storedComment(sofiaLoaf, RECIPE)).editedAt).toBe(editedAt);
    // A vote afterwards changes updatedAt, and leaves the edit's time as it was.
    const after = await api.client.upvoteComment(sofiaLoaf, RECIPE, api.tokens.sofia);
    expect(commentOf(after.comments)?.editedAt).toBe(editedAt);
  });

  it('refuses anyone else (even the post author), unknown ids, invalid text', async () => {
    await expectRefused(
      () => api.client.editComment(sofiaLoaf, RECIPE, 'Edited', api.tokens.sofia),
      400,
      "Cannot edit a comment doesn't belong to the User.",
    );
    await expectRefused(
      () => api.client.editComment(sofiaLoaf, 'comment-missing', 'Edited', api.tokens.maya),
      404,
      'Comment not found',
    );
    await expectRefused(
      () => api.client.editComment('post-missing', RECIPE, 'Edited', api.tokens.maya),
      404,
      'Post not found',
    );
    await expectRefused(
      () => api.client.editComment(sofiaLoaf, RECIPE, '', api.tokens.maya),
      400,
      'commentData must not be empty',
    );
  });
});

describe('POST /comments/delete/:postId/:commentId', () => {
  it("201: the comment's author deletes it; comments and posts come back", async () => {
    const { comments, posts } = await api.client.deleteComment(
      guestHello,
      WELCOME,
      api.tokens.maya,
    );
    expect(comments).toEqual([]);
    expect(posts.find((post) => post._id === guestHello)?.comments).toEqual([]);
    expect(storedPost(await api.state(), guestHello).comments).toEqual([]);
  });

  it("201: the post's author deletes someone else's comment", async () => {
    await api.client.deleteComment(guestHello, WELCOME, api.tokens.guest);
    expect(storedPost(await api.state(), guestHello).comments).toEqual([]);
  });

  it('refuses a third person, and unknown ids', async () => {
    await expectRefused(
      () => api.client.deleteComment(guestHello, WELCOME, api.tokens.liam),
      400,
      "Cannot delete a comment doesn't belong to the User.",
    );
    await expectRefused(
      () => api.client.deleteComment(guestHello, 'comment-missing', api.tokens.guest),
      404,
      'Comment not found',
    );
    await expectRefused(
      () => api.client.deleteComment(guestHello, RECIPE, api.tokens.maya),
      404,
      'Comment not found',
    );
  });
});

describe('comment votes', () => {
  it('upvote: 201, into upvotedBy, out of downvotedBy; works on a comment without votes', async () => {
    await api.client.downvoteComment(sofiaLoaf, PROMISE, api.tokens.guest);
    expect((await storedComment(sofiaLoaf, PROMISE)).votes).toEqual({
      upvotedByIds: [],
      downvotedByIds: [SEED_USER_IDS.guest],
    });
    const response = await fetch(`${api.baseUrl}/comments/upvote/${sofiaLoaf}/${PROMISE}`, {
      method: 'POST',
      headers: { authorization: api.tokens.guest },
    });
    expect(response.status).toBe(201);
    const { comments } = (await response.json()) as {
      comments: { _id: string; votes?: { upvotedBy: { username: string }[] } }[];
    };
    expect(comments[1]?.votes?.upvotedBy.map((user) => user.username)).toEqual(['guest']);
    expect((await storedComment(sofiaLoaf, PROMISE)).votes).toEqual({
      upvotedByIds: [SEED_USER_IDS.guest],
      downvotedByIds: [],
    });
  });

  it('downvote: 201, into downvotedBy, out of upvotedBy', async () => {
    await api.client.downvoteComment(sofiaLoaf, RECIPE, api.tokens.liam);
    expect((await storedComment(sofiaLoaf, RECIPE)).votes).toEqual({
      upvotedByIds: [],
      downvotedByIds: [SEED_USER_IDS.liam],
    });
  });

  it('unvote: 201, withdraws an up- or a downvote; 400 when there is none; 401 without a token', async () => {
    await api.client.unvoteComment(sofiaLoaf, RECIPE, api.tokens.liam);
    expect((await storedComment(sofiaLoaf, RECIPE)).votes).toEqual({
      upvotedByIds: [],
      downvotedByIds: [],
    });
    await api.client.downvoteComment(sofiaLoaf, RECIPE, api.tokens.noah);
    const { comments } = await api.client.unvoteComment(sofiaLoaf, RECIPE, api.tokens.noah);
    expect(comments.find((comment) => comment._id === RECIPE)?.votes).toEqual({
      upvotedBy: [],
      downvotedBy: [],
    });
    await expectRefused(
      () => api.client.unvoteComment(sofiaLoaf, RECIPE, api.tokens.noah),
      400,
      'No vote to withdraw.',
    );
    await expectRefused(
      () => api.client.unvoteComment(mayaLaunch, 'comment-launch-sprint', api.tokens.guest),
      400,
      'No vote to withdraw.',
    );
    await expectRefused(
      () => api.client.unvoteComment(sofiaLoaf, RECIPE, 'not a token'),
      401,
      'The token is invalid. Unauthorized access error.',
    );
  });

  it('refuses a repeated vote, and unknown ids', async () => {
    await expectRefused(
      () => api.client.upvoteComment(sofiaLoaf, RECIPE, api.tokens.liam),
      400,
      'Cannot upvote a post that is already upvoted. ',
    );
    await api.client.downvoteComment(mayaLaunch, 'comment-launch-sprint', api.tokens.noah);
    await expectRefused(
      () => api.client.downvoteComment(mayaLaunch, 'comment-launch-sprint', api.tokens.noah),
      400,
      'Cannot downvote a post that is already downvoted. ',
    );
    await expectRefused(
      () => api.client.upvoteComment(mayaLaunch, 'comment-missing', api.tokens.noah),
      404,
      'Comment not found',
    );
    await expectRefused(
      () => api.client.downvoteComment('post-missing', RECIPE, api.tokens.noah),
      404,
      'Post not found',
    );
  });
});
