/**
 * What a stranger can send and what it may not do: bounded fields, characters no store can keep,
 * honest like counts, images judged by their bytes, bodies that must be JSON, answers no cache
 * keeps, and sessions that end on the server. Each case here once got through (issue 25's
 * probes of the real server); the same file runs on the mock, PGlite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS, type SignupRequest } from '../../src/api/types';
import { SEED_PASSWORD } from '../../src/seed/users';
import { expectRefused as refuse, failure, storedPost, USERNAMES, useApi } from './harness';

const api = useApi();

const expectRefused = (call: () => Promise<unknown>, status: number, message: string) =>
  refuse(api, call, status, message);

const newcomer: SignupRequest = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada_l',
  password: 'engine1843',
};

const invalidToken = 'The token is invalid. Unauthorized access error.';
const unstorable = (field: string) =>
  `${field} must not contain a NUL character or half of an emoji`;

/** A post nobody has reacted to and that Maya and Liam did not write. */
async function quietPost(): Promise<string> {
  const state = await api.state();
  const ids = new Set(state.users.map((user) => user._id));
  const maya = state.users.find((user) => user.username === USERNAMES.maya)?._id;
  const liam = state.users.find((user) => user.username === USERNAMES.liam)?._id;
  const post = state.posts.find(
    (candidate) =>
      candidate.likedByIds.length === 0 &&
      candidate.dislikedByIds.length === 0 &&
      candidate.authorId !== maya &&
      candidate.authorId !== liam &&
      ids.has(candidate.authorId),
  );
  if (post === undefined) throw new Error('The seed has no post without reactions');
  return post._id;
}

describe('like counts', () => {
  it("a dislike never takes back someone else's like", async () => {
    const postId = await quietPost();
    await api.client.likePost(postId, api.tokens.maya);
    // Liam never liked it: his dislike is recorded, Maya's like stays and is still counted.
    const { posts } = await api.client.dislikePost(postId, api.tokens.liam);
    const answered = posts.find((post) => post._id === postId);
    expect(answered?.likes.likeCount).toBe(1);
    expect(answered?.likes.likedBy.map((user) => user.username)).toEqual([USERNAMES.maya]);
    expect(answered?.likes.dislikedBy.map((user) => user.username)).toEqual([USERNAMES.liam]);
    // And Maya can still take hers back.
    await api.client.dislikePost(postId, api.tokens.maya);
    const stored = storedPost(await api.state(), postId);
    expect(stored.likeCount).toBe(0);
    expect(stored.likedByIds).toEqual([]);
  });

  it("keeps the spec's message for a dislike at zero", async () => {
    const postId = await quietPost();
    await expectRefused(
      () => api.client.dislikePost(postId, api.tokens.liam),
      400,
      'Cannot decrement like less than 0.',
    );
  });
});

describe('fields a store cannot keep', () => {
  it('refuses a NUL in every kind of field with a 400 naming it, and changes nothing', async () => {
    const nul = 'a\u0000b';
    await expectRefused(
      () => api.client.login({ username: nul, password: 'whatever1' }),
      400,
      unstorable('username'),
    );
    await expectRefused(
      () => api.client.login({ username: 'guest', password: nul }),
      400,
      unstorable('password'),
    );
    await expectRefused(
      () => api.client.signup({ ...newcomer, firstName: nul }),
      400,
      unstorable('firstName'),
    );
    await expectRefused(
      () => api.client.createPost({ content: nul }, api.tokens.guest),
      400,
      unstorable('postData.content'),
    );
    await expectRefused(
      () => api.client.editUser({ bio: nul }, api.tokens.guest),
      400,
      unstorable('userData.bio'),
    );
    const postId = await quietPost();
    await expectRefused(
      () => api.client.addComment(postId, nul, api.tokens.guest),
      400,
      unstorable('commentData'),
    );
    await expectRefused(() => api.client.getPost(nul), 400, unstorable('postId'));
    await expectRefused(
      () => api.client.likePost(`${postId}\u0000`, api.tokens.guest),
      400,
      unstorable('postId'),
    );
    await expectRefused(() => api.client.getUserPosts(nul), 400, unstorable('username'));
    await expectRefused(() => api.client.search(nul), 400, unstorable('q'));
  });

  it('refuses half of an emoji (a lone surrogate)', async () => {
    await expectRefused(
      () => api.client.createPost({ content: 'broken \ud83d here' }, api.tokens.guest),
      400,
      unstorable('postData.content'),
    );
  });
});

