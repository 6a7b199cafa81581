import { describe, expect, it } from 'vitest';
import type { UserData } from '../../src/api/types';
import { SEED_POST_IDS } from '../../src/seed/posts';
import { SEED_USER_IDS } from '../../src/seed/users';
import { expectRefused as refuse, storedUser, useApi } from './harness';

const api = useApi();
const expectRefused = (call: () => Promise<unknown>, status: number, message: string) =>
  refuse(api, call, status, message);
const { guest, maya, liam, noah } = SEED_USER_IDS;
const { liamRidge, mayaGrid } = SEED_POST_IDS;
/** What an avatar sent as a data URL is stored as: its media's 400 px square. */
const AVATAR_LINK = expect.stringMatching(/\/api\/media\/[A-Za-z0-9_-]{32}-400\.webp$/) as unknown;
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWMwXlUORww4OQAzzg/xUTK2PQAAAABJRU5ErkJggg==';

describe('reading users', () => {
  it('GET /users: 200, all five, social graph as summaries, no password', async () => {
    const response = await fetch(`${api.baseUrl}/users`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toMatch(/password/i);
    const { users } = await api.client.getUsers();
    expect(users.map((user) => user.username)).toEqual([
      'guest',
      'maya_okafor',
      'liam_chen',
      'sofia_bakes',
      'noah_runs',
    ]);
    const mayaView = users.find((user) => user._id === maya);
    expect(mayaView?.followers).toEqual([
      expect.objectContaining({ _id: guest, username: 'guest', firstName: 'Guest' }),
    ]);
    expect(Object.keys(mayaView?.followers[0] ?? {}).sort()).toEqual(
      ['_id', 'firstName', 'lastName', 'profile', 'username'].sort(),
    );
  });

  it('GET /users/:userId: 200, or 404 for an unknown id', async () => {
    const { user } = await api.client.getUser(liam);
    expect(user).toMatchObject({ username: 'liam_chen', link: 'https://liamchen.photos' });
    await expectRefused(() => api.client.getUser('user-missing'), 404, 'User not found');
  });
});

describe('POST /users/edit', () => {
  it('201: changes the five editable fields; posts and comments show the new name and avatar', async () => {
    const response = await fetch(`${api.baseUrl}/users/edit`, {
      method: 'POST',
      headers: { authorization: api.tokens.maya, 'content-type': 'application/json' },
      body: JSON.stringify({
        userData: {
          firstName: 'Maya J.',
          lastName: 'Okafor-Reed',
          bio: 'New bio',
          link: 'https://maya.example.org',
          profile: PNG,
        },
      }),
    });
    expect(response.status).toBe(201);
    const { user } = (await response.json()) as { user: Record<string, unknown> };
    expect(user).toMatchObject({ firstName: 'Maya J.', bio: 'New bio', profile: AVATAR_LINK });
    const stored = storedUser(await api.state(), 'maya_okafor');
    expect(stored).toMatchObject({
      firstName: 'Maya J.',
      lastName: 'Okafor-Reed',
      bio: 'New bio',
      link: 'https://maya.example.org',
      profile: AVATAR_LINK,
    });
    expect(stored.updatedAt).not.toBe('2025-11-02T08:10:00+00:00');

    const { posts } = await api.client.getPosts();
    expect(posts.find((post) => post._id === mayaGrid)).toMatchObject({
      firstName: 'Maya J.',
      profile: AVATAR_LINK,
    });
    const comment = posts
      .flatMap((post) => post.comments)
      .find((each) => each._id === 'comment-loaf-recipe');
    expect(comment).toMatchObject({
      firstName: 'Maya J.',
      lastName: 'Okafor-Reed',
      profile: AVATAR_LINK,
    });
    const { users } = await api.client.getUsers();
    expect(users[0]?.following[0]).toMatchObject({ _id: maya, profile: AVATAR_LINK });
  });

  it('clears bio, link and avatar with empty strings', async () => {
    await api.client.editUser({ bio: '', link: '', profile: '' }, api.tokens.liam);
    expect(storedUser(await api.state(), 'liam_chen')).toMatchObject({
      bio: '',
      link: '',
      profile: '',
    });
  });

  it('ignores everything but the five fields', async () => {
    const before = storedUser(await api.state(), 'guest');
    const sneaky = {
      bio: 'Still me',
      _id: 'user-maya',
      username: 'admin',
      password: 'hijacked',
      passwordHash: 'x',
      followers: [{ _id: noah }],
      following: [],
      bookmarks: [{ _id: liamRidge }],
    } as UserData;
    const { user } = await api.client.editUser(sneaky, api.tokens.guest);
    expect(user).toMatchObject({ _id: guest, username: 'guest', bio: 'Still me' });
    const after = storedUser(await api.state(), 'guest');
    expect({ ...after, bio: before.bio, updatedAt: before.updatedAt }).toEqual(before);
    await api.client.login({ username: 'guest', password: 'guest1234' });
  });

  it.each([
    [{ link: 'javascript:alert(1)' }, 'userData.link must be an http(s) URL'],
    [{ link: 'mailto:maya@example.com' }, 'userData.link must be an http(s) URL'],
    [{ link: 'ftp://www.example.com' }, 'userData.link must be an http(s) URL'],
    [{ link: 'https://' }, 'userData.link must be an http(s) URL'],
    [{ bio: 'x'.repeat(161) }, 'userData.bio must be at most 160 characters'],
    [{ firstName: '' }, 'userData.firstName must not be empty'],
    [{ lastName: 'x'.repeat(41) }, 'userData.lastName must be at most 40 characters'],
    [
      { profile: 'data:text/plain,hello' },
      "userData.profile must be an image data URL or an uploaded image's link",
    ],
    [
      { profile: `data:image/jpeg;base64,${'A'.repeat(2_796_204)}` },
      'userData.profile must be at most 2 MB',
    ],
    [{ bio: 12 }, 'userData.bio must be a string'],
    [{ link: null }, 'userData.link is required'],
  ])('refuses invalid userData with 400 naming the field: %#', async (userData, message) => {
    await expectRefused(
      () => api.client.editUser(userData as UserData, api.tokens.guest),
      400,
      message,
    );
  });

  it('keeps a website sent without a scheme with https:// in front, and one with its own', async () => {
    const { user } = await api.client.editUser(
      { link: ' maya.example.org/work ' },
      api.tokens.maya,
    );
    expect(user.link).toBe('https://maya.example.org/work');
    expect(storedUser(await api.state(), 'maya_okafor').link).toBe('https://maya.example.org/work');
    await api.client.editUser({ link: 'http://plain.example' }, api.tokens.maya);
    expect(storedUser(await api.state(), 'maya_okafor').link).toBe('http://plain.example');
  });

  it('changes the display name by the sign-up rules: trimmed, 1 to 40 characters', async () => {
    const { user } = await api.client.editUser(
      { firstName: '  Maya  ', lastName: ' Okafor-Reed ' },
      api.tokens.maya,
    );
    expect(user).toMatchObject({ firstName: 'Maya', lastName: 'Okafor-Reed' });
    expect(storedUser(await api.state(), 'maya_okafor')).toMatchObject({
      firstName: 'Maya',
      lastName: 'Okafor-Reed',
    });
    await expectRefused(
      () => api.client.editUser({ firstName: '   ' }, api.tokens.maya),
      400,
      'userData.firstName must not be empty',
    );
    await expectRefused(
      () => api.client.editUser({ firstName: 'é'.repeat(41) }, api.tokens.maya),
      400,
      'userData.firstName must be at most 40 characters',
    );
    await api.client.editUser({ lastName: '👩‍👩‍👧'.repeat(40) }, api.tokens.maya);
    expect(storedUser(await api.state(), 'maya_okafor').lastName).toBe('👩‍👩‍👧'.repeat(40));
  });

  it('accepts the limits exactly, and http as well as https', async () => {
    await api.client.editUser(
      { bio: 'b'.repeat(160), firstName: 'f'.repeat(40), link: 'http://plain.example' },
      api.tokens.guest,
    );
    expect(storedUser(await api.state(), 'guest').bio).toHaveLength(160);
  });

  it('refuses a missing userData, and a missing token', async () => {
    const before = await api.state();
    const response = await fetch(`${api.baseUrl}/users/edit`, {
      method: 'POST',
      headers: { authorization: api.tokens.guest, 'content-type': 'application/json' },
      body: JSON.stringify({ bio: 'no wrapper' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: ['userData is required'] });
    expect(await api.state()).toEqual(before);
    await expectRefused(
      () => api.client.editUser({ bio: 'x' }, ''),
      401,
      'The token is invalid. Unauthorized access error.',
    );
  });
});

describe('bookmarks', () => {
  it('GET /users/bookmark: 200 with full posts, resolved from the current post state', async () => {
    const response = await fetch(`${api.baseUrl}/users/bookmark`, {
      headers: { authorization: api.tokens.guest },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ bookmarks: [] });

    await api.client.bookmarkPost(liamRidge, api.tokens.guest);
    await api.client.likePost(liamRidge, api.tokens.liam);
    const { bookmarks } = await api.client.getBookmarks(api.tokens.guest);
    expect(bookmarks).toHaveLength(1);
    expect(bookmarks[0]).toMatchObject({ _id: liamRidge, likes: { likeCount: 5 } });
    const { user } = await api.client.getUser(guest);
    expect(user.bookmarks.map((post) => post._id)).toEqual([liamRidge]);
  });

  it('bookmark: 200 with the bookmarks; refused when repeated or unknown', async () => {
    const response = await fetch(`${api.baseUrl}/users/bookmark/${mayaGrid}`, {
      method: 'POST',
      headers: { authorization: api.tokens.guest },
    });
    expect(response.status).toBe(200);
    const { bookmarks } = (await response.json()) as { bookmarks: { _id: string }[] };
    expect(bookmarks.map((post) => post._id)).toEqual([mayaGrid]);
    expect(storedUser(await api.state(), 'guest').bookmarkIds).toEqual([mayaGrid]);
    await expectRefused(
      () => api.client.bookmarkPost(mayaGrid, api.tokens.guest),
      400,
      'This Post is already bookmarked',
    );
    await expectRefused(
      () => api.client.bookmarkPost('post-missing', api.tokens.guest),
      404,
      'Post not found',
    );
  });

  it('remove-bookmark: 200 with the bookmarks; refused when not bookmarked or unknown', async () => {
    await api.client.bookmarkPost(mayaGrid, api.tokens.guest);
    await api.client.bookmarkPost(liamRidge, api.tokens.guest);
    const { bookmarks } = await api.client.removeBookmark(mayaGrid, api.tokens.guest);
    expect(bookmarks.map((post) => post._id)).toEqual([liamRidge]);
    expect(storedUser(await api.state(), 'guest').bookmarkIds).toEqual([liamRidge]);
    await expectRefused(
      () => api.client.removeBookmark(mayaGrid, api.tokens.guest),
      400,
      'Post not bookmarked yet',
    );
    await expectRefused(
      () => api.client.removeBookmark('post-missing', api.tokens.guest),
      404,
      'Post not found',
    );
  });
});

describe('follow and unfollow, both sides', () => {
  it('follow: 200 with user, followUser and users; both sides change', async () => {
    const response = await fetch(`${api.baseUrl}/users/follow/${noah}`, {
      method: 'POST',
      headers: { authorization: api.tokens.guest },
    });
    expect(response.status).toBe(200);
    const { user, followUser, users } = (await response.json()) as {
      user: { _id: string; following: { _id: string }[] };
      followUser: { _id: string; followers: { _id: string }[] };
      users: unknown[];
    };
    expect(user.following.map((each) => each._id)).toEqual([maya, liam, noah]);
    expect(followUser.followers.map((each) => each._id)).toEqual([guest]);
    expect(users).toHaveLength(5);
    expect(storedUser(await api.state(), 'guest').followingIds).toEqual([maya, liam, noah]);
    expect(storedUser(await api.state(), 'noah_runs').followerIds).toEqual([guest]);
  });

  it('unfollow: 200; both sides change', async () => {
    const { user, followUser } = await api.client.unfollowUser(maya, api.tokens.guest);
    expect(user.following.map((each) => each._id)).toEqual([liam]);
    expect(followUser.followers).toEqual([]);
    expect(storedUser(await api.state(), 'guest').followingIds).toEqual([liam]);
    expect(storedUser(await api.state(), 'maya_okafor').followerIds).toEqual([]);
  });

  it('refuses following twice, unfollowing a stranger, yourself, and unknown users', async () => {
    await expectRefused(
      () => api.client.followUser(maya, api.tokens.guest),
      400,
      'User Already following',
    );
    await expectRefused(
      () => api.client.unfollowUser(noah, api.tokens.guest),
      400,
      'User already not following',
    );
    await expectRefused(
      () => api.client.followUser(guest, api.tokens.guest),
      400,
      'You cannot follow yourself',
    );
    await expectRefused(
      () => api.client.followUser('user-missing', api.tokens.guest),
      404,
      'User not found',
    );
    await expectRefused(
      () => api.client.unfollowUser('user-missing', api.tokens.guest),
      404,
      'User not found',
    );
  });
});
