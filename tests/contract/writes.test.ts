/**
 * The app's writes that answer only what changed: the same rules and refusals as the spec's
 * endpoints (which answer every post), and the one post as every read shows it afterwards.
 */
import { describe, expect, it } from 'vitest';
import type { Post } from '../../src/api/types';
import { MESSAGES } from '../../src/service/messages';
import {
  asCard,
  expectRefused as refuse,
  seenBy,
  useApi,
  USERNAMES,
  type SeedPerson,
} from './harness';

const api = useApi();
const expectRefused = (call: () => Promise<unknown>, status: number, message: string) =>
  refuse(api, call, status, message);

/** A call's status and body, as sent by a client that is not ours. */
async function send(method: string, path: string, as: SeedPerson, body?: unknown) {
  const response = await fetch(`${api.baseUrl}${path}`, {
    method,
    headers: {
      authorization: api.tokens[as],
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function postWhere(test: (post: Post) => boolean): Promise<Post> {
  const { posts } = await api.client.getPosts();
  const found = posts.find(test);
  if (found === undefined) throw new Error('No such post in the seed');
  return found;
}

const byGuest = (post: Post) => post.username === USERNAMES.guest;
const likedByGuest = (post: Post) =>
  post.likes.likedBy.some((user) => user.username === USERNAMES.guest);

describe('POST /post', () => {
  it('publishes a post with 201 and answers it as GET /posts/:postId shows it', async () => {
    const answer = await send('POST', '/post', 'guest', { postData: { content: 'One post' } });
    expect(answer.status).toBe(201);
    const { post } = answer.body as { post: Post };
    expect(post).toMatchObject({ content: 'One post', username: USERNAMES.guest });
    // Shaped for its card: no comment yet, and their count.
    expect(post).toMatchObject({ comments: [], commentCount: 0 });
    const { post: read } = await api.client.getPost(post._id);
    expect(asCard(read, USERNAMES.guest)).toEqual(post);
    expect((await api.client.getPosts()).posts.at(-1)).toEqual(read);
  });

  it('refuses what POST /posts refuses', async () => {
    await expectRefused(
      () =>
        api.client.call('publishPost', {
          token: api.tokens.guest,
          body: { postData: { content: ' ' } },
        }),
      400,
      'postData.content must not be empty',
    );
  });
});

describe('POST /post/:postId and DELETE /post/:postId', () => {
  it('edits one post with 200 and answers it', async () => {
    const own = await postWhere(byGuest);
    const answer = await send('POST', `/post/${own._id}`, 'guest', {
      postData: { content: 'Edited once' },
    });
    expect(answer.status).toBe(200);
    const { post } = answer.body as { post: Post };
    expect(post.content).toBe('Edited once');
    expect(post.editedAt).toBeDefined();
    expect(asCard((await api.client.getPost(own._id)).post, USERNAMES.guest)).toEqual(post);
  });

  it('refuses an edit of another person’s post, or of one not there', async () => {
    const others = await postWhere((post) => !byGuest(post));
    const body = { postData: { content: 'Not mine' } };
    await expectRefused(
      () =>
        api.client.call('updatePost', {
          params: { postId: others._id },
          token: api.tokens.guest,
          body,
        }),
      400,
      MESSAGES.editPostNotOwner,
    );
    await expectRefused(
      () =>
        api.client.call('updatePost', {
          params: { postId: 'nope' },
          token: api.tokens.guest,
          body,
        }),
      404,
      MESSAGES.postNotFound,
    );
  });

  it('deletes one post with 200, answers its id, and takes it out of every bookmark list', async () => {
    const own = await postWhere(byGuest);
    await api.client.bookmarkPost(own._id, api.tokens.maya).catch(() => undefined);
    const answer = await send('DELETE', `/post/${own._id}`, 'guest');
    expect(answer).toEqual({ status: 200, body: { postId: own._id } });
    const { bookmarks } = await api.client.getBookmarks(api.tokens.maya);
    expect(bookmarks.some((post) => post._id === own._id)).toBe(false);
    await expectRefused(() => api.client.getPost(own._id), 404, MESSAGES.postNotFound);
  });

  it('refuses to delete another person’s post', async () => {
    const others = await postWhere((post) => !byGuest(post));
    await expectRefused(
      () =>
        api.client.call('removePost', { params: { postId: others._id }, token: api.tokens.guest }),
      400,
      MESSAGES.deletePostNotOwner,
    );
  });
});

describe('POST /post/:postId/like and /dislike', () => {
  it('likes and takes back the like, answering the one post with 200', async () => {
    const target = await postWhere((post) => !byGuest(post) && !likedByGuest(post));
    const liked = await send('POST', `/post/${target._id}/like`, 'guest');
    expect(liked.status).toBe(200);
    const { post } = liked.body as { post: Post };
    expect(post.likes.likeCount).toBe(target.likes.likeCount + 1);
    expect(post.likes.likedBy.at(-1)?.username).toBe(USERNAMES.guest);
    // The app's answer names the liker's own like only and holds the newest comment only; the
    // spec's GET names every liker and holds every comment.
    expect(asCard((await api.client.getPost(target._id)).post, USERNAMES.guest)).toEqual(post);
    const { post: back } = await api.client.call('dislikeOne', {
      params: { postId: target._id },
      token: api.tokens.guest,
    });
    expect(back.likes.likeCount).toBe(target.likes.likeCount);
    expect(back.likes.dislikedBy.at(-1)?.username).toBe(USERNAMES.guest);
  });

  it('refuses as the spec’s like and dislike do', async () => {
    const liked = await postWhere(likedByGuest);
    await expectRefused(
      () => api.client.call('likeOne', { params: { postId: liked._id }, token: api.tokens.guest }),
      400,
      MESSAGES.alreadyLiked,
    );
    await expectRefused(
      () => api.client.call('dislikeOne', { params: { postId: 'nope' }, token: api.tokens.guest }),
      404,
      MESSAGES.postNotFound,
    );
  });
});

describe('POST and DELETE /post/:postId/bookmark', () => {
  it('bookmarks and takes the bookmark back, answering the post as its card shows it to them', async () => {
    const target = await postWhere((post) => !byGuest(post));
    const marked = await send('POST', `/post/${target._id}/bookmark`, 'guest');
    expect(marked.status).toBe(200);
    const { post } = marked.body as { post: Post };
    const read = (await api.client.getPost(target._id)).post;
    expect(post).toEqual(asCard(read, USERNAMES.guest, true));
    // Every app read tells the one who bookmarked it so, and no one else.
    const page = await api.client.call('bookmarkFeed', { token: api.tokens.guest });
    expect(page.posts.map((each) => [each._id, each.bookmarkedByMe])).toEqual([[target._id, true]]);
    const theirs = await api.client.call('latestFeed', { token: api.tokens.maya });
    expect(theirs.posts.find((each) => each._id === target._id)?.bookmarkedByMe).toBe(false);
    const anyone = await api.client.call('latestFeed', {});
    expect(anyone.posts.every((each) => each.bookmarkedByMe === undefined)).toBe(true);

    const back = await send('DELETE', `/post/${target._id}/bookmark`, 'guest');
    expect(back.status).toBe(200);
    expect((back.body as { post: Post }).post).toEqual(asCard(read, USERNAMES.guest));
    const none = await api.client.call('bookmarkFeed', { token: api.tokens.guest });
    expect(none.posts).toEqual([]);
  });

  it('refuses as the spec’s bookmark and removal do', async () => {
    const target = await postWhere((post) => !byGuest(post));
    await expectRefused(
      () =>
        api.client.call('unbookmarkOne', {
          params: { postId: target._id },
          token: api.tokens.guest,
        }),
      400,
      MESSAGES.notBookmarked,
    );
    await api.client.call('bookmarkOne', {
      params: { postId: target._id },
      token: api.tokens.guest,
    });
    await expectRefused(
      () =>
        api.client.call('bookmarkOne', { params: { postId: target._id }, token: api.tokens.guest }),
      400,
      MESSAGES.alreadyBookmarked,
    );
    await expectRefused(
      () => api.client.call('bookmarkOne', { params: { postId: 'nope' }, token: api.tokens.guest }),
      404,
      MESSAGES.postNotFound,
    );
  });
});

describe('POST /post/:postId/comments', () => {
  it('comments with 201 and answers the post with its comments', async () => {
    const target = await postWhere((post) => !byGuest(post));
    const answer = await send('POST', `/post/${target._id}/comments`, 'guest', {
      commentData: 'Nice one',
    });
    expect(answer.status).toBe(201);
    const { post } = answer.body as { post: Post };
    expect(post.comments).toHaveLength(target.comments.length + 1);
    expect(post.comments.at(-1)).toMatchObject({
      commentData: 'Nice one',
      username: USERNAMES.guest,
    });
    expect(seenBy((await api.client.getPost(target._id)).post, USERNAMES.guest)).toEqual(post);
    const { comments } = await api.client.getComments(target._id);
    expect(seenBy({ ...post, comments }, USERNAMES.guest).comments).toEqual(post.comments);
  });

  it('refuses an empty comment, and a post not there', async () => {
    const target = await postWhere((post) => !byGuest(post));
    await expectRefused(
      () =>
        api.client.call('commentOn', {
          params: { postId: target._id },
          token: api.tokens.guest,
          body: { commentData: '' },
        }),
      400,
      'commentData must not be empty',
    );
    await expectRefused(
      () =>
        api.client.call('commentOn', {
          params: { postId: 'nope' },
          token: api.tokens.guest,
          body: { commentData: 'Hello' },
        }),
      404,
      MESSAGES.postNotFound,
    );
  });
});

describe("the app's comment writes: /post/:postId/comments/:commentId", () => {
  /** A comment by `author` on someone else's post, and that post. */
  async function commentBy(author: SeedPerson) {
    const target = await postWhere((post) => post.username !== USERNAMES[author]);
    const { post } = await api.client.call('commentOn', {
      params: { postId: target._id },
      body: { commentData: 'A comment to change' },
      token: api.tokens[author],
    });
    const comment = post.comments.at(-1);
    if (comment === undefined) throw new Error('The comment was not answered');
    return { postId: target._id, commentId: comment._id };
  }
  /** The post as its page shows it to `as` now. */
  const pageOf = async (postId: string, as: SeedPerson) =>
    (await api.client.call('postPage', { params: { postId }, token: api.tokens[as] })).post;

  it('edit, vote and delete, each answering the post as its page then shows it', async () => {
    const params = await commentBy('guest');
    const edited = await send(
      'POST',
      `/post/${params.postId}/comments/${params.commentId}`,
      'guest',
      { commentData: 'Changed' },
    );
    expect(edited.status).toBe(200);
    const { post: afterEdit } = edited.body as { post: Post };
    expect(afterEdit.comments.at(-1)).toMatchObject({ commentData: 'Changed' });
    expect(afterEdit).toEqual(await pageOf(params.postId, 'guest'));

    const base = `/post/${params.postId}/comments/${params.commentId}`;
    const up = await send('POST', `${base}/upvote`, 'maya');
    const { post: afterUp } = up.body as { post: Post };
    expect(afterUp.comments.at(-1)?.votes).toEqual({
      upvotedBy: [expect.objectContaining({ username: USERNAMES.maya })],
      downvotedBy: [],
      upvoteCount: 1,
      downvoteCount: 0,
    });
    expect(afterUp).toEqual(await pageOf(params.postId, 'maya'));
    const down = await send('POST', `${base}/downvote`, 'liam');
    expect((down.body as { post: Post }).post.comments.at(-1)?.votes).toEqual({
      upvotedBy: [],
      downvotedBy: [expect.objectContaining({ username: USERNAMES.liam })],
      upvoteCount: 1,
      downvoteCount: 1,
    });
    const unvoted = await send('POST', `${base}/unvote`, 'maya');
    const { post: afterUnvote } = unvoted.body as { post: Post };
    expect(afterUnvote.comments.at(-1)?.votes).toMatchObject({ upvoteCount: 0, downvoteCount: 1 });
    expect(afterUnvote).toEqual(await pageOf(params.postId, 'maya'));

    const removed = await send('DELETE', base, 'guest');
    expect(removed.status).toBe(200);
    const { post: afterDelete } = removed.body as { post: Post };
    expect(afterDelete.comments.map((comment) => comment._id)).not.toContain(params.commentId);
    expect(afterDelete).toEqual(await pageOf(params.postId, 'guest'));
  });

  it("refuse as the spec's endpoints do, changing nothing", async () => {
    const params = await commentBy('guest');
    const before = await pageOf(params.postId, 'maya');
    const call = (name: 'updateComment' | 'removeComment', as: SeedPerson) =>
      name === 'updateComment'
        ? api.client.call(name, {
            params,
            body: { commentData: 'Mine now' },
            token: api.tokens[as],
          })
        : api.client.call(name, { params, token: api.tokens[as] });
    await expectRefused(() => call('updateComment', 'maya'), 400, MESSAGES.editCommentNotOwner);
    await expectRefused(() => call('removeComment', 'maya'), 400, MESSAGES.deleteCommentNotOwner);
    const missing = { postId: params.postId, commentId: 'comment-missing' };
    await expectRefused(
      () => api.client.call('downvoteOne', { params: missing, token: api.tokens.maya }),
      404,
      MESSAGES.commentNotFound,
    );
    const after = await pageOf(params.postId, 'maya');
    expect(after).toEqual(before);
    await api.client.call('upvoteOne', { params, token: api.tokens.noah });
    await expectRefused(
      () => api.client.call('upvoteOne', { params, token: api.tokens.noah }),
      400,
      MESSAGES.alreadyUpvoted,
    );
    await expectRefused(
      () => api.client.call('unvoteOne', { params, token: api.tokens.maya }),
      400,
      MESSAGES.noVoteToWithdraw,
    );
    await api.client.call('unvoteOne', { params, token: api.tokens.noah });
  });
});
