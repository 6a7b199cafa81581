/** The typed client's own behaviour: which answered calls it reports as changing server data. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from '../../../src/api/client';
import { useMockApi } from '../mocks/harness';

const api = useMockApi();

describe('the API client tells the app when a call changed data', () => {
  it('reports answered writes, sign-up included, and never reads, logins or refusals', async () => {
    const onChanged = vi.fn<() => void>();
    const client = createApiClient({ baseUrl: api.baseUrl, onChanged });
    const token = api.tokens.guest;

    await client.getPosts();
    await client.getUsers();
    await client.getBookmarks(token);
    await client.login({ username: 'guest', password: 'guest1234' });
    expect(onChanged).not.toHaveBeenCalled();

    await client.likePost('post-sofia-scones', token);
    expect(onChanged).toHaveBeenCalledTimes(1);
    await expect(client.likePost('post-sofia-scones', token)).rejects.toBeInstanceOf(ApiError);
    expect(onChanged).toHaveBeenCalledTimes(1);

    await client.bookmarkPost('post-sofia-scones', token);
    await client.signup({
      firstName: 'New',
      lastName: 'One',
      username: 'new_one',
      password: 'secret1',
    });
    expect(onChanged).toHaveBeenCalledTimes(3);
  });
});

/**
 * A stand-in XMLHttpRequest: it records what is sent, and the test plays the browser (progress,
 * then the answer, or an abort).
 */
class FakeRequest extends EventTarget {
  static last: FakeRequest | undefined;
  readonly upload = new EventTarget();
  readonly headers: Record<string, string> = {};
  opened: [string, string] | undefined;
  body: unknown;
  aborted = false;
  status = 0;
  responseText = '';
  constructor() {
    super();
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    const event = Object.assign(new Event('progress'), { lengthComputable: true, loaded, total });
    this.upload.dispatchEvent(event);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }
}

describe('an upload reports its progress', () => {
  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeRequest));
  afterEach(() => vi.unstubAllGlobals());
  const file = new Blob([new Uint8Array(1000)], { type: 'image/png' });
  const sent = () => {
    const request = FakeRequest.last;
    if (request === undefined) throw new Error('Nothing was sent');
    return request;
  };

  it('through XMLHttpRequest in a browser: progress as it goes, then the answer', async () => {
    const client = createApiClient({ baseUrl: 'https://murmur.test/api' });
    const progress = vi.fn<(sent: number, total: number) => void>();
    const media = { id: 'x', url: '/api/media/x.webp' };
    const call = client.call('uploadMedia', {
      token: 'T',
      body: { file, purpose: 'post' },
      onUploadProgress: progress,
    });
    await vi.waitFor(() => expect(sent().body).toBeInstanceOf(FormData));
    expect(sent().opened).toEqual(['POST', 'https://murmur.test/api/media']);
    expect(sent().headers).toMatchObject({ authorization: 'T' });
    // The browser writes the form's type with its boundary: the client must not.
    expect(sent().headers['content-type']).toBeUndefined();
    sent().progress(400, 1200);
    sent().progress(1200, 1200);
    sent().answer(201, { media });
    await expect(call).resolves.toEqual({ media });
    expect(progress.mock.calls).toEqual([
      [400, 1200],
      [1200, 1200],
    ]);
  });

  it('aborted: the request is stopped and the call fails', async () => {
    const client = createApiClient({ baseUrl: 'https://murmur.test/api' });
    const controller = new AbortController();
    const call = client.call('uploadMedia', {
      token: 'T',
      body: { file, purpose: 'post' },
      signal: controller.signal,
      onUploadProgress: () => undefined,
    });
    await vi.waitFor(() => expect(sent().body).toBeInstanceOf(FormData));
    controller.abort();
    expect(sent().aborted).toBe(true);
    await expect(call).rejects.toMatchObject({ status: 0 });
  });

  it('a refusal is the server’s words, as with fetch', async () => {
    const client = createApiClient({ baseUrl: 'https://murmur.test/api' });
    const call = client.call('uploadMedia', {
      token: 'T',
      body: { file, purpose: 'post' },
      onUploadProgress: () => undefined,
    });
    await vi.waitFor(() => expect(sent().body).toBeInstanceOf(FormData));
    sent().answer(415, { errors: ['That file is not an image.'] });
    await expect(call).rejects.toMatchObject({
      status: 415,
      message: 'That file is not an image.',
    });
  });
});
