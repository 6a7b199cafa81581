import { afterEach, describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS } from '../../../src/api/types';
import { BODY_TOO_LARGE, JSON_BODY_LIMIT_BYTES } from '../../../src/server/server';
import { IMAGE_RULE } from '../../../src/api/rules';
import { postJson, testServer, type TestServer } from './harness';

let server: TestServer;
afterEach(() => server.remove());

async function login(app: TestServer['app']): Promise<string> {
  const response = await app.request('/api/auth/login', postJson(GUEST_CREDENTIALS));
  expect(response.status).toBe(200);
  const { encodedToken } = (await response.json()) as { encodedToken: string };
  return encodedToken;
}

describe('/api on the server', () => {
  it("answers the endpoints with the mock's statuses and shapes", async () => {
    server = testServer();
    const posts = await server.app.request('/api/posts');
    expect(posts.status).toBe(200);
    expect(posts.headers.get('content-type')).toMatch(/application\/json/);
    expect((await posts.json()) as unknown).toHaveProperty('posts');
    // Trailing slashes as a static host reads them.
    expect((await server.app.request('/api/posts/')).status).toBe(200);

    const token = await login(server.app);
    const created = await server.app.request(
      '/api/posts',
      postJson({ postData: { content: 'From the server' } }, { authorization: token }),
    );
    expect(created.status).toBe(201);
    const noToken = await server.app.request('/api/posts', postJson({ postData: {} }));
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toEqual({ errors: [expect.any(String)] });
    const malformed = await server.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ errors: ['The request body is not valid JSON'] });
  });

  it('answers an unknown path under /api with JSON 404, and another method with 405 and Allow', async () => {
    server = testServer();
    for (const path of ['/api', '/api/', '/api/nothing/here', '/api/posts/a/b/c']) {
      const response = await server.app.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual({ errors: ['Not found'] });
    }
    const put = await server.app.request('/api/posts', { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST');
    expect(await put.json()).toEqual({ errors: ['Method not allowed'] });
    const getLogin = await server.app.request('/api/auth/login');
    expect(getLogin.status).toBe(405);
    expect(getLogin.headers.get('allow')).toBe('POST');
  });

  it('refuses a body over the limit with 413, and lets an image just over the rule reach its own 400', async () => {
    server = testServer();
    const token = await login(server.app);
    // The limit: a whole image as base64, with room to spare.
    expect(JSON_BODY_LIMIT_BYTES).toBeGreaterThan((IMAGE_RULE.maxBytes * 4) / 3);
    const huge = 'a'.repeat(JSON_BODY_LIMIT_BYTES + 1);
    const tooLarge = await server.app.request(
      '/api/posts',
      postJson({ postData: { content: 'Big', imgContent: huge } }, { authorization: token }),
    );
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ errors: [BODY_TOO_LARGE] });
    expect(BODY_TOO_LARGE).toBe('The request is too large: at most 2.9 MB.');

    // 2 MiB + 3 bytes of image: over IMAGE_RULE, under the body limit: the service's own refusal.
    const justOver = `data:image/png;base64,${Buffer.alloc(IMAGE_RULE.maxBytes + 3).toString('base64')}`;
    const refused = await server.app.request(
      '/api/posts',
      postJson({ postData: { content: 'Big', imgContent: justOver } }, { authorization: token }),
    );
    expect(refused.status).toBe(400);
  });

  it('limits logins per client address and per username, sign-ups per address: 429 with Retry-After', async () => {
    server = testServer({
      rateLimits: { login: { points: 2, seconds: 60 }, signup: { points: 1, seconds: 600 } },
    });
    // The socket's peer, as @hono/node-server's conninfo reads it (no socket in app.request).
    const from = (address: string) => ({
      incoming: { socket: { remoteAddress: address, remotePort: 50000, remoteFamily: 'IPv4' } },
    });
    const login = (body: unknown, address: string) =>
      server.app.request('/api/auth/login', postJson(body), from(address));
    for (let i = 0; i < 2; i += 1) {
      expect((await login(GUEST_CREDENTIALS, '198.51.100.1')).status).toBe(200);
    }
    const limited = await login(GUEST_CREDENTIALS, '198.51.100.1');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await limited.json()).toEqual({
      errors: [`Too many login attempts from your address. Try again in ${retryAfter} seconds.`],
    });
    // Another address is counted on its own, but the guest's username has had its two.
    const maya = { username: 'maya_okafor', password: 'not-her-password' };
    expect((await login(maya, '198.51.100.2')).status).toBe(401);
    const sameName = await login(GUEST_CREDENTIALS, '198.51.100.2');
    expect(sameName.status).toBe(429);
    expect(((await sameName.json()) as { errors: string[] }).errors[0]).toMatch(
      /^Too many login attempts for this username/,
    );
    // Other endpoints are not limited.
    expect((await server.app.request('/api/posts', {}, from('198.51.100.1'))).status).toBe(200);

    const person = { firstName: 'Ada', lastName: 'L', username: 'ada_l', password: 'secret123' };
    const signup = (body: unknown) =>
      server.app.request('/api/auth/signup', postJson(body), from('192.0.2.7'));
    expect((await signup(person)).status).toBe(201);
    const second = await signup({ ...person, username: 'ada_2' });
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(((await second.json()) as { errors: string[] }).errors[0]).toMatch(/^Too many sign-ups/);
  });

  it('stores a new password under argon2id, and logs in with it and with a seed password', async () => {
    server = testServer();
    const person = { firstName: 'Ada', lastName: 'L', username: 'ada_l', password: 'secret123' };
    expect((await server.app.request('/api/auth/signup', postJson(person))).status).toBe(201);
    const stored = await server.store.read((reads) => reads.users.byUsername('ada_l'));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const again = await server.app.request(
      '/api/auth/login',
      postJson({ username: 'ada_l', password: 'secret123' }),
    );
    expect(again.status).toBe(200);
    const wrong = await server.app.request(
      '/api/auth/login',
      postJson({ username: 'ada_l', password: 'secret124' }),
    );
    expect(wrong.status).toBe(401);
    await login(server.app);
  });

  it('refuses the demo reset with 403 unless it is switched on', async () => {
    server = testServer();
    const token = await login(server.app);
    const off = await server.app.request('/api/demo/reset', {
      method: 'POST',
      headers: { authorization: token },
    });
    expect(off.status).toBe(403);
    expect(await off.json()).toEqual({
      errors: ['Resetting the demo data is switched off on this server.'],
    });
    server.remove();

    server = testServer({ demoReset: true });
    const on = await server.app.request('/api/demo/reset', {
      method: 'POST',
      headers: { authorization: await login(server.app) },
    });
    expect(on.status).toBe(200);
  });

  it('refuses a token signed with another secret', async () => {
    server = testServer();
    const token = await login(server.app);
    const other = testServer({ tokenSecret: 'another secret, just as long as the first one is' });
    const refused = await other.app.request('/api/users/bookmark', {
      headers: { authorization: token },
    });
    other.remove();
    expect(refused.status).toBe(401);
  });
});

