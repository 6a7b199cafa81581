// The server as a deployment installs it: `npm run build:server` (unless --no-build), dist-server/
// copied to a scratch folder, `npm ci --omit=dev` there (from the npm cache when it has the
// packages, the registry otherwise), and `node server/main.js` started from that folder, far from
// the repository's node_modules. Then: only the server's packages were installed, none of the
// repository's tools; on PGlite it answers /healthz, a sign-up, a login and a post; WEB_CONCURRENCY=2
// on PGlite is refused; and, when PostgreSQL is installed (or DATABASE_URL set), WEB_CONCURRENCY=2
// starts two workers that both answer, see each other's writes, replace a worker that dies, and
// stop together on SIGTERM.
// Part of `npm test`; writes { numPassedTests, numFailedTests } to --json=FILE for the tally.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCompiledServer } from '../../scripts/compiled-server.mjs';
import { startThrowawayPostgres } from '../../scripts/postgres.mjs';
import { buildServer, createRunner } from './runner.mjs';

const { test, finish } = createRunner('the production install of the server');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

buildServer();

const scratch = mkdtempSync(join(tmpdir(), 'murmur-production-'));
const install = join(scratch, 'murmur');
const cleanups = [() => rmSync(scratch, { recursive: true, force: true })];
// The environment of a machine that has only the install: nothing pointing back here.
const bareEnv = { NODE_PATH: undefined, NODE_OPTIONS: undefined, DATABASE_URL: undefined };

const manifest = JSON.parse(readFileSync('dist-server/package.json', 'utf8'));
const rootManifest = JSON.parse(readFileSync('package.json', 'utf8'));
const rootLock = JSON.parse(readFileSync('package-lock.json', 'utf8'));

await test('npm ci --omit=dev installs exactly the server’s packages, at the root lock’s versions', () => {
  for (const entry of ['package.json', 'package-lock.json', 'server', 'app']) {
    cpSync(join('dist-server', entry), join(install, entry), { recursive: true });
  }
  for (const [name, version] of Object.entries(manifest.dependencies)) {
    assert.equal(version, rootLock.packages[`node_modules/${name}`]?.version, name);
  }
  const started = Date.now();
  const ci = spawnSync(
    'npm',
    ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
    { cwd: install, encoding: 'utf8', env: { ...process.env, ...bareEnv, NODE_ENV: 'production' } },
  );
  assert.equal(ci.status, 0, `npm ci failed:\n${ci.stderr}${ci.stdout}`);
  console.log(`    npm ci --omit=dev: ${Date.now() - started} ms`);
  const installed = readdirSync(join(install, 'node_modules')).flatMap((entry) =>
    entry.startsWith('@')
      ? readdirSync(join(install, 'node_modules', entry)).map((name) => `${entry}/${name}`)
      : entry.startsWith('.')
        ? []
        : [entry],
  );
  const locked = new Set(
    Object.keys(JSON.parse(readFileSync(join(install, 'package-lock.json'), 'utf8')).packages),
  );
  for (const name of installed) assert.ok(locked.has(`node_modules/${name}`), `${name} installed`);
  const tools = Object.keys(rootManifest.devDependencies).filter(
    (name) => !(name in manifest.dependencies),
  );
  const present = tools.filter((name) => existsSync(join(install, 'node_modules', name)));
  assert.deepEqual(present, [], 'no development package is installed');
});

