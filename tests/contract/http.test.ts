/** The shared handler wrapper as any host serves it: JSON parsing, error mapping, response shape, unknown paths. */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/service/messages';
import { useApi } from './harness';

const api = useApi();

async function post(path: string, body: string, token = api.tokens.guest) {
  const response = await fetch(`${api.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('the handler wrapper', () => {
  it.each([
    ['/posts', '{"postData": {"content": "Hi"'],
    ['/auth/login', 'username=guest'],
    ['/users/edit', "{'userData': {}}"],
    ['/posts/like/post-liam-ridge', 'not json'],
  ])('answers malformed JSON with 400 (%s)', async (path, body) => {
    const before = await api.state();
    expect(await post(path, body)).toEqual({
      status: 400,
      body: { errors: ['The request body is not valid JSON'] },
    });
    expect(await api.state()).toEqual(before);
  });

  it('refuses a body nested deeper than 32 levels before parsing it, and takes 32', async () => {
    const nested = (levels: number, inner = '1') =>
      `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;
    const before = await api.state();
    for (const body of [nested(100_000), `{"postData": {"content": "Hi", "x": ${nested(40)}}}`]) {
      expect(await post('/posts', body)).toEqual({
        status: 400,
        body: { errors: [MESSAGES.tooDeepJson] },
      });
    }
    expect(await api.state()).toEqual(before);
    // Brackets inside a string are text, however many; 32 levels are parsed (and then refused
    // by the body's schema, as any stray field's type would be).
    const text = await post('/posts', JSON.stringify({ postData: { content: '['.repeat(100) } }));
    expect(text.status).toBe(201);
    const deep = await post('/posts', `{"postData": ${nested(30, '{}')}}`);
    expect(deep.body).not.toEqual({ errors: [MESSAGES.tooDeepJson] });
  });

  it('accepts an empty body where none is needed', async () => {
    const response = await fetch(`${api.baseUrl}/posts/like/post-sofia-scones`, {
      method: 'POST',
      headers: { authorization: api.tokens.guest },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('checks the token before the body', async () => {
    expect(await post('/posts', 'not json', 'bad token')).toEqual({
      status: 401,
      body: { errors: ['The token is invalid. Unauthorized access error.'] },
    });
  });

  it('decodes path parameters', async () => {
    const failure = await api.client.getPost('a b/ü').catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 404, message: 'Post not found' });
  });
});

describe('requests no endpoint takes', () => {
  const call = async (method: string, path: string) => {
    const response = await fetch(`${api.baseUrl}${path}`, { method });
    return {
      status: response.status,
      allow: response.headers.get('allow'),
      type: response.headers.get('content-type'),
      body: (await response.json()) as unknown,
    };
  };

  it.each([
    ['GET', '/nothing'],
    ['GET', '/posts/post-liam-ridge/extra/parts'],
    ['POST', '/auth/logoff'],
    ['DELETE', '/'],
  ])('%s %s: JSON 404, never the HTML page', async (method, path) => {
    expect(await call(method, path)).toEqual({
      status: 404,
      allow: null,
      type: expect.stringMatching(/application\/json/) as unknown,
      body: { errors: ['Not found'] },
    });
  });

  it.each([
    ['PUT', '/posts', 'GET, POST'],
    ['PATCH', '/posts/post-liam-ridge', 'DELETE, GET'],
    ['PUT', '/users/edit', 'GET, POST'], // GET /users/:userId takes it too
    ['DELETE', '/comments/add/post-liam-ridge', 'POST'],
  ])('%s %s: 405 with Allow: %s', async (method, path, allow) => {
    const before = await api.state();
    expect(await call(method, path)).toEqual({
      status: 405,
      allow,
      type: expect.stringMatching(/application\/json/) as unknown,
      body: { errors: ['Method not allowed'] },
    });
    expect(await api.state()).toEqual(before);
  });
});