describe('/api over a socket', () => {
  afterEach(() => server.close());

  it('limits a body by its Content-Length, lets a bodiless like by, and sets the answer headers', async () => {
    server = testServer();
    const { port } = await server.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${port}`;
    const token = await login(server.app);
    const {
      posts: [first],
    } = (await (await fetch(`${base}/api/posts`)).json()) as { posts: { _id: string }[] };
    if (first === undefined) throw new Error('The seed has no post');

    // No Content-Length, no Transfer-Encoding: no body, so no body limit to ask it for one.
    const liked = await fetch(`${base}/api/post/${first._id}/like`, {
      method: 'POST',
      headers: { authorization: token },
    });
    expect(liked.status).toBe(200);
    expect(liked.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(liked.headers.get('x-request-id')).toMatch(/^[\w-]{16,}$/);

    // Over the limit by its length alone: refused before it is read.
    const tooLarge = await fetch(`${base}/api/posts`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ postData: { content: 'x'.repeat(JSON_BODY_LIMIT_BYTES) } }),
    });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ errors: [BODY_TOO_LARGE] });

    // A GET's answer keeps its headers, set in place.
    const page = await fetch(`${base}/api/feed/latest`, { headers: { authorization: token } });
    expect(page.status).toBe(200);
    expect(page.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(page.headers.get('cache-control')).toBe('no-store');
  });
});
