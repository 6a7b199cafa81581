/**
 * The rate limits of login and sign-up, counted in the database (src/server/db/rateLimits.ts):
 * servers on one database count together and a restart forgets nothing; login is limited per
 * username as well as per address; and `X-Forwarded-For` is believed only from a trusted proxy,
 * so a client that writes its own cannot escape. On PGlite, and on PostgreSQL where there is one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GUEST_CREDENTIALS } from '../../../src/api/types';
import { createSeedState } from '../../../src/seed/seed';
import { openSqlDatabase, type OpenSqlDatabase } from '../../../src/server/db/connect';
import { createSqlRateLimitCounter } from '../../../src/server/db/rateLimits';
import { rateLimits as rateLimitsTable } from '../../../src/server/db/schema';
import {
  addressKey,
  LOGIN_READ_LIMIT_BYTES,
  type RateLimits,
  type TrustProxy,
} from '../../../src/server/rateLimit';
import { readSettings } from '../../../src/server/settings';
import { ConfigError } from '../../../src/server/tokenSecret';
import { scratchDatabases, testDatabaseUrl } from '../../support/scratchDatabases';
import { postJson, testServer, type TestServer } from './harness';

// Opening PGlite takes seconds while other test files run.
vi.setConfig({ testTimeout: 30_000 });

const databaseUrl = testDatabaseUrl();
const ignore = () => undefined;

const LIMITS: RateLimits = {
  login: { points: 3, seconds: 600 },
  signup: { points: 2, seconds: 3600 },
};

const opened: OpenSqlDatabase[] = [];
const servers: TestServer[] = [];
const folders: string[] = [];
const scratch = databaseUrl === undefined ? undefined : scratchDatabases(databaseUrl);

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close().finally(server.remove)));
  await Promise.all(opened.splice(0).map((database) => database.close()));
  await scratch?.dropAll();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function open(options: Parameters<typeof openSqlDatabase>[0]): Promise<OpenSqlDatabase> {
  const database = await openSqlDatabase({ seed: createSeedState, ...options });
  opened.push(database);
  return database;
}

/** A server over `database`, its limits counted there, listening on a loopback port. */
async function serve(
  database: OpenSqlDatabase,
  trustProxy: TrustProxy = false,
): Promise<{ server: TestServer; origin: string }> {
  const server = testServer({
    store: database.store,
    rateLimitCounter: database.rateLimits,
    rateLimits: LIMITS,
    trustProxy,
  });
  servers.push(server);
  const { port } = await server.listen(0, '127.0.0.1');
  return { server, origin: `http://127.0.0.1:${port}` };
}

