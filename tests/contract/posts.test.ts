import { describe, expect, it } from 'vitest';
import { SEED_POST_IDS } from '../../src/seed/posts';
import { SEED_USER_IDS } from '../../src/seed/users';
import { expectRefused as refuse, storedPost, storedUser, TIMESTAMP, useApi } from './harness';

const api = useApi();
const { guestHello, liamRidge, noahMarathon, sofiaScones, mayaGrid } = SEED_POST_IDS;
/** What an image sent as a data URL is stored as: a media file's link. */
const MEDIA_LINK = /\/api\/media\/[A-Za-z0-9_-]{32}(-\d+)?\.webp$/;
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWMwXlUORww4OQAzzg/xUTK2PQAAAABJRU5ErkJggg==';

const expectRefused = (call: () => Promise<unknown>, status: number, message: string) =>
  refuse(api, call, status, message);

async function raw(method: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${api.baseUrl}${path}`, { method, ...init });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('reading posts', () => {
  it('GET /posts: 200, all posts oldest first, authors resolved, no password anywhere', async () => {
    const { status, body } = await raw('GET', '/posts');
    expect(status).toBe(200);
    const { posts } = body as { posts: { _id: string; username: string; profile: string }[] };
    expect(posts.map((post) => post._id)).toEqual(
      (await api.state()).posts.map((post) => post._id),
    );
    expect(posts[0]).toMatchObject({ username: 'noah_runs', firstName: 'Noah' });
    expect(JSON.stringify(body)).not.toMatch(/password/i);
  });

  it('GET /posts/:postId: 200 with the post, 404 for an unknown id', async () => {
    const { post } = await api.client.getPost(liamRidge);
    expect(post).toMatchObject({ _id: liamRidge, username: 'liam_chen', likes: { likeCount: 4 } });
    expect(post.likes.likedBy.map((user) => user.username)).toContain('guest');
    expect(post.imgContent).toMatch(/^data:image\//);
    await expectRefused(() => api.client.getPost('post-missing'), 404, 'Post not found');
  });

  it('GET /posts/user/:username: 200 with their posts, 404 for an unknown user', async () => {
    const { posts } = await api.client.getUserPosts('maya_okafor');
    expect(posts.map((post) => post._id)).toEqual(['post-maya-launch', mayaGrid]);
    await expectRefused(() => api.client.getUserPosts('nobody'), 404, 'User not found');
  });
});

describe('POST /posts (create)', () => {
  it('adds the post: 201, all posts back, new one last with zero likes and no comments', async () => {
    const { status, body } = await raw('POST', '/posts', {
      headers: { authorization: api.tokens.guest, 'content-type': 'application/json' },
      body: JSON.stringify({ postData: { content: '  Hello there  ', imgContent: PNG, x: 1 } }),
    });
    expect(status).toBe(201);
    const { posts } = body as { posts: { content: string }[] };
    expect(posts).toHaveLength(9);
    const stored = (await api.state()).posts.at(-1);
    expect(stored).toMatchObject({
      content: 'Hello there',
      imgContent: expect.stringMatching(MEDIA_LINK) as unknown,
      authorId: SEED_USER_IDS.guest,
      likeCount: 0,
      likedByIds: [],
      dislikedByIds: [],
      comments: [],
    });
    expect(stored?.createdAt).toMatch(TIMESTAMP);
    expect(stored?.updatedAt).toBe(stored?.createdAt);
    expect(stored).not.toHaveProperty('x');
    expect(posts.at(-1)).toMatchObject({ content: 'Hello there', username: 'guest' });
  });

  it('accepts 500 characters and no image', async () => {
    const { posts } = await api.client.createPost({ content: 'x'.repeat(500) }, api.tokens.maya);
    expect(posts.at(-1)?.content).toHaveLength(500);
    expect(posts.at(-1)).not.toHaveProperty('imgContent');
  });

  it.each([
    [{ content: '' }, 'postData.content must not be empty'],
    [{ content: '   \n ' }, 'postData.content must not be empty'],
    [{ content: 'x'.repeat(501) }, 'postData.content must be at most 500 characters'],
    [
      { content: 'Hi', imgContent: 'data:application/pdf;base64,AAAA' },
      "postData.imgContent must be an image data URL or an uploaded image's link",
    ],
    [
      { content: 'Hi', imgContent: 'https://example.com/cat.png' },
      "postData.imgContent must be an image data URL or an uploaded image's link",
    ],
    [
      { content: 'Hi', imgContent: `data:image/png;base64,${'A'.repeat(2_796_204)}` },
      'postData.imgContent must be at most 2 MB',
    ],
  ])('refuses invalid postData with 400: %#', async (postData, message) => {
    await expectRefused(() => api.client.createPost(postData, api.tokens.guest), 400, message);
  });

  it.each([
    [{}, 'postData is required'],
    [{ postData: 'Hi' }, 'postData must be an object'],
    [{ postData: {} }, 'postData.content is required'],
    [{ postData: { content: 5 } }, 'postData.content must be a string'],
    [{ postData: { content: 'Hi', imgContent: false } }, 'postData.imgContent must be a string'],
  ])('refuses a malformed body with 400 naming the field: %j', async (body, message) => {
    const before = await api.state();
    const response = await raw('POST', '/posts', {
      headers: { authorization: api.tokens.guest, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response).toEqual({ status: 400, body: { errors: [message] } });
    expect(await api.state()).toEqual(before);
  });
});

describe('POST /posts/edit/:postId', () => {
  it("changes the author's post: 201, content and updatedAt, image kept unless sent", async () => {
    const before = storedPost(await api.state(), liamRidge);
    const { posts } = await api.client.editPost(
      liamRidge,
      { content: 'New words' },
      api.tokens.liam,
    );
    const after = storedPost(await api.state(), liamRidge);
    expect(posts.find((post) => post._id === liamRidge)?.content).toBe('New words');
    expect(after.content).toBe('New words');
    expect(after.imgContent).toBe(before.imgContent);
    expect(after.createdAt).toBe(before.createdAt);
    expect(after.updatedAt).not.toBe(before.updatedAt);
    expect(after.updatedAt).toMatch(TIMESTAMP);
    expect(after.likedByIds).toEqual(before.likedByIds);

    await api.client.editPost(liamRidge, { content: 'Swap', imgContent: PNG }, api.tokens.liam);
    expect(storedPost(await api.state(), liamRidge).imgContent).toMatch(MEDIA_LINK);
    await api.client.editPost(liamRidge, { content: 'Drop', imgContent: '' }, api.tokens.liam);
    expect(storedPost(await api.state(), liamRidge)).not.toHaveProperty('imgContent');
  });

  it("refuses someone else's post, an unknown post and invalid content", async () => {
    await expectRefused(
      () => api.client.editPost(liamRidge, { content: 'Mine now' }, api.tokens.guest),
      400,
      "Cannot edit a Post doesn't belong to the logged in User.",
    );
    await expectRefused(
      () => api.client.editPost('post-missing', { content: 'Hi' }, api.tokens.guest),
      404,
      'Post not found',
    );
    await expectRefused(
      () => api.client.editPost(guestHello, { content: ' ' }, api.tokens.guest),
      400,
      'postData.content must not be empty',
    );
  });
});

describe('alt text (imgAlt) and the edited mark (editedAt)', () => {
  const ALT = 'A loaf of sourdough on a wooden board';

  it('create: keeps the alt text trimmed beside an image; drops it without one or when blank', async () => {
    const { posts } = await api.client.createPost(
      { content: 'Bread', imgContent: PNG, imgAlt: `  ${ALT}  ` },
      api.tokens.guest,
    );
    expect(posts.at(-1)).toMatchObject({
      imgContent: expect.stringMatching(MEDIA_LINK) as unknown,
      imgAlt: ALT,
    });
    expect(posts.at(-1)).not.toHaveProperty('editedAt');
    const { posts: again } = await api.client.createPost(
      { content: 'No picture', imgAlt: ALT },
      api.tokens.guest,
    );
    expect(again.at(-1)).not.toHaveProperty('imgAlt');
    const { posts: blank } = await api.client.createPost(
      { content: 'Blank alt', imgContent: PNG, imgAlt: '   ' },
      api.tokens.guest,
    );
    expect(blank.at(-1)).not.toHaveProperty('imgAlt');
  });

  it('refuses alt text over 1000 characters (as a person counts them) with 400', async () => {
    const ok = await api.client.createPost(
      { content: 'Long alt', imgContent: PNG, imgAlt: '👨‍👩‍👧‍👦'.repeat(1000) },
      api.tokens.guest,
    );
    expect(ok.posts.at(-1)?.imgAlt).toBe('👨‍👩‍👧‍👦'.repeat(1000));
    await expectRefused(
      () =>
        api.client.createPost(
          { content: 'Too long', imgContent: PNG, imgAlt: 'x'.repeat(1001) },
          api.tokens.guest,
        ),
      400,
      'postData.imgAlt must be at most 1000 characters',
    );
    await expectRefused(
      () =>
        api.client.editPost(
          liamRidge,
          { content: 'Too long', imgAlt: 'x'.repeat(1001) },
          api.tokens.liam,
        ),
      400,
      'postData.imgAlt must be at most 1000 characters',
    );
  });

  it('edit: imgAlt alone replaces the alt text; a new image or none takes only what is sent with it', async () => {
    await api.client.editPost(liamRidge, { content: 'Ridge', imgAlt: ALT }, api.tokens.liam);
    expect(storedPost(await api.state(), liamRidge).imgAlt).toBe(ALT);
    await api.client.editPost(liamRidge, { content: 'Ridge' }, api.tokens.liam);
    expect(storedPost(await api.state(), liamRidge).imgAlt).toBe(ALT);
    await api.client.editPost(liamRidge, { content: 'Ridge', imgAlt: '' }, api.tokens.liam);
    expect(storedPost(await api.state(), liamRidge)).not.toHaveProperty('imgAlt');
    await api.client.editPost(
      liamRidge,
      { content: 'Ridge', imgContent: PNG, imgAlt: 'A tiny picture' },
      api.tokens.liam,
    );
    expect(storedPost(await api.state(), liamRidge)).toMatchObject({
      imgContent: expect.stringMatching(MEDIA_LINK) as unknown,
      imgAlt: 'A tiny picture',
    });
    await api.client.editPost(liamRidge, { content: 'Ridge', imgContent: PNG }, api.tokens.liam);
    expect(storedPost(await api.state(), liamRidge)).not.toHaveProperty('imgAlt');
    await api.client.editPost(liamRidge, { content: 'Ridge', imgAlt: ALT }, api.tokens.liam);
    await api.client.editPost(liamRidge, { content: 'Ridge', imgContent: '' }, api.tokens.liam);
    const removed = storedPost(await api.state(), liamRidge);
    expect(removed).not.toHaveProperty('imgContent');
    expect(removed).not.toHaveProperty('imgAlt');
    // Without an image, alt text has nothing to describe.
    await api.client.editPost(liamRidge, { content: 'Ridge', imgAlt: ALT }, api.tokens.liam);
    expect(storedPost(await api.state(), liamRidge)).not.toHaveProperty('imgAlt');
  });

  it('no seed post is edited; a change marks the post edited, an unchanged save does not', async () => {
    const { posts } = await api.client.getPosts();
    expect(posts.filter((post) => 'editedAt' in post)).toEqual([]);

    await api.client.editPost(
      liamRidge,
      { content: storedPost(await api.state(), liamRidge).content },
      api.tokens.liam,
    );
    expect(storedPost(await api.state(), liamRidge)).not.toHaveProperty('editedAt');

    const { posts: after } = await api.client.editPost(
      liamRidge,
      { content: 'New words' },
      api.tokens.liam,
    );
    const stored = storedPost(await api.state(), liamRidge);
    expect(stored.editedAt).toMatch(TIMESTAMP);
    expect(after.find((post) => post._id === liamRidge)?.editedAt).toBe(stored.editedAt);
    // A like (or taking it back) changes updatedAt, never editedAt.
    await api.client.dislikePost(liamRidge, api.tokens.guest);
    expect(storedPost(await api.state(), liamRidge).editedAt).toBe(stored.editedAt);

    await api.client.editPost(guestHello, { content: 'Hi', imgContent: PNG }, api.tokens.guest);
    expect(storedPost(await api.state(), guestHello).editedAt).toMatch(TIMESTAMP);
  });
});

describe('DELETE /posts/:postId', () => {
  it('removes the post: 201, and from every bookmark list', async () => {
    await api.client.bookmarkPost(guestHello, api.tokens.maya);
    await api.client.bookmarkPost(liamRidge, api.tokens.maya);
    await api.client.bookmarkPost(guestHello, api.tokens.noah);
    const { status, body } = await raw('DELETE', `/posts/${guestHello}`, {
      headers: { authorization: api.tokens.guest },
    });
    expect(status).toBe(201);
    expect((body as { posts: { _id: string }[] }).posts.map((post) => post._id)).not.toContain(
      guestHello,
    );
    expect((await api.state()).posts.map((post) => post._id)).not.toContain(guestHello);
    expect(storedUser(await api.state(), 'maya_okafor').bookmarkIds).toEqual([liamRidge]);
    expect(storedUser(await api.state(), 'noah_runs').bookmarkIds).toEqual([]);
    const { bookmarks } = await api.client.getBookmarks(api.tokens.maya);
    expect(bookmarks.map((post) => post._id)).toEqual([liamRidge]);
  });

  it("refuses someone else's post and an unknown post", async () => {
    await expectRefused(
      () => api.client.deletePost(liamRidge, api.tokens.guest),
      400,
      "Cannot delete a Post doesn't belong to the logged in User.",
    );
    await expectRefused(
      () => api.client.deletePost('post-missing', api.tokens.guest),
      404,
      'Post not found',
    );
  });
});

describe('likes', () => {
  it('like: 201, into likedBy, out of dislikedBy, likeCount + 1, updatedAt', async () => {
    const before = storedPost(await api.state(), noahMarathon);
    expect(before.dislikedByIds).toEqual([SEED_USER_IDS.liam]);
    const { posts } = await api.client.likePost(noahMarathon, api.tokens.liam);
    const after = storedPost(await api.state(), noahMarathon);
    expect(after.likeCount).toBe(2);
    expect(after.likedByIds).toEqual([SEED_USER_IDS.maya, SEED_USER_IDS.liam]);
    expect(after.dislikedByIds).toEqual([]);
    expect(after.updatedAt).not.toBe(before.updatedAt);
    const view = posts.find((post) => post._id === noahMarathon);
    expect(view?.likes.likeCount).toBe(2);
    expect(view?.likes.likedBy.map((user) => user.username)).toEqual(['maya_okafor', 'liam_chen']);
  });

  it('refuses a second like', async () => {
    await expectRefused(
      () => api.client.likePost(liamRidge, api.tokens.guest),
      400,
      'Cannot like a post that is already liked. ',
    );
  });

  it('dislike: 201, likeCount − 1, out of likedBy, into dislikedBy', async () => {
    await api.client.dislikePost(liamRidge, api.tokens.guest);
    const after = storedPost(await api.state(), liamRidge);
    expect(after.likeCount).toBe(3);
    expect(after.likedByIds).not.toContain(SEED_USER_IDS.guest);
    expect(after.dislikedByIds).toEqual([SEED_USER_IDS.guest]);
    // …and liking again moves them back.
    await api.client.likePost(liamRidge, api.tokens.guest);
    expect(storedPost(await api.state(), liamRidge)).toMatchObject({
      likeCount: 4,
      dislikedByIds: [],
    });
  });

  it('refuses a dislike at zero likes, and a second dislike', async () => {
    await expectRefused(
      () => api.client.dislikePost(sofiaScones, api.tokens.guest),
      400,
      'Cannot decrement like less than 0.',
    );
    await expectRefused(
      () => api.client.dislikePost(noahMarathon, api.tokens.liam),
      400,
      'Cannot dislike a post that is already disliked. ',
    );
  });

  it('answers 404 for an unknown post', async () => {
    await expectRefused(() => api.client.likePost('nope', api.tokens.guest), 404, 'Post not found');
    await expectRefused(
      () => api.client.dislikePost('nope', api.tokens.guest),
      404,
      'Post not found',
    );
  });
});