/** A request on a connection of its own (so the cluster may hand it to any worker). */
function call(origin, method, path, { body, token, requestId } = {}) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${origin}${path}`,
      {
        method,
        agent: false,
        headers: {
          ...(data === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token === undefined ? {} : { authorization: token }),
          ...(requestId === undefined ? {} : { 'x-request-id': requestId }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode, json, text });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

let person = 0;
/** Signs a new person up, logs them in, publishes a post; returns the token and the post's text. */
async function signUpLogInAndPost(origin, options = {}) {
  person += 1;
  const username = `prod_${person}_${Date.now() % 100000}`;
  const password = 'a-long-password-1';
  const signup = await call(origin, 'POST', '/api/auth/signup', {
    ...options,
    body: { firstName: 'Pat', lastName: 'Prod', username, password },
  });
  assert.equal(signup.status, 201, signup.text);
  const login = await call(origin, 'POST', '/api/auth/login', {
    ...options,
    body: { username, password },
  });
  assert.equal(login.status, 200, login.text);
  const token = login.json.encodedToken;
  const content = `Hello from the production install, ${username}`;
  const post = await call(origin, 'POST', '/api/posts', {
    ...options,
    token,
    body: { postData: { content } },
  });
  assert.equal(post.status, 201, post.text);
  return { token, content, username };
}

const installedMain = join(install, 'server', 'main.js');
const start = (env, onLine) =>
  startCompiledServer({
    main: installedMain,
    cwd: install,
    env: { ...bareEnv, LOG_LEVEL: 'info', ...env },
    onLine,
  });

await test('on PGlite it serves the app, /healthz, a sign-up, a login and a post', async () => {
  const server = await start({ DATA_DIR: join(scratch, 'data') });
  try {
    assert.deepEqual((await call(server.origin, 'GET', '/healthz')).json, { status: 'ok' });
    const page = await call(server.origin, 'GET', '/');
    assert.equal(page.status, 200);
    assert.match(page.text, /<html/i);
    const { content } = await signUpLogInAndPost(server.origin);
    const posts = await call(server.origin, 'GET', '/api/posts');
    assert.ok(posts.json.posts.some((post) => post.content === content));
  } finally {
    assert.equal(await server.stop(), 0, 'SIGTERM ends it with exit code 0');
  }
});

await test('WEB_CONCURRENCY=2 on PGlite is refused with a message', async () => {
  const run = spawnSync(process.execPath, [installedMain], {
    cwd: install,
    encoding: 'utf8',
    env: { ...process.env, ...bareEnv, WEB_CONCURRENCY: '2', DATA_DIR: join(scratch, 'data2') },
    timeout: 30_000,
  });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /WEB_CONCURRENCY=2 .*PGlite.*Set DATABASE_URL/);
});

let postgres = null;
if (process.env.DATABASE_URL) postgres = { url: process.env.DATABASE_URL, stop: async () => {} };
else if (process.env.MURMUR_NO_POSTGRES !== '1') postgres = await startThrowawayPostgres();

if (postgres === null) {
  console.log('  (PostgreSQL is not installed: the two-worker test on PostgreSQL is left out)');
} else {
  cleanups.unshift(() => postgres.stop());
  await test('WEB_CONCURRENCY=2 on PostgreSQL: two workers answer, share writes, are replaced, stop together', async () => {
    const listening = new Map();
    const answeredBy = new Map();
    const server = await start(
      {
        WEB_CONCURRENCY: '2',
        DATABASE_URL: postgres.url,
        DATA_DIR: join(scratch, 'data-pg'),
        TOKEN_SECRET: 'a-token-secret-of-at-least-32-characters',
      },
      (line) => {
        const entry = JSON.parse(line);
        if (entry.msg?.startsWith('Murmur is listening')) listening.set(entry.pid, Date.now());
        if (entry.msg === 'request' && entry.reqId) answeredBy.set(entry.reqId, entry.pid);
      },
    );
    try {
      const until = async (what, check) => {
        const giveUp = Date.now() + 30_000;
        while (!check()) {
          if (Date.now() > giveUp) throw new Error(`timed out waiting for ${what}`);
          await sleep(50);
        }
      };
      await until('two workers listening', () => listening.size === 2);
      const workers = [...listening.keys()];
      assert.ok(!workers.includes(server.pid), 'the primary serves nothing');

      let id = 0;
      /** A request and the pid of the worker that answered it (from its log line). */
      const callOn = async (method, path, options = {}) => {
        const requestId = `prod-test-${++id}`;
        const answer = await call(server.origin, method, path, { ...options, requestId });
        await until(`the log line of ${requestId}`, () => answeredBy.has(requestId));
        return { ...answer, pid: answeredBy.get(requestId) };
      };
      const seen = new Set();
      for (let index = 0; index < 10; index++) {
        seen.add((await callOn('GET', '/healthz')).pid);
      }
      assert.deepEqual([...seen].sort(), [...workers].sort(), 'both workers answer');

      // A write on one worker, read on the other.
      const writer = (await callOn('GET', '/healthz')).pid;
      const { content, token } = await signUpLogInAndPost(server.origin);
      let readOnOther = false;
      for (let tries = 0; tries < 10 && !readOnOther; tries++) {
        const read = await callOn('GET', '/api/posts', { token });
        assert.equal(read.status, 200);
        assert.ok(
          read.json.posts.some((post) => post.content === content),
          `worker ${read.pid} sees the post`,
        );
        if (read.pid !== writer) readOnOther = true;
      }
      assert.ok(readOnOther, 'read on the other worker');

      // A worker that dies is replaced; the other answers meanwhile.
      const [victim] = workers;
      process.kill(victim, 'SIGKILL');
      await until('a replacement worker', () => listening.size === 3);
      const replacement = [...listening.keys()].find((pid) => !workers.includes(pid));
      const after = new Set();
      for (let index = 0; index < 10; index++) after.add((await callOn('GET', '/healthz')).pid);
      assert.ok(after.has(replacement) && !after.has(victim), 'the replacement answers');
    } finally {
      assert.equal(await server.stop(), 0, 'SIGTERM stops the workers and the primary, exit 0');
    }
    for (const pid of listening.keys()) {
      assert.throws(() => process.kill(pid, 0), /ESRCH/, `worker ${pid} is gone`);
    }
  });
}

for (const cleanup of cleanups) await cleanup();
finish();
