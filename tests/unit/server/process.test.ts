/**
 * The compiled server as a process on PGlite, as `node dist-server/server/main.js` runs: it seeds
 * nothing unless SEED_DEMO=1 says so; a second process on a PGlite folder another one owns
 * refuses to start, saying why and what to use instead; and the rate limits, kept in the
 * database, survive a restart. Built here into a temporary folder (vite.server.config.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS, type DemoInfoResponse } from '../../../src/api/types';
import {
  freePort,
  startCompiledServer,
  type CompiledServer,
} from '../../../scripts/compiled-server.mjs';
import { LOCK_FILE } from '../../../src/server/db/pgliteLock';
import { makeStaticDir, TOKEN_SECRET } from './harness';

const files = makeStaticDir();
// Inside the repository, so the bundle's imports resolve from its node_modules.
mkdirSync('dist-server', { recursive: true });
const buildDir = mkdtempSync(join('dist-server', 'process-test-'));
const main = join(buildDir, 'main.js');
const dataDirs: string[] = [];
const running: CompiledServer[] = [];

/** A fresh DATA_DIR. */
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'murmur-process-'));
  dataDirs.push(dir);
  return dir;
}

/** The environment of a server on `dir`; SEED_DEMO as given, never this process's. */
const envFor = (dir: string, extra: Record<string, string> = {}) => ({
  DATA_DIR: dir,
  DATABASE_URL: undefined,
  STATIC_DIR: files.dir,
  TOKEN_SECRET,
  LOG_LEVEL: 'warn',
  SEED_DEMO: undefined,
  ...extra,
});

async function start(dir: string, extra: Record<string, string> = {}): Promise<CompiledServer> {
  const server = await startCompiledServer({ main, env: envFor(dir, extra) });
  running.push(server);
  return server;
}

async function stop(server: CompiledServer): Promise<number | null> {
  running.splice(running.indexOf(server), 1);
  return server.stop();
}

const login = (server: CompiledServer, body: unknown = GUEST_CREDENTIALS) =>
  fetch(`${server.origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const usernames = async (server: CompiledServer) => {
  const answer = await fetch(`${server.origin}/api/users`);
  const { users } = (await answer.json()) as { users: { username: string }[] };
  return users.map((user) => user.username);
};

/** What the login page asks before it offers the guest button. */
const demoInfo = async (server: CompiledServer) =>
  (await (await fetch(`${server.origin}/api/demo`)).json()) as DemoInfoResponse;

beforeAll(() => {
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--config', 'vite.server.config.ts', '--outDir', buildDir],
    { encoding: 'utf8', env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' } },
  );
  if (build.status !== 0) throw new Error(`The server build failed:\n${build.stderr}`);
}, 60_000);

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
});

afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  rmSync(buildDir, { recursive: true, force: true });
  files.remove();
});

describe('the compiled server as a process', () => {
  it('stores no one in a new database unless SEED_DEMO=1: no guest with a public password', async () => {
    const plain = await start(dataDir());
    expect(await usernames(plain)).toEqual([]);
    // No such person.
    expect((await login(plain)).status).toBe(404);
    // So the login page offers no guest button there.
    expect(await demoInfo(plain)).toMatchObject({ guest: false });

    const demo = await start(dataDir(), { SEED_DEMO: '1' });
    expect(await usernames(demo)).toContain(GUEST_CREDENTIALS.username);
    expect((await login(demo)).status).toBe(200);
    expect(await demoInfo(demo)).toMatchObject({ guest: true });
  }, 60_000);

  it('refuses to start on a PGlite folder another server owns, and says to use PostgreSQL', async () => {
    const dir = dataDir();
    const owner = await start(dir, { SEED_DEMO: '1' });
    const folder = join(dir, 'pglite');

    const second = spawnSync(process.execPath, [main], {
      encoding: 'utf8',
      timeout: 30_000,
      env: Object.fromEntries(
        Object.entries({
          ...process.env,
          ...envFor(dir),
          PORT: String(await freePort()),
          HOST: '127.0.0.1',
        }).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(
      `Murmur's server cannot start: The PGlite folder ${folder} is already open in process `,
    );
    expect(second.stderr).toContain(
      'One process owns a PGlite folder: to run several server processes on one database, use PostgreSQL (set DATABASE_URL).',
    );

    // The owner was not disturbed, and its lock goes with it.
    expect((await login(owner)).status).toBe(200);
    expect(await stop(owner)).toBe(0);
    expect(existsSync(join(folder, LOCK_FILE))).toBe(false);
    const next = await start(dir);
    expect((await login(next)).status).toBe(200);
  }, 60_000);

  it('keeps its rate limits across a restart', async () => {
    const dir = dataDir();
    const limits = { SEED_DEMO: '1', LOGIN_RATE_LIMIT: '2/600' };
    const first = await start(dir, limits);
    expect((await login(first)).status).toBe(200);
    expect((await login(first)).status).toBe(200);
    expect((await login(first)).status).toBe(429);
    expect(await stop(first)).toBe(0);

    const restarted = await start(dir, limits);
    const again = await login(restarted);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(500);
  }, 60_000);
});
