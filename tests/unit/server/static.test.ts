import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../src/mocks/db/database';
import { createMemoryStore } from '../../../src/mocks/db/memoryStore';
import type { Store } from '../../../src/service/store';
import {
  BOOT_SCRIPT,
  GUEST_LOGIN_HTML,
  LOGIN_HTML,
  SCRIPT,
  SIGNUP_HTML,
  testServer,
  type TestServer,
} from './harness';

let server: TestServer;
afterEach(() => server.remove());

const csp = (response: Response) =>
  Object.fromEntries(
    (response.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );

describe('security headers', () => {
  it("allows the pages' inline boot script by its sha256 hash, and no other inline script", async () => {
    server = testServer();
    const response = await server.app.request('/');
    const expected = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;
    const policy = csp(response);
    expect(server.scriptHashes).toEqual([expected]);
    expect(policy['script-src']).toEqual(["'self'", expected]);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['img-src']).toEqual(["'self'", 'data:']);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });

  it('sends the usual hardening headers on pages and on the API alike', async () => {
    server = testServer();
    for (const path of ['/', '/api/posts']) {
      const response = await server.app.request(path);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
  });
});

describe('the built app', () => {
  it('caches hashed assets for a year and revalidates everything else', async () => {
    server = testServer();
    const asset = await server.app.request('/assets/index-AbC123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(await asset.text()).toBe(SCRIPT);

    const page = await server.app.request('/');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toBe(LOGIN_HTML);

    const icon = await server.app.request('/favicon.svg');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves each prerendered page at its path, with or without the trailing slash', async () => {
    server = testServer();
    for (const path of ['/signup-page', '/signup-page/']) {
      const response = await server.app.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(SIGNUP_HTML);
    }
  });

  it('answers any other GET with index.html (SPA fallback), not found for a missing asset', async () => {
    server = testServer();
    for (const path of ['/profile-page/maya_okafor', '/no/such/page', '/explore-page?tag=css']) {
      const response = await server.app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(LOGIN_HTML);
    }
    const missing = await server.app.request('/assets/index-OldBuild.js');
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('<html');
    expect((await server.app.request('/somewhere', { method: 'POST' })).status).toBe(404);
  });

  it('serves the login page offering the guest in place of index.html while the guest exists', async () => {
    // The seed has the guest account.
    server = testServer({}, { guestPage: true });
    for (const path of ['/', '/index.html', '/no/such/page', '/profile-page/maya_okafor']) {
      const response = await server.app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(await response.text(), path).toBe(GUEST_LOGIN_HTML);
    }
    expect(await (await server.app.request('/signup-page')).text()).toBe(SIGNUP_HTML);
    server.remove();

    // No guest account: the plain login page.
    const empty = createMemoryStore(createDatabase({ seed: () => ({ users: [], posts: [] }) }));
    server = testServer({ store: empty }, { guestPage: true });
    for (const path of ['/', '/index.html', '/no/such/page']) {
      expect(await (await server.app.request(path)).text(), path).toBe(LOGIN_HTML);
    }
    server.remove();

    // The lookup fails: the plain login page (the app asks GET /api/demo itself).
    const failing: Store = {
      ...createMemoryStore(createDatabase()),
      readEach: () => Promise.reject(new Error('database down')),
    };
    server = testServer({ store: failing }, { guestPage: true });
    const response = await server.app.request('/');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(LOGIN_HTML);
  });

  it("sends a file's precompressed twin to a browser that accepts it", async () => {
    server = testServer();
    const response = await server.app.request('/assets/index-AbC123.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('pretend-brotli');
  });

  it('compresses a large JSON answer on the fly with gzip', async () => {
    server = testServer();
    const response = await server.app.request('/api/posts', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const text = await new Response(
      response.body?.pipeThrough(new DecompressionStream('gzip')),
    ).text();
    expect(JSON.parse(text)).toHaveProperty('posts');
  });

  it('refuses to start without a built app, naming the command that makes it', () => {
    server = testServer();
    expect(() => testServer({ staticDir: '/nonexistent/murmur' })).toThrow(/npm run build:server/);
  });
});