const post = (origin: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${origin}/api${path}`, postJson(body, headers));

const wrongPassword = (username = GUEST_CREDENTIALS.username) => ({
  username,
  password: 'not-the-password',
});

/** The answers of a login that was not limited but failed: a wrong password or no such person. */
const NOT_LIMITED = [401, 404];

/** A call in-process from the socket peer `address` (what @hono/node-server's conninfo reads). */
const fromPeer = (
  server: TestServer,
  path: string,
  body: unknown,
  address: string,
  headers: Record<string, string> = {},
) =>
  server.app.request(`/api${path}`, postJson(body, headers), {
    incoming: { socket: { remoteAddress: address, remotePort: 50000, remoteFamily: 'IPv4' } },
  });

interface Target {
  name: string;
  /** Two opens of one database: two processes' worth on PostgreSQL; on PGlite, one shared. */
  openTwo: () => Promise<[OpenSqlDatabase, OpenSqlDatabase]>;
}

const targets: Target[] = [
  {
    name: 'PGlite',
    openTwo: async () => {
      const database = await open({});
      return [database, database];
    },
  },
];
if (scratch !== undefined) {
  targets.push({
    name: 'PostgreSQL',
    openTwo: async () => {
      const url = await scratch.create();
      return [await open({ url, onIdleError: ignore }), await open({ url, onIdleError: ignore })];
    },
  });
}

describe.each(targets)('rate limits in the database on $name', ({ openTwo }) => {
  it('are shared by two servers on one database', async () => {
    const [one, two] = await openTwo();
    const first = await serve(one);
    const second = await serve(two);
    const origins = [first.origin, second.origin, first.origin];
    for (const origin of origins) {
      expect((await post(origin, '/auth/login', GUEST_CREDENTIALS)).status).toBe(200);
    }
    const refused = await post(second.origin, '/auth/login', GUEST_CREDENTIALS);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await refused.json()).toEqual({
      errors: [`Too many login attempts from your address. Try again in ${retryAfter} seconds.`],
    });
    // Other endpoints are not limited.
    expect((await fetch(`${first.origin}/api/posts`)).status).toBe(200);
  });

  it('count each of many calls made at once exactly once', async () => {
    const [database] = await openTwo();
    const counts = await Promise.all(
      Array.from({ length: 40 }, () => database.rateLimits.hit('test:at-once', 60)),
    );
    expect(counts.map((count) => count.points).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
  });

  it('start a new window once the last has ended, and sweep away the ended ones', async () => {
    const [database] = await openTwo();
    const counter = createSqlRateLimitCounter(database.db);
    expect((await counter.hit('test:short', 1)).points).toBe(1);
    expect((await counter.hit('test:short', 1)).points).toBe(2);
    expect((await counter.hit('test:long', 600)).points).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await counter.sweep();
    const keys = await database.db.select({ key: rateLimitsTable.key }).from(rateLimitsTable);
    expect(keys).toEqual([{ key: 'test:long' }]);
    const again = await counter.hit('test:short', 1);
    expect(again).toMatchObject({ points: 1 });
    expect(again.msLeft).toBeGreaterThan(0);
    expect(again.msLeft).toBeLessThanOrEqual(1_000);
  });

  it('limit sign-ups per address: 429 with Retry-After', async () => {
    const [database] = await openTwo();
    const { origin } = await serve(database);
    const person = (username: string) => ({
      firstName: 'Ada',
      lastName: 'L',
      username,
      password: 'secret123',
    });
    expect((await post(origin, '/auth/signup', person('ada_1'))).status).toBe(201);
    expect((await post(origin, '/auth/signup', person('ada_2'))).status).toBe(201);
    const refused = await post(origin, '/auth/signup', person('ada_3'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3_500);
    expect(((await refused.json()) as { errors: string[] }).errors[0]).toMatch(
      /^Too many sign-ups from your address\. Try again in \d+ seconds\.$/,
    );
  });
});

describe('rate limits across a restart', () => {
  it('are kept in a PGlite folder when the server and its database close and open again', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'murmur-limits-'));
    folders.push(parent);
    const dataDir = join(parent, 'pglite');
    const before = await serve(await open({ dataDir }));
    for (let i = 0; i < LIMITS.login.points; i++) {
      expect(NOT_LIMITED).toContain(
        (await post(before.origin, '/auth/login', wrongPassword())).status,
      );
    }
    await Promise.all(servers.splice(0).map((server) => server.close().finally(server.remove)));
    await Promise.all(opened.splice(0).map((database) => database.close()));

    const after = await serve(await open({ dataDir }));
    expect((await post(after.origin, '/auth/login', GUEST_CREDENTIALS)).status).toBe(429);
  });
});

describe('the client address and the username', () => {
  it('limits login per username, however many addresses the calls come from', async () => {
    // A proxy on this machine: each call says it comes from another client.
    const { origin } = await serve(await open({}), true);
    const via = (index: number) => ({ 'x-forwarded-for': `198.51.100.${index}` });
    const spellings = ['guest', 'GUEST', ' Guest '];
    for (const [index, username] of spellings.entries()) {
      expect(
        (await post(origin, '/auth/login', wrongPassword(username), via(index))).status,
      ).toBeOneOf(NOT_LIMITED);
    }
    const refused = await post(origin, '/auth/login', GUEST_CREDENTIALS, via(99));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { errors: string[] }).errors[0]).toMatch(
      /^Too many login attempts for this username\. Try again in \d+ seconds\.$/,
    );
    // Another person is not held up by it, from any of those addresses.
    const maya = { username: 'maya_okafor', password: 'wrong-again' };
    expect(NOT_LIMITED).toContain((await post(origin, '/auth/login', maya, via(1))).status);
  });

  it('limits password changes per session, however many addresses the calls come from', async () => {
    const { origin } = await serve(await open({}), true);
    const signedIn = await post(origin, '/auth/login', GUEST_CREDENTIALS);
    const { encodedToken } = (await signedIn.json()) as { encodedToken: string };
    const guess = (index: number) =>
      post(
        origin,
        '/auth/password',
        { currentPassword: `guess-${index}`, newPassword: 'a-new-password' },
        { authorization: encodedToken, 'x-forwarded-for': `198.51.100.${index}` },
      );
    for (let index = 0; index < LIMITS.login.points; index++) {
      expect((await guess(index)).status).toBe(400);
    }
    const refused = await guess(99);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { errors: string[] }).errors[0]).toMatch(
      /^Too many password change attempts for this session\. Try again in \d+ seconds\.$/,
    );
    // Logins are counted apart: the person can still sign in.
    expect((await post(origin, '/auth/login', GUEST_CREDENTIALS)).status).toBe(200);
  });

  it('counts a padded body too large to read under one name: padding does not escape', async () => {
    const { origin } = await serve(await open({}), true);
    const padded = (index: number) => ({
      padding: 'x'.repeat(LOGIN_READ_LIMIT_BYTES),
      ...wrongPassword(),
      attempt: index,
    });
    for (let index = 0; index < LIMITS.login.points; index++) {
      const answer = await post(origin, '/auth/login', padded(index), {
        'x-forwarded-for': `203.0.113.${index}`,
      });
      expect(NOT_LIMITED).toContain(answer.status);
    }
    const refused = await post(origin, '/auth/login', padded(9), {
      'x-forwarded-for': '203.0.113.50',
    });
    expect(refused.status).toBe(429);
  });

  it('counts a username no one could have under its hash: a NUL reaches the service, not SQL', async () => {
    const { origin } = await serve(await open({}));
    const odd = { username: 'gu\u0000est', password: 'whatever1' };
    for (let index = 0; index < LIMITS.login.points; index++) {
      expect((await post(origin, '/auth/login', odd)).status).toBe(400);
    }
    expect((await post(origin, '/auth/login', odd)).status).toBe(429);
  });

  it('ignores X-Forwarded-For from a client that is not a trusted proxy, however it rotates', async () => {
    // The proxy is elsewhere; this client connects directly.
    const { origin } = await serve(await open({}), ['192.0.2.10']);
    for (let index = 0; index < LIMITS.login.points; index++) {
      const answer = await post(origin, '/auth/login', wrongPassword(`nobody_${index}`), {
        'x-forwarded-for': `198.51.100.${index}`,
      });
      expect(NOT_LIMITED).toContain(answer.status);
    }
    const refused = await post(origin, '/auth/login', wrongPassword('nobody_9'), {
      'x-forwarded-for': '198.51.100.200',
    });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { errors: string[] }).errors[0]).toMatch(
      /^Too many login attempts from your address/,
    );
  });

  it('with TRUST_PROXY=1 believes only a proxy on this machine', async () => {
    const { server } = await serve(await open({}), readSettings({ TRUST_PROXY: '1' }).trustProxy);
    // A direct client from elsewhere, writing a new X-Forwarded-For each time: one client.
    for (let index = 0; index < LIMITS.login.points; index++) {
      const answer = await fromPeer(
        server,
        '/auth/login',
        wrongPassword(`nobody_${index}`),
        '203.0.113.7',
        { 'x-forwarded-for': `198.51.100.${index}` },
      );
      expect(NOT_LIMITED).toContain(answer.status);
    }
    const refused = await fromPeer(server, '/auth/login', wrongPassword('x_9'), '203.0.113.7', {
      'x-forwarded-for': '198.51.100.200',
    });
    expect(refused.status).toBe(429);
    // Through the proxy on this machine (IPv6 loopback too), each client is counted on its own.
    for (const peer of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const answer = await fromPeer(server, '/auth/login', wrongPassword('someone'), peer, {
        'x-forwarded-for': `203.0.113.7, 198.51.100.${peer.length}`,
      });
      expect(NOT_LIMITED, peer).toContain(answer.status);
    }
  });

  it('takes the rightmost address that is not a trusted proxy, through a chain of them', async () => {
    const { server } = await serve(await open({}), ['10.0.0.0/8']);
    // The client wrote a fake first entry; two proxies of ours appended what they saw.
    const chain = (fake: number) => ({
      'x-forwarded-for': `192.0.2.${fake}, 198.51.100.20, 10.1.2.3`,
    });
    for (let index = 0; index < LIMITS.login.points; index++) {
      const answer = await fromPeer(
        server,
        '/auth/login',
        wrongPassword(`nobody_${index}`),
        '10.0.0.1',
        chain(index),
      );
      expect(NOT_LIMITED).toContain(answer.status);
    }
    const refused = await fromPeer(server, '/auth/login', wrongPassword('x'), '10.0.0.1', chain(9));
    expect(refused.status).toBe(429);
    const another = await fromPeer(server, '/auth/login', wrongPassword('x'), '10.0.0.1', {
      'x-forwarded-for': '198.51.100.21, 10.1.2.3',
    });
    expect(NOT_LIMITED).toContain(another.status);
  });

  it('counts an IPv6 client by its /64, which it could otherwise walk through', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('unknown')).toBe('unknown');
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set, 1 for loopback, or a list of addresses and ranges', () => {
    expect(readSettings({}).trustProxy).toBe(false);
    expect(readSettings({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(readSettings({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(readSettings({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(() => readSettings({ TRUST_PROXY: 'proxy.internal' })).toThrow(ConfigError);
    expect(() => readSettings({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY must be 1/);
  });
});