describe('lengths a person cannot fake', () => {
  it('a megabyte name of one letter under stacked marks is refused, not counted as one', async () => {
    const stacked = `a${'\u0301'.repeat(1_000_000)}`;
    await expectRefused(
      () => api.client.signup({ ...newcomer, firstName: stacked }),
      400,
      'firstName must be at most 40 characters',
    );
    // A few marks on a letter are still one character.
    const { createdUser } = await api.client.signup({
      ...newcomer,
      firstName: `A${'\u0301'.repeat(3)}da`,
    });
    expect(createdUser.firstName).toBe(`A${'\u0301'.repeat(3)}da`);
  });

  it('refuses an over-long password at sign-up and login, before any hashing', async () => {
    await expectRefused(
      () => api.client.signup({ ...newcomer, password: 'p'.repeat(129) }),
      400,
      'password must be at most 128 characters',
    );
    await expectRefused(
      () => api.client.login({ username: 'guest', password: 'p'.repeat(2_500_000) }),
      400,
      'password must be at most 1024 characters',
    );
  });

  it('a post, comment or name of only invisible characters is blank', async () => {
    const invisible = '\u200b\u200c\u200d\u2060\ufeff \u3164';
    await expectRefused(
      () => api.client.createPost({ content: invisible }, api.tokens.guest),
      400,
      'postData.content must not be empty',
    );
    await expectRefused(
      () => api.client.signup({ ...newcomer, lastName: invisible }),
      400,
      'lastName must not be empty',
    );
    // Around real text they are trimmed like spaces.
    const { posts } = await api.client.createPost(
      { content: '\u200bHello\u200b ' },
      api.tokens.guest,
    );
    expect(posts.at(-1)?.content).toBe('Hello');
  });
});

describe('images', () => {
  const html = `data:image/png;base64,${btoa('<html><script>alert(1)</script></html>')}`;
  const svg = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')}`;

  it('refuses bytes that are not the image their label says, and SVG', async () => {
    for (const profile of [html, svg]) {
      await expectRefused(
        () => api.client.signup({ ...newcomer, profile }),
        400,
        "profile must be an image data URL or an uploaded image's link",
      );
      await expectRefused(
        () => api.client.createPost({ content: 'Look', imgContent: profile }, api.tokens.guest),
        400,
        "postData.imgContent must be an image data URL or an uploaded image's link",
      );
    }
  });
});

describe('HTTP', () => {
  it('refuses a body that is not sent as JSON with 415 (a cross-site form cannot sign up)', async () => {
    const before = await api.state();
    const response = await fetch(`${api.baseUrl}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(newcomer),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      errors: ['Send the request body as JSON (Content-Type: application/json).'],
    });
    expect(await api.state()).toEqual(before);
  });

  it('answers every API call with Cache-Control: no-store', async () => {
    const read = await fetch(`${api.baseUrl}/posts`);
    expect(read.headers.get('cache-control')).toBe('no-store');
    const login = await fetch(`${api.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(GUEST_CREDENTIALS),
    });
    expect(login.headers.get('cache-control')).toBe('no-store');
    const unknown = await fetch(`${api.baseUrl}/nothing-here`);
    expect(unknown.headers.get('cache-control')).toBe('no-store');
  });
});

describe('sessions', () => {
  const signInNoah = async () =>
    (await api.client.login({ username: USERNAMES.noah, password: SEED_PASSWORD })).encodedToken;

  it('logout ends the session on the server: its token is refused from then on', async () => {
    const token = await signInNoah();
    const other = await signInNoah();
    await api.client.createPost({ content: 'Before logging out' }, token);
    expect(await api.client.logout(token)).toEqual({ message: 'Logged out.' });
    await expectRefused(
      () => api.client.createPost({ content: 'After' }, token),
      401,
      invalidToken,
    );
    await expectRefused(() => api.client.logout(token), 401, invalidToken);
    // Another session of the same person goes on.
    await api.client.createPost({ content: 'From the other device' }, other);
  });

  it('a password change needs the current one and ends every other session', async () => {
    const mine = await signInNoah();
    const stolen = await signInNoah();
    await expectRefused(
      () =>
        api.client.changePassword(
          { currentPassword: 'wrong-one', newPassword: 'new secret' },
          mine,
        ),
      400,
      'The current password is not correct.',
    );
    await expectRefused(
      () =>
        api.client.changePassword({ currentPassword: SEED_PASSWORD, newPassword: 'short' }, mine),
      400,
      'newPassword must be at least 6 characters',
    );
    expect(
      await api.client.changePassword(
        { currentPassword: SEED_PASSWORD, newPassword: 'new secret' },
        mine,
      ),
    ).toEqual({ message: 'Password changed. Every other session was logged out.' });
    await expectRefused(() => api.client.getBookmarks(stolen), 401, invalidToken);
    await api.client.getBookmarks(mine);
    const old = await failure(
      api.client.login({ username: USERNAMES.noah, password: SEED_PASSWORD }),
    );
    expect(old.status).toBe(401);
    await api.client.login({ username: USERNAMES.noah, password: 'new secret' });
  });

  it('GET /api/demo says the guest is there on a seeded target', async () => {
    expect(await api.client.getDemoInfo()).toEqual({ guest: true, reset: true });
  });
});
