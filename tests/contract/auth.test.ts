import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { IMAGE_RULE } from '../../src/api/rules';
import { GUEST_CREDENTIALS, type SignupRequest } from '../../src/api/types';
import { createTokenService } from '../../src/service/tokens';
import { expectRefused as refuse, storedUser, TIMESTAMP, useApi } from './harness';

const api = useApi();

const newcomer: SignupRequest = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada_l',
  password: 'engine42',
  confirmPassword: 'engine42',
};

/** The session of the guest's real login: a forged token naming it is refused for its own flaw. */
const guestSession = () => String(decodeJwt(api.tokens.guest).sid);

const expectRefused = (call: () => Promise<unknown>, status: number, message: string) =>
  refuse(api, call, status, message);

describe('POST /api/auth/signup', () => {
  it('creates the user: 201, createdUser without password, a working token, a hashed password', async () => {
    const response = await fetch(`${api.baseUrl}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(newcomer),
    });
    expect(response.status).toBe(201);
    const { createdUser, encodedToken } = (await response.json()) as {
      createdUser: Record<string, unknown>;
      encodedToken: string;
    };
    expect(createdUser).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada_l',
      bio: '',
      link: '',
      profile: '/default-avatar.svg',
      followers: [],
      following: [],
      bookmarks: [],
    });
    expect(createdUser.createdAt).toMatch(TIMESTAMP);
    expect(Object.keys(createdUser)).not.toContain('password');
    expect(Object.keys(createdUser)).not.toContain('passwordHash');
    expect(JSON.stringify(createdUser)).not.toContain('engine42');

    const stored = storedUser(await api.state(), 'ada_l');
    expect(stored.passwordHash).not.toContain('engine42');
    expect(await api.verifyPassword('engine42', stored.passwordHash)).toBe(true);
    expect((await api.state()).users).toHaveLength(6);

    const { posts } = await api.client.createPost({ content: 'First!' }, encodedToken);
    expect(posts.at(-1)?.username).toBe('ada_l');
  });

  it('keeps only the known profile fields', async () => {
    const planted = {
      ...newcomer,
      _id: 'user-guest',
      bio: 'Counting things.',
      link: 'https://ada.example.com',
      profile:
        'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWMwXlUORww4OQAzzg/xUTK2PQAAAABJRU5ErkJggg==',
      followers: [{ _id: 'user-maya' }],
      following: [{ _id: 'user-maya' }],
      bookmarks: [{ _id: 'post-liam-ridge' }],
      createdAt: '1999-01-01T00:00:00+00:00',
      isAdmin: true,
    } as SignupRequest;
    const { createdUser } = await api.client.signup(planted);
    expect(createdUser._id).not.toBe('user-guest');
    expect(createdUser).toMatchObject({
      bio: 'Counting things.',
      link: 'https://ada.example.com',
      profile: expect.stringMatching(/\/api\/media\/[A-Za-z0-9_-]{32}-400\.webp$/) as unknown,
      followers: [],
      following: [],
      bookmarks: [],
    });
    expect(createdUser.createdAt).not.toBe('1999-01-01T00:00:00+00:00');
    const stored = storedUser(await api.state(), 'ada_l');
    // Its open sessions and its avatar's media id aside (the browser's store keeps them with the
    // person; the server keeps the sessions apart and reads the media id only to free it).
    const keys = Object.keys(stored).filter(
      (key) => key !== 'sessionIds' && key !== 'profileMedia',
    );
    expect(keys.sort()).toEqual(
      [
        '_id',
        'bio',
        'bookmarkIds',
        'createdAt',
        'firstName',
        'followerIds',
        'followingIds',
        'lastName',
        'link',
        'passwordHash',
        'profile',
        'updatedAt',
        'username',
      ].sort(),
    );
    expect(storedUser(await api.state(), 'maya_okafor').followerIds).toEqual(['user-guest']);
  });

  it('stores the username without the spaces around it (the rule of src/api/rules.ts)', async () => {
    const { createdUser, encodedToken } = await api.client.signup({
      ...newcomer,
      username: '  ada_l\t',
    });
    expect(createdUser.username).toBe('ada_l');
    expect(storedUser(await api.state(), 'ada_l').username).toBe('ada_l');
    const { posts } = await api.client.createPost({ content: 'Trimmed' }, encodedToken);
    expect(posts.at(-1)?.username).toBe('ada_l');
    const { foundUser } = await api.client.login({ username: 'ada_l', password: 'engine42' });
    expect(foundUser._id).toBe(createdUser._id);
  });

  it('refuses a taken username with 422, whatever its letter case or the spaces around it', async () => {
    const message = 'Unprocessable Entity. Username Already Exists.';
    await expectRefused(() => api.client.signup({ ...newcomer, username: 'guest' }), 422, message);
    await expectRefused(() => api.client.signup({ ...newcomer, username: 'GUEST' }), 422, message);
    await expectRefused(
      () => api.client.signup({ ...newcomer, username: ' guest ' }),
      422,
      message,
    );
  });

  it.each([
    ['firstName', { firstName: '' }, 'firstName must not be empty'],
    ['firstName', { firstName: '   ' }, 'firstName must not be empty'],
    ['firstName', { firstName: 'x'.repeat(41) }, 'firstName must be at most 40 characters'],
    ['lastName', { lastName: 'x'.repeat(41) }, 'lastName must be at most 40 characters'],
    ['username', { username: 'ab' }, 'username must be 3 to 20 characters: letters, digits or _'],
    [
      'username',
      { username: 'a'.repeat(21) },
      'username must be 3 to 20 characters: letters, digits or _',
    ],
    [
      'username',
      { username: 'ada l!' },
      'username must be 3 to 20 characters: letters, digits or _',
    ],
    ['password', { password: '12345' }, 'password must be at least 6 characters'],
    ['bio', { bio: 'x'.repeat(161) }, 'bio must be at most 160 characters'],
    ['link', { link: 'javascript:alert(1)' }, 'link must be an http(s) URL'],
    ['link', { link: 'ftp://files.example.com' }, 'link must be an http(s) URL'],
    ['link', { link: 'not a url' }, 'link must be an http(s) URL'],
    [
      'profile',
      { profile: 'data:text/html,<b>hi</b>' },
      "profile must be an image data URL or an uploaded image's link",
    ],
    [
      'profile',
      { profile: 'https://example.com/me.png' },
      "profile must be an image data URL or an uploaded image's link",
    ],
  ])('refuses an invalid %s with 400 naming it', async (_field, change, message) => {
    await expectRefused(() => api.client.signup({ ...newcomer, ...change }), 400, message);
  });

  it('refuses an image over 2 MB, accepts one just under', async () => {
    // A PNG's signature (iVBORw0KGgo…), then zero bytes up to the size.
    const payload = (bytes: number) => `iVBORw0KGgoA${'A'.repeat(Math.ceil(bytes / 3) * 4 - 12)}`;
    const tooBig = `data:image/png;base64,${payload(IMAGE_RULE.maxBytes + 3)}`;
    await expectRefused(
      () => api.client.signup({ ...newcomer, profile: tooBig }),
      400,
      'profile must be at most 2 MB',
    );
    // A real picture just under the limit: noise, which PNG cannot compress.
    const side = Math.floor(Math.sqrt((IMAGE_RULE.maxBytes - 4096) / 3));
    const noise = await sharp(randomBytes(side * side * 3), {
      raw: { width: side, height: side, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeLessThanOrEqual(IMAGE_RULE.maxBytes);
    const fits = `data:image/png;base64,${noise.toString('base64')}`;
    const { createdUser } = await api.client.signup({ ...newcomer, profile: fits });
    expect(createdUser.profile).toMatch(/\/api\/media\/[A-Za-z0-9_-]{32}-400\.webp$/);
  });

  it('accepts the limits exactly', async () => {
    const { createdUser } = await api.client.signup({
      firstName: 'x'.repeat(40),
      lastName: 'y',
      username: 'a'.repeat(20),
      password: '123456',
      bio: 'b'.repeat(160),
      link: 'http://a.example',
    });
    expect(createdUser.username).toBe('a'.repeat(20));
    const { createdUser: short } = await api.client.signup({ ...newcomer, username: 'abc' });
    expect(short.username).toBe('abc');
  });

  it.each([
    [{ ...newcomer, username: undefined }, 'username is required'],
    [{ ...newcomer, password: 123456 }, 'password must be a string'],
    [{ ...newcomer, firstName: ['Ada'] }, 'firstName must be a string'],
    [{ ...newcomer, bio: 7 }, 'bio must be a string'],
    ['just a string', 'body must be an object'],
    [null, 'body is required'],
  ])('refuses a missing or wrongly typed field: %j', async (body, message) => {
    const before = await api.state();
    const response = await fetch(`${api.baseUrl}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: [message] });
    expect(await api.state()).toEqual(before);
  });
});

describe('POST /api/auth/login', () => {
  it('logs the guest in: 200, foundUser without password, a token that works', async () => {
    const response = await fetch(`${api.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(GUEST_CREDENTIALS),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain('password');
    expect(text).not.toContain('guest1234');
    const { foundUser, encodedToken } = JSON.parse(text) as {
      foundUser: { username: string; following: { username: string }[] };
      encodedToken: string;
    };
    expect(foundUser.username).toBe('guest');
    expect(foundUser.following.map((user) => user.username)).toEqual(['maya_okafor', 'liam_chen']);
    const { bookmarks } = await api.client.getBookmarks(encodedToken);
    expect(bookmarks).toEqual([]);
  });

  it('refuses an unknown username with 404 and a wrong password with 401', async () => {
    await expectRefused(
      () => api.client.login({ username: 'nobody', password: 'whatever' }),
      404,
      'The username you entered is not Registered. Not Found error',
    );
    await expectRefused(
      () => api.client.login({ username: 'guest', password: 'guest12345' }),
      401,
      'The credentials you entered are invalid. Unauthorized access error.',
    );
  });

  it("reads the username without the spaces around it: ' guest ' logs in as guest", async () => {
    for (const username of [' guest ', '\tguest\n', '  GUEST']) {
      const { foundUser } = await api.client.login({ ...GUEST_CREDENTIALS, username });
      expect(foundUser.username).toBe('guest');
    }
  });

  it('takes the password as typed: spaces around it, or six spaces, are a wrong password (401)', async () => {
    const invalid = 'The credentials you entered are invalid. Unauthorized access error.';
    await expectRefused(
      () => api.client.login({ username: 'guest', password: ' guest1234 ' }),
      401,
      invalid,
    );
    await expectRefused(
      () => api.client.login({ username: ' guest ', password: '      ' }),
      401,
      invalid,
    );
  });

  it('refuses missing or wrongly typed fields with 400 naming them', async () => {
    await expectRefused(
      () => api.client.login({ username: 'guest' } as typeof GUEST_CREDENTIALS),
      400,
      'password is required',
    );
    await expectRefused(
      () =>
        api.client.login({ username: 42, password: 'x' } as unknown as typeof GUEST_CREDENTIALS),
      400,
      'username must be a string',
    );
  });
});

describe('tokens', () => {
  const invalid = 'The token is invalid. Unauthorized access error.';
  const attempt = (token: string) => () => api.client.createPost({ content: 'Hi' }, token);

  it('refuses a write without a token', async () => {
    const before = await api.state();
    const response = await fetch(`${api.baseUrl}/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ postData: { content: 'Hi' } }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ errors: [invalid] });
    expect(await api.state()).toEqual(before);
  });

  it('refuses a tampered token', async () => {
    const [header, , signature] = api.tokens.guest.split('.');
    const forged = btoa(JSON.stringify({ sub: 'user-maya', username: 'maya_okafor', exp: 4e9 }))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    await expectRefused(attempt(`${header}.${forged}.${signature}`), 401, invalid);
    await expectRefused(attempt(`${api.tokens.guest}x`), 401, invalid);
  });

  it('refuses a token signed with another secret, garbage, or a Bearer prefix', async () => {
    const other = await createTokenService({ secret: 'not the demo secret' }).sign({
      userId: 'user-guest',
      username: 'guest',
      sessionId: guestSession(),
    });
    await expectRefused(attempt(other), 401, invalid);
    await expectRefused(attempt('garbage'), 401, invalid);
    await expectRefused(attempt(`Bearer ${api.tokens.guest}`), 401, invalid);
  });

  it('refuses an expired token', async () => {
    const expired = await api
      .tokenService({
        ttlSeconds: 60,
        now: () => new Date('2020-01-01T00:00:00Z'),
      })
      .sign({ userId: 'user-guest', username: 'guest', sessionId: guestSession() });
    await expectRefused(attempt(expired), 401, invalid);
  });

  it('refuses a validly signed token for a user who does not exist (401, not 404)', async () => {
    const sessionId = guestSession();
    const ghost = await api
      .tokenService()
      .sign({ userId: 'user-ghost', username: 'ghost', sessionId });
    await expectRefused(attempt(ghost), 401, invalid);
    const mismatch = await api.tokenService().sign({
      userId: 'user-guest',
      username: 'maya_okafor',
      sessionId,
    });
    await expectRefused(attempt(mismatch), 401, invalid);
  });

  it('stops accepting the token of a signed-up user once the demo data is reset', async () => {
    const { encodedToken } = await api.client.signup(newcomer);
    await api.client.createPost({ content: 'Before the reset' }, encodedToken);
    await api.reset();
    await expectRefused(attempt(encodedToken), 401, invalid);
  });
});
