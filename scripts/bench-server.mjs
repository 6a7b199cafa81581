// `npm run bench:server`: the Node server under load at size, on loopback, with autocannon.
//
// For each size (`--sizes=1000,100000`: posts), a database is migrated by the server (started once
// on it and stopped), then seeded straight with SQL by scripts/bench-seed.mjs (10 000 people at
// every size, `--people=P`, so that the ratio between sizes is the posts' alone; their follows,
// likes, comments and votes; seconds, not the API), and then measured, endpoint by endpoint, each
// for `--duration=S` (10) seconds with `--connections=N` (50) after `--warmup=S` (3) seconds not
// counted:
//
// - home:        GET  /api/feed/home                the signed-in person's first page
// - latest:      GET  /api/feed/latest              Explore, newest first
// - trending:    GET  /api/feed/trending            Explore, most liked
// - post:        GET  /api/posts/:id                one post, over random ids
// - page:        GET  /api/post/:id                 a post's page (the app's: counts and one's
//                own votes, not every voter), over random ids
// - person:      GET  /api/person/:username         a person's card (counts, not lists), random
// - suggested:   GET  /api/people/suggested         'Who to follow', the first page
// - followers:   GET  /api/people/:id/followers     a profile's Followers, the first page (each
//                with counts and the caller's follow), random
// - login:       POST /api/auth/login               each connection its own person
// - like spread: POST /api/post/:id/like, /dislike  a pair per random post, alternating
//                (or the spec's POST /api/posts/like/:id and /dislike/:id when those answer 404)
// - like hot:    the same pairs on one post, the most liked
// - inbox:       GET  /api/notifications            a page of notifications, every connection as
//                the seed's most notified person (their unread count comes with it)
//
// Each connection is its own signed-in person (the last N people of the seed, who have no
// reactions of their own, so every like and dislike they make is accepted); reads send that
// person's token too. Before loading an endpoint, one request probes it: a 404 prints "endpoint
// missing" for that row (the run goes on); a single answer slower than `--slow=MS` (1000) is not
// loaded either (N connections would each wait about N times that: autocannon would see only
// timeouts), and the row says how long it took.
//
// Configurations: (a) one process on PostgreSQL, (b) two processes on that database (two ports,
// connections spread over both; with `--workers=2`, one server with WEB_CONCURRENCY=2 instead),
// (c) one process on PGlite (its folder seeded with the server stopped: one owner at a time).
// PostgreSQL is DATABASE_URL when set, else a throwaway cluster (scripts/postgres.mjs); without
// either, only (c). `--only=postgres|pglite` runs one side. The servers run with LOGIN_RATE_LIMIT
// raised (the login row is 50 people logging in from one address as fast as they can).
//
// Afterwards: a table per configuration, the ratio p50(largest size)/p50(smallest) per endpoint,
// and PASS/FAIL lines for the marks (PostgreSQL, one process, 50 connections: home ≥ 1 500 req/s
// with p99 ≤ 50 ms; spread likes p99 ≤ 50 ms; two processes answer more than one; every ratio ≤
// 1.3). The marks do not change the exit code. Exit 1 when an answer under load was not 2xx, a
// connection failed (timeouts are counted and shown apart, not failures), or an invariant broke:
// the hot post's like count must equal its likers, each bench person must be where their last
// answered action put them, and afterwards every post's like_count must equal its likes (SQL).
//
// To look into one row: `--endpoints=home,post` (the keys above) and `--configurations=pg1` (pg1,
// pg2, pglite) run only those; `--cpu-prof=DIR` has each server write a V8 CPU profile there.
//
// Not part of `npm test`: the figures depend on the machine, and autocannon shares its cores with
// the servers (and PostgreSQL).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import pg from 'pg';
import {
  BENCH_PASSWORD,
  benchPeople,
  checkLikeCounts,
  mostNotified,
  openTarget,
  postId,
  seedBench,
  userId,
  username,
} from './bench-seed.mjs';
import { SERVER_MAIN, startCompiledServer } from './compiled-server.mjs';
import { startThrowawayPostgres } from './postgres.mjs';

const fail = (message) => {
  console.error(message);
  process.exit(2);
};
const option = (name, fallback) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  if (found === undefined) return fallback;
  const value = Number(found.slice(name.length + 3));
  if (!Number.isInteger(value) || value < 1) {
    fail(`--${name} must be a whole number of at least 1: "${found}"`);
  }
  return value;
};
const textOption = (name) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const DURATION = option('duration', 10);
/** Seconds of each workload run first and not counted: a fresh process is cold (JIT, PGlite's WebAssembly, pools). */
const WARMUP = option('warmup', 3);
const CONNECTIONS = option('connections', 50);
const PEOPLE = option('people', 10_000);
/** A probe slower than this (ms) is not loaded. */
const SLOW_MS = option('slow', 1000);
const WORKERS = option('workers', 1);
const SIZES = (textOption('sizes') ?? '1000,100000').split(',').map((size) => {
  const value = Number(size.replaceAll('_', ''));
  if (!Number.isInteger(value) || value < 2) fail(`--sizes takes post counts: "${size}"`);
  return value;
});
const ONLY = textOption('only');
if (ONLY !== undefined && ONLY !== 'postgres' && ONLY !== 'pglite') {
  fail(`--only must be postgres or pglite: "${ONLY}"`);
}
const BUILD = !process.argv.includes('--no-build');
/** `--endpoints=home,post`: only these rows (keys as in ENDPOINTS below); all by default. */
const ONLY_ENDPOINTS = textOption('endpoints')?.split(',');
/** `--configurations=pg1`: only these (pg1, pg2, pglite); all that can run by default. */
const ONLY_CONFIGURATIONS = textOption('configurations')?.split(',');
/**
 * `--cpu-prof=DIR`: each server process writes a V8 CPU profile there when it stops (open it in
 * Chrome DevTools' Performance panel, or speedscope), to see where a request's time goes.
 */
const CPU_PROF = textOption('cpu-prof');
/** How long a single request may take under load before autocannon counts a timeout (s). */
const TIMEOUT_S = 20;
if (CONNECTIONS > PEOPLE) fail(`--connections=${CONNECTIONS} needs at least as many --people`);

// ---------------------------------------------------------------------------------------------
// Clean-up: whatever was started is stopped, last first, on success, failure or a signal.
// ---------------------------------------------------------------------------------------------

/** @type {{ name: string, run: () => Promise<void> }[]} */
const cleanups = [];
const onCleanup = (name, run) => {
  const entry = { name, run };
  cleanups.push(entry);
  return async () => {
    const index = cleanups.indexOf(entry);
    if (index !== -1) cleanups.splice(index, 1);
    await run();
  };
};
async function cleanUp() {
  while (cleanups.length > 0) {
    const { name, run } = cleanups.pop();
    try {
      await run();
    } catch (error) {
      console.error(`Could not stop ${name}: ${error.message}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and the database…`);
    void cleanUp().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
// Servers
// ---------------------------------------------------------------------------------------------

/**
 * Starts `node dist-server/server/main.js` on 127.0.0.1 and waits for `/healthz`; stopped at the
 * end with everything else (onCleanup).
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
async function startServer({ databaseUrl, dataDir, tokenSecret, workers }) {
  const server = await startCompiledServer({
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      TOKEN_SECRET: tokenSecret,
      LOG_LEVEL: 'warn',
      // A restart after a run with timeouts drops the backlog instead of answering it.
      SHUTDOWN_TIMEOUT_MS: '1000',
      // The bench's people sign in from one address, far past the default 10 a minute, and the
      // login row logs each of them in again and again (the limit counts per username too).
      LOGIN_RATE_LIMIT: '100000000/60',
      SIGNUP_RATE_LIMIT: '100000000/60',
      WEB_CONCURRENCY: workers === undefined ? undefined : String(workers),
    },
    execArgv: CPU_PROF === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${resolve(CPU_PROF)}`],
    readyMs: 180_000,
  });
  let stopping = false;
  void server.exited.then((code) => {
    if (!stopping)
      console.error(`The server on port ${server.port} ended (${code}):\n${server.output()}`);
  });
  const stop = onCleanup(`the server on port ${server.port}`, async () => {
    stopping = true;
    await server.stop();
  });
  return { url: server.origin, stop };
}

// ---------------------------------------------------------------------------------------------
// The API, as the bench uses it
// ---------------------------------------------------------------------------------------------

/** One request; its status, body text, size and time. Never throws for a status. */
async function request(url, method, path, { token, body } = {}) {
  const headers = {};
  if (token !== undefined) headers.authorization = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  const answer = await fetch(`${url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(120_000),
  });
  const text = await answer.text();
  return {
    status: answer.status,
    text,
    bytes: Buffer.byteLength(text),
    ms: performance.now() - started,
  };
}

async function json(url, method, path, options) {
  const answer = await request(url, method, path, options);
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
  }
  return JSON.parse(answer.text);
}

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

/** A random post of the seed, 1…posts. */
const randomPost = (posts) => postId(1 + Math.floor(Math.random() * posts));

/** A random person of the seed's. */
const randomPerson = () => username(1 + Math.floor(Math.random() * PEOPLE));
const randomPersonId = () => userId(1 + Math.floor(Math.random() * PEOPLE));

/** Where a like or dislike goes: the paged API's path, or the spec's. */
const LIKE_PATHS = {
  new: (id, action) => `/api/post/${id}/${action}`,
  spec: (id, action) => `/api/posts/${action}/${id}`,
};

/**
 * The endpoints. `requests(person, ctx)` gives one connection's requests (autocannon repeats them
 * in turn); `probe(url, person, ctx)` sends one of them outside the load. `pairs` marks the likes:
 * their connections stop only after a dislike, so every bench person ends with no like.
 */
const ALL_ENDPOINTS = [
  {
    key: 'home',
    label: 'Home page',
    path: () => 'GET /api/feed/home',
    requests: () => [{ method: 'GET', path: '/api/feed/home' }],
  },
  {
    key: 'latest',
    label: 'Explore, latest',
    path: () => 'GET /api/feed/latest',
    requests: () => [{ method: 'GET', path: '/api/feed/latest' }],
  },
  {
    key: 'trending',
    label: 'Explore, trending',
    path: () => 'GET /api/feed/trending',
    requests: () => [{ method: 'GET', path: '/api/feed/trending' }],
  },
  {
    key: 'post',
    label: 'one post',
    path: () => 'GET /api/posts/:id (random)',
    requests: (person, ctx) => [
      {
        method: 'GET',
        path: `/api/posts/${randomPost(ctx.posts)}`,
        setupRequest: (req) => ({ ...req, path: `/api/posts/${randomPost(ctx.posts)}` }),
      },
    ],
  },
  {
    key: 'page',
    label: "a post's page",
    path: () => 'GET /api/post/:id (random)',
    requests: (person, ctx) => [
      {
        method: 'GET',
        path: `/api/post/${randomPost(ctx.posts)}`,
        setupRequest: (req) => ({ ...req, path: `/api/post/${randomPost(ctx.posts)}` }),
      },
    ],
  },
  {
    key: 'person',
    label: "a person's card",
    path: () => 'GET /api/person/:username (random)',
    requests: () => [
      {
        method: 'GET',
        path: `/api/person/${randomPerson()}`,
        setupRequest: (req) => ({ ...req, path: `/api/person/${randomPerson()}` }),
      },
    ],
  },
  {
    key: 'suggested',
    label: 'who to follow',
    path: () => 'GET /api/people/suggested',
    requests: () => [{ method: 'GET', path: '/api/people/suggested' }],
  },
  {
    key: 'followers',
    label: "a person's followers",
    path: () => 'GET /api/people/:id/followers (random)',
    requests: () => [
      {
        method: 'GET',
        path: `/api/people/${randomPersonId()}/followers`,
        setupRequest: (req) => ({ ...req, path: `/api/people/${randomPersonId()}/followers` }),
      },
    ],
  },
  {
    key: 'login',
    label: 'login',
    path: () => 'POST /api/auth/login',
    anonymous: true,
    requests: (person) => [
      {
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: person.username, password: BENCH_PASSWORD }),
      },
    ],
  },
  {
    key: 'inbox',
    label: 'notifications',
    path: (ctx) => `GET /api/notifications (${ctx.notified?.notifications ?? 0} of one person)`,
    as: (ctx) => ctx.notified,
    requests: () => [{ method: 'GET', path: '/api/notifications' }],
  },
  {
    key: 'spread',
    label: 'like, spread',
    pairs: true,
    path: (ctx) => `POST ${ctx.likePath(':id', 'like')} + dislike (random)`,
    requests: (person, ctx) => likePair(ctx, () => randomPost(ctx.posts)),
  },
  {
    key: 'hot',
    label: 'like, one hot post',
    pairs: true,
    hot: true,
    path: (ctx) => `POST ${ctx.likePath(ctx.hotPost, 'like')} + dislike`,
    requests: (person, ctx) => likePair(ctx, () => ctx.hotPost),
  },
];
const ENDPOINTS =
  ONLY_ENDPOINTS === undefined
    ? ALL_ENDPOINTS
    : ALL_ENDPOINTS.filter((endpoint) => ONLY_ENDPOINTS.includes(endpoint.key));
if (ENDPOINTS.length === 0) {
  fail(`--endpoints names none of ${ALL_ENDPOINTS.map((endpoint) => endpoint.key).join(', ')}`);
}

/** A like then a dislike of one post, the post chosen anew for each pair by `pick`. */
function likePair(ctx, pick) {
  let target = pick();
  return [
    {
      method: 'POST',
      path: ctx.likePath(target, 'like'),
      setupRequest: (req) => {
        target = pick();
        return { ...req, path: ctx.likePath(target, 'like') };
      },
    },
    {
      method: 'POST',
      path: ctx.likePath(target, 'dislike'),
      setupRequest: (req) => ({ ...req, path: ctx.likePath(target, 'dislike') }),
    },
  ];
}

/** Which like path the server has: the paged API's, else the spec's; probes and undoes a like. */
async function findLikePath(url, person, id) {
  for (const [name, likePath] of Object.entries(LIKE_PATHS)) {
    const like = await request(url, 'POST', likePath(id, 'like'), { token: person.token });
    // The post exists: a 404 is the path's.
    if (like.status === 404) continue;
    if (like.status >= 300)
      throw new Error(`${likePath(id, 'like')}: ${like.status} ${like.text.slice(0, 200)}`);
    const dislike = await request(url, 'POST', likePath(id, 'dislike'), { token: person.token });
    if (dislike.status >= 300) {
      throw new Error(
        `${likePath(id, 'dislike')}: ${dislike.status} ${dislike.text.slice(0, 200)}`,
      );
    }
    return { name, likePath, ms: like.ms };
  }
  return undefined;
}

/**
 * Loads one endpoint on `urls` for `seconds`. Each connection is one person (`setupClient` runs
 * once per connection). For the likes, the run ends without a request in flight and after a
 * dislike: at the deadline each connection stops once it has the answer to a pair's second request
 * (autocannon's own end drops the requests under way, and whether the server applied them would be
 * unknown), so every person's last action is known from the answers.
 */
async function load(urls, endpoint, people, ctx, seconds) {
  const last = people.map(() => 'none');
  const unknown = new Set();
  const refusals = [];
  let bytes = 0;
  let answers = 0;
  let connection = 0;
  const deadline = Date.now() + seconds * 1000;
  const result = await autocannon({
    url: urls,
    connections: people.length,
    // Likes stop themselves at the deadline (the duration is a backstop); reads at the duration.
    duration: endpoint.pairs ? seconds + TIMEOUT_S + 10 : seconds,
    timeout: TIMEOUT_S,
    setupClient(client) {
      const index = connection++ % people.length;
      const person = people[index];
      const as = endpoint.as?.(ctx) ?? person;
      const headers = endpoint.anonymous ? {} : { authorization: as.token };
      let answered = 0;
      const requests = endpoint.requests(person, ctx).map((req) => ({
        ...req,
        headers: { ...headers, ...req.headers },
        onResponse(status, body) {
          answers += 1;
          bytes += Buffer.byteLength(body ?? '');
          const ok = status >= 200 && status < 300;
          if (ok && endpoint.pairs) last[index] = answered % 2 === 0 ? 'like' : 'dislike';
          if (!ok && refusals.length < 5)
            refusals.push(`${person.username}: ${status} ${String(body).slice(0, 200)}`);
        },
      }));
      client.setRequests(requests);
      client.on('response', () => {
        answered += 1;
        // autocannon's Client sends its next request after this event unless it has made
        // `responseMax` requests: make that "now", so it stops with nothing in flight.
        if (endpoint.pairs && Date.now() >= deadline && answered % 2 === 0) {
          client.responseMax = client.reqsMade;
        }
      });
      // A request that timed out or lost its connection may or may not have been applied.
      client.on('timeout', () => unknown.add(index));
      client.on('connError', () => unknown.add(index));
    },
  });
  const refused = Object.entries(result.statusCodeStats)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${count}×${code}`);
  const elapsed = endpoint.pairs ? Math.max(seconds, result.duration) : result.duration;
  return {
    rps: result.requests.total / elapsed,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: answers > 0 ? bytes / answers : NaN,
    non2xx: result.non2xx,
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    refused,
    refusals,
    last,
    unknown,
  };
}

/** The hot post's invariants as the server answers it; [] when they hold. */
async function checkHotPost(url, people, id, { last, unknown }) {
  const { post } = await json(url, 'GET', `/api/posts/${id}`);
  const { likeCount, likedBy, dislikedBy } = post.likes;
  const problems = [];
  const liked = likedBy.map((person) => person._id);
  const disliked = dislikedBy.map((person) => person._id);
  for (const [name, ids] of [
    ['likedBy', liked],
    ['dislikedBy', disliked],
  ]) {
    const twice = ids.filter((one, i) => ids.indexOf(one) !== i);
    if (twice.length > 0) problems.push(`${name} holds ${twice.length} people more than once`);
  }
  const both = liked.filter((one) => disliked.includes(one));
  if (both.length > 0) problems.push(`${both.length} people are in both likedBy and dislikedBy`);
  if (likeCount !== liked.length) {
    problems.push(`likeCount is ${likeCount}, but likedBy holds ${liked.length} people`);
  }
  people.forEach((person, index) => {
    const where = liked.includes(person.id)
      ? 'like'
      : disliked.includes(person.id)
        ? 'dislike'
        : 'none';
    const action = unknown.has(index) ? where : last[index];
    if (where !== action)
      problems.push(`${person.username}'s last action was ${action}, the post has ${where}`);
  });
  return {
    problems,
    summary: `likeCount ${likeCount} = likedBy ${liked.length}; dislikedBy ${disliked.length}; each bench person where their last answer put them${unknown.size > 0 ? ` (${unknown.size} cut, read from the server)` : ''}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Databases
// ---------------------------------------------------------------------------------------------

/** A new database on the PostgreSQL of `url`, dropped at the end; its URL. */
async function createDatabase(url, name) {
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists "${name}" with (force)`);
  await admin(`create database "${name}"`);
  onCleanup(`the database ${name}`, () => admin(`drop database if exists "${name}" with (force)`));
  const address = new URL(url);
  address.pathname = `/${name}`;
  return address.toString();
}

async function postgresVersion(url) {
  const { query, close } = await openTarget(url);
  try {
    const { rows } = await query('show server_version');
    return rows[0].server_version;
  } finally {
    await close();
  }
}

/**
 * A migrated, seeded database of `posts` posts: PostgreSQL (`databaseUrl`) or PGlite (in
 * `dataDir`). The server migrates it (started once, stopped), then the seeder fills it.
 */
async function prepareDatabase({ databaseUrl, dataDir, posts }) {
  const server = await startServer({
    databaseUrl,
    dataDir,
    tokenSecret: randomBytes(32).toString('base64url'),
  });
  await server.stop();
  const target = await openTarget(databaseUrl ?? join(dataDir, 'pglite'));
  try {
    const seeded = await seedBench(target.query, {
      posts,
      people: PEOPLE,
      benchPeople: CONNECTIONS,
      log: (line) => console.log(`     ${line}`),
    });
    const { counts } = seeded;
    console.log(
      `   seeded in ${seeded.seconds.toFixed(1)} s: ${counts.users} people, ${counts.posts} posts, ${counts.follows} follows, ${counts.post_reactions} reactions, ${counts.comments} comments, ${counts.comment_votes} votes`,
    );
    return seeded.seconds;
  } finally {
    await target.close();
  }
}

/**
 * The bench people signed in once per database (their sessions stay in it, and the tokens hold
 * for every server started with the same TOKEN_SECRET). The first logs in through the API; the
 * others get a session row and a token made here as the server makes them (src/service/tokens.ts:
 * an HS256 JWT of TOKEN_SECRET, `sub` the person, `sid` the session), because a login is as slow
 * as the server's slowest read (a whole-database snapshot before the flat-cost work: 50 logins
 * took minutes at 10 000 people). The like probe then checks such a token is accepted. The seed's
 * most notified person is signed in the same way (`notified`), for the notifications row.
 */
async function signInOnce({ databaseUrl, dataDir, tokenSecret }) {
  const [first, ...others] = benchPeople(PEOPLE, CONNECTIONS);
  const server = await startServer({ databaseUrl, dataDir, tokenSecret });
  let token;
  try {
    const started = performance.now();
    ({ encodedToken: token } = await json(server.url, 'POST', '/api/auth/login', {
      body: { username: first.username, password: BENCH_PASSWORD },
    }));
    console.log(
      `   ${first.username} logged in through the API in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await server.stop();
  }
  const { query, close } = await openTarget(databaseUrl ?? join(dataDir, 'pglite'));
  try {
    const key = new TextEncoder().encode(tokenSecret);
    const issuedAt = Math.floor(Date.now() / 1000);
    const signIn = async (person) => {
      const sessionId = `session-bench-${randomBytes(6).toString('hex')}`;
      await query(`INSERT INTO sessions (id, user_id, created_at)
        VALUES ('${sessionId}', '${person.id}', date_trunc('second', now()))`);
      const minted = await new SignJWT({ username: person.username, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(person.id)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + 24 * 60 * 60)
        .sign(key);
      return { ...person, token: minted };
    };
    const made = [];
    for (const person of others) made.push(await signIn(person));
    // The notifications row reads the most notified person's (when the schema has them).
    const most = await mostNotified(query).catch(() => undefined);
    let notified;
    if (most !== undefined) {
      const { rows } = await query(`SELECT username FROM users WHERE id = '${most.id}'`);
      notified = { ...(await signIn({ id: most.id, username: rows[0].username })), ...most };
      console.log(
        `   the notifications row reads ${rows[0].username}'s (${most.notifications} rows)`,
      );
    }
    return { people: [{ ...first, token }, ...made], notified };
  } finally {
    await close();
  }
}

/** Every post's like_count against its likes, in SQL (PGlite: with its server stopped). */
async function checkAllLikeCounts(target) {
  const { query, close } = await openTarget(target);
  try {
    return await checkLikeCounts(query);
  } finally {
    await close();
  }
}

// ---------------------------------------------------------------------------------------------
// One configuration at one size
// ---------------------------------------------------------------------------------------------

/**
 * The bench people lose every reaction (and the posts their likes): each configuration, and each
 * restart after timeouts, starts with people whose every like will be accepted. The servers are
 * stopped (a PGlite folder has one owner).
 */
async function resetBenchReactions(target) {
  const { query, close } = await openTarget(target);
  try {
    const ids = benchPeople(PEOPLE, CONNECTIONS)
      .map((person) => `'${person.id}'`)
      .join(', ');
    await query(`WITH gone AS (DELETE FROM post_reactions WHERE user_id IN (${ids}) AND kind = 'like' RETURNING post_id)
      UPDATE posts SET like_count = like_count - n
      FROM (SELECT post_id, count(*)::int AS n FROM gone GROUP BY post_id) AS g WHERE posts.id = g.post_id`);
    await query(`DELETE FROM post_reactions WHERE user_id IN (${ids})`);
  } finally {
    await close();
  }
}

const fixed = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

/** Measures every endpoint on fresh servers; the rows, and any failure. */
async function measure({ config, posts, databaseUrl, dataDir, tokenSecret, people, notified }) {
  console.log(`\n== ${config.label}. ${config.name}, ${posts.toLocaleString('en')} posts`);
  const target = databaseUrl ?? join(dataDir, 'pglite');
  let servers = [];
  const start = async (reset = true) => {
    if (reset) await resetBenchReactions(target);
    if (config.workers !== undefined) {
      servers.push(
        await startServer({ databaseUrl, dataDir, tokenSecret, workers: config.workers }),
      );
    } else {
      for (let i = 0; i < config.processes; i += 1) {
        servers.push(await startServer({ databaseUrl, dataDir, tokenSecret }));
      }
    }
    return servers.map((server) => server.url);
  };
  const stop = async () => {
    for (const server of servers.reverse()) await server.stop();
    servers = [];
  };
  let urls = await start();
  console.log(`   load ${os.loadavg()[0].toFixed(2)}`);
  const like = await findLikePath(urls[0], people[0], postId(3));
  const ctx = {
    posts,
    hotPost: postId(1),
    warmPost: postId(2),
    notified,
    likePath: like?.likePath ?? LIKE_PATHS.spec,
  };
  if (like !== undefined)
    console.log(
      `   likes go to ${ctx.likePath(':id', 'like')} (${like.name === 'new' ? 'the paged API' : "the spec's path: /api/post/:id/like answered 404"})`,
    );

  const rows = [];
  const failures = [];
  for (const endpoint of ENDPOINTS) {
    const row = { endpoint, path: endpoint.path(ctx), note: '' };
    rows.push(row);
    // The probe: one request on its own, as connection 0 would send it.
    let probe;
    if (endpoint.pairs) {
      probe = like === undefined ? { status: 404 } : { status: 200, ms: like.ms };
    } else {
      const [first] = endpoint.requests(people[0], ctx);
      probe = await request(urls[0], first.method, first.path, {
        token: endpoint.anonymous ? undefined : (endpoint.as?.(ctx) ?? people[0]).token,
        body: first.body === undefined ? undefined : JSON.parse(first.body),
      });
    }
    if (probe.status === 404) {
      row.note = 'endpoint missing (404)';
      console.log(`   ${endpoint.label.padEnd(20)} endpoint missing (${row.path} answered 404)`);
      continue;
    }
    if (probe.status >= 300) {
      row.note = `probe answered ${probe.status}`;
      failures.push(
        `${config.label} ${posts}: ${row.path}: ${probe.status} ${probe.text?.slice(0, 200)}`,
      );
      console.log(`   ${endpoint.label.padEnd(20)} ${probe.status}: ${probe.text?.slice(0, 200)}`);
      continue;
    }
    if (probe.ms > SLOW_MS) {
      row.note = `not loaded: one request alone took ${fixed(probe.ms)} ms (over --slow=${SLOW_MS})`;
      row.probeMs = probe.ms;
      console.log(`   ${endpoint.label.padEnd(20)} ${row.note}`);
      continue;
    }
    if (WARMUP > 0) {
      const warmCtx = endpoint.hot ? { ...ctx, hotPost: ctx.warmPost } : ctx;
      await load(urls, endpoint, people, warmCtx, WARMUP);
    }
    const figures = await load(urls, endpoint, people, ctx, DURATION);
    Object.assign(row, figures);
    if (figures.timeouts > 0 || figures.errors > 0 || !(figures.p99 < 1000) || figures.rps === 0) {
      // The server is still working through what autocannon gave up on: a restart drops that
      // backlog (and the bench people's reactions go, as the cut requests may have left some;
      // after the hot post's run they stay, for its check).
      console.log(
        `   (${figures.timeouts} timeouts, p99 ${figures.p99} ms: restarting the server${servers.length > 1 ? 's' : ''} to drop the backlog)`,
      );
      await stop();
      urls = await start(!endpoint.hot);
    }
    if (figures.p50 === 0 && figures.rps === 0) row.note = `no answer within ${DURATION} s`;
    console.log(
      `   ${endpoint.label.padEnd(20)} ${fixed(figures.rps).padStart(6)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ${fixed(figures.bytes)} B/answer, non-2xx ${figures.non2xx}, errors ${figures.errors}, timeouts ${figures.timeouts}`,
    );
    if (figures.non2xx > 0 || figures.errors > 0) {
      failures.push(
        `${config.label} ${posts}: ${endpoint.label}: ${figures.non2xx} answers not 2xx (${figures.refused.join(', ')}), ${figures.errors} connection errors`,
      );
      for (const refusal of figures.refusals) console.log(`     refused: ${refusal}`);
    }
    if (endpoint.hot) {
      // Each process answered its last request before the run ended; nothing is left in flight.
      const invariants = await checkHotPost(urls[0], people, ctx.hotPost, figures);
      if (invariants.problems.length === 0) {
        console.log(`   invariants (hot post): ok (${invariants.summary})`);
      } else {
        console.log('   invariants (hot post): BROKEN');
        for (const problem of invariants.problems) console.log(`     - ${problem}`);
        failures.push(
          `${config.label} ${posts}: hot post invariants broken (${invariants.problems.length} problems)`,
        );
      }
    }
  }
  await stop();
  return { rows, failures };
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

function printTable(head, rows, rightFrom = 2) {
  const all = [head, ...rows];
  const widths = head.map((_, column) => Math.max(...all.map((row) => row[column].length)));
  const line = (row) =>
    `| ${row.map((cell, column) => (column >= rightFrom ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join(' | ')} |`;
  console.log(line(head));
  console.log(
    `| ${widths.map((width, column) => (column >= rightFrom ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width))).join(' | ')} |`,
  );
  for (const row of rows) console.log(line(row));
}

function report(configurations, results) {
  const at = (config, posts, key) =>
    results.get(`${config.label}:${posts}`)?.rows.find((row) => row.endpoint.key === key);
  const measured = (row) => row !== undefined && Number.isFinite(row.p50) && row.rps > 0;
  for (const config of configurations) {
    console.log(
      `\n${config.label}. ${config.name}, ${CONNECTIONS} connections, ${DURATION} s each:\n`,
    );
    const rows = [];
    for (const posts of SIZES) {
      for (const row of results.get(`${config.label}:${posts}`)?.rows ?? []) {
        rows.push(
          measured(row)
            ? [
                posts.toLocaleString('en'),
                row.endpoint.label,
                fixed(row.rps),
                fixed(row.p50),
                fixed(row.p99),
                fixed(row.bytes),
                String(row.non2xx),
                `${row.errors}/${row.timeouts}`,
              ]
            : [posts.toLocaleString('en'), row.endpoint.label, '–', '–', '–', '–', '–', row.note],
        );
      }
    }
    printTable(
      ['posts', 'endpoint', 'req/s', 'p50 ms', 'p99 ms', 'bytes', 'non-2xx', 'errors/timeouts'],
      rows,
    );
  }

  const small = SIZES[0];
  const large = SIZES.at(-1);
  const ratios = [];
  if (SIZES.length > 1) {
    console.log(
      `\np50 at ${large.toLocaleString('en')} posts / p50 at ${small.toLocaleString('en')}:\n`,
    );
    const head = ['endpoint', ...configurations.map((config) => `${config.label}. ${config.name}`)];
    const rows = ENDPOINTS.map((endpoint) => [
      endpoint.label,
      ...configurations.map((config) => {
        const a = at(config, small, endpoint.key);
        const b = at(config, large, endpoint.key);
        if (!measured(a) || !measured(b)) return '–';
        const ratio = b.p50 / Math.max(a.p50, 1);
        ratios.push({ config, endpoint, ratio, a, b });
        return ratio.toFixed(2);
      }),
    ]);
    printTable(head, rows, 1);
  }

  console.log('\nMarks:');
  const mark = (pass, text) => console.log(`${pass ? 'PASS' : 'FAIL'}: ${text}`);
  const one = configurations.find((config) => config.key === 'pg1');
  const two = configurations.find((config) => config.key === 'pg2');
  const fifty =
    CONNECTIONS === 50 ? '' : ` (measured at ${CONNECTIONS} connections; the mark is for 50)`;
  if (one === undefined)
    console.log('  (no PostgreSQL configuration ran: its marks are not checked)');
  for (const posts of one === undefined ? [] : SIZES) {
    const size = `${posts.toLocaleString('en')} posts`;
    const home = at(one, posts, 'home');
    if (!measured(home))
      mark(
        false,
        `home ≥ 1 500 req/s with p99 ≤ 50 ms, PostgreSQL 1 process, ${size}: ${home?.note ?? 'not measured'}`,
      );
    else
      mark(
        home.rps >= 1500 && home.p99 <= 50,
        `home ≥ 1 500 req/s with p99 ≤ 50 ms, PostgreSQL 1 process, ${size}: ${fixed(home.rps)} req/s, p99 ${home.p99} ms${fifty}`,
      );
    const spread = at(one, posts, 'spread');
    if (!measured(spread))
      mark(
        false,
        `spread likes p99 ≤ 50 ms, PostgreSQL 1 process, ${size}: ${spread?.note ?? 'not measured'}`,
      );
    else
      mark(
        spread.p99 <= 50,
        `spread likes p99 ≤ 50 ms, PostgreSQL 1 process, ${size}: p99 ${spread.p99} ms${fifty}`,
      );
    if (two !== undefined) {
      for (const endpoint of ENDPOINTS) {
        const a = at(one, posts, endpoint.key);
        const b = at(two, posts, endpoint.key);
        if (!measured(a) || !measured(b)) {
          mark(
            false,
            `two processes > one, ${endpoint.label}, ${size}: ${(!measured(a) ? a : b)?.note ?? 'not measured'}`,
          );
        } else {
          mark(
            b.rps > a.rps,
            `two processes > one, ${endpoint.label}, ${size}: ${fixed(b.rps)} vs ${fixed(a.rps)} req/s`,
          );
        }
      }
    }
  }
  if (SIZES.length > 1) {
    for (const config of configurations) {
      for (const endpoint of ENDPOINTS) {
        const found = ratios.find((r) => r.config === config && r.endpoint === endpoint);
        const why = found
          ? `${found.ratio.toFixed(2)} (p50 ${found.b.p50} ms / ${found.a.p50} ms)`
          : (at(config, large, endpoint.key)?.note ??
            at(config, small, endpoint.key)?.note ??
            'not measured');
        mark(
          found !== undefined && found.ratio <= 1.3,
          `p50 ratio ≤ 1.3, ${config.label}. ${config.name}, ${endpoint.label}: ${why}`,
        );
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function main() {
  if (BUILD) {
    console.log('== npm run build:server');
    const built = spawnSync('npm', ['run', 'build:server'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build:server failed');
  } else if (!existsSync(SERVER_MAIN)) {
    throw new Error(`${SERVER_MAIN} is missing: run without --no-build, or npm run build:server`);
  }

  let postgresUrl;
  let postgresSource = 'DATABASE_URL';
  if (ONLY !== 'pglite') {
    postgresUrl = process.env.DATABASE_URL?.trim() || undefined;
    if (postgresUrl === undefined) {
      const cluster = await startThrowawayPostgres();
      if (cluster !== null) {
        onCleanup('the throwaway PostgreSQL cluster', () => cluster.stop());
        postgresUrl = cluster.url;
        postgresSource = 'a throwaway cluster (scripts/postgres.mjs)';
      }
    }
  }
  const autocannonVersion = JSON.parse(
    readFileSync(join('node_modules', 'autocannon', 'package.json'), 'utf8'),
  ).version;
  const cpus = os.cpus();
  console.log(
    `\nMachine:    ${os.availableParallelism()} cores (${cpus[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`Node:       ${process.version}; autocannon ${autocannonVersion}`);
  console.log(
    ONLY === 'pglite'
      ? 'PostgreSQL: not asked for (--only=pglite)'
      : postgresUrl === undefined
        ? 'PostgreSQL: none (not installed, and DATABASE_URL is unset): only PGlite runs'
        : `PostgreSQL: ${await postgresVersion(postgresUrl)}, ${postgresSource}`,
  );
  console.log(
    `Runs:       sizes ${SIZES.map((size) => size.toLocaleString('en')).join(' and ')} posts, ${PEOPLE.toLocaleString('en')} people; ${DURATION} s each after ${WARMUP} s of warm-up not counted, ${CONNECTIONS} connections; servers on 127.0.0.1 with LOG_LEVEL=warn; a probe slower than ${SLOW_MS} ms is not loaded`,
  );

  const configurations = [];
  if (postgresUrl !== undefined) {
    configurations.push(
      { key: 'pg1', label: 'a', name: 'PostgreSQL, 1 process', processes: 1 },
      WORKERS > 1
        ? {
            key: 'pg2',
            label: 'b',
            name: `PostgreSQL, WEB_CONCURRENCY=${WORKERS}`,
            processes: 1,
            workers: WORKERS,
          }
        : { key: 'pg2', label: 'b', name: 'PostgreSQL, 2 processes', processes: 2 },
    );
  }
  if (ONLY !== 'postgres')
    configurations.push({
      key: 'pglite',
      label: 'c',
      name: 'PGlite, 1 process',
      processes: 1,
      pglite: true,
    });

  if (ONLY_CONFIGURATIONS !== undefined) {
    const unknown = ONLY_CONFIGURATIONS.filter(
      (key) => !configurations.some((config) => config.key === key),
    );
    if (unknown.length > 0) fail(`--configurations: none here is called ${unknown.join(', ')}`);
    configurations.splice(
      0,
      configurations.length,
      ...configurations.filter((config) => ONLY_CONFIGURATIONS.includes(config.key)),
    );
  }

  const results = new Map();
  const failures = [];
  const seeding = [];
  for (const posts of SIZES) {
    const postgres = configurations.filter((config) => !config.pglite);
    if (postgres.length > 0) {
      console.log(`\n== PostgreSQL, ${posts.toLocaleString('en')} posts: migrate, seed`);
      const databaseUrl = await createDatabase(postgresUrl, `murmur_bench_${posts}`);
      const dataDir = mkdtempSync(join(os.tmpdir(), 'murmur-bench-'));
      onCleanup(`the data directory ${dataDir}`, async () =>
        rmSync(dataDir, { recursive: true, force: true }),
      );
      seeding.push(
        `PostgreSQL, ${posts.toLocaleString('en')} posts: ${(await prepareDatabase({ databaseUrl, dataDir, posts })).toFixed(1)} s`,
      );
      const tokenSecret = randomBytes(32).toString('base64url');
      const { people, notified } = await signInOnce({ databaseUrl, dataDir, tokenSecret });
      // Both configurations on one seeded database: the likes leave it as they found it.
      for (const config of postgres) {
        const outcome = await measure({
          config,
          posts,
          databaseUrl,
          dataDir,
          tokenSecret,
          people,
          notified,
        });
        results.set(`${config.label}:${posts}`, outcome);
        failures.push(...outcome.failures);
      }
      const wrong = await checkAllLikeCounts(databaseUrl);
      console.log(
        wrong.length === 0
          ? '   invariants (every post, SQL): like_count = likes'
          : `   invariants (every post, SQL): BROKEN: ${wrong.join('; ')}`,
      );
      if (wrong.length > 0)
        failures.push(`PostgreSQL ${posts}: like counts differ from likes (${wrong.join('; ')})`);
    }
    const pglite = configurations.find((config) => config.pglite);
    if (pglite !== undefined) {
      console.log(
        `\n== PGlite, ${posts.toLocaleString('en')} posts: migrate, seed (the server stopped)`,
      );
      const dataDir = mkdtempSync(join(os.tmpdir(), 'murmur-bench-'));
      onCleanup(`the data directory ${dataDir}`, async () =>
        rmSync(dataDir, { recursive: true, force: true }),
      );
      seeding.push(
        `PGlite, ${posts.toLocaleString('en')} posts: ${(await prepareDatabase({ dataDir, posts })).toFixed(1)} s`,
      );
      const tokenSecret = randomBytes(32).toString('base64url');
      const { people, notified } = await signInOnce({ dataDir, tokenSecret });
      const outcome = await measure({
        config: pglite,
        posts,
        dataDir,
        tokenSecret,
        people,
        notified,
      });
      results.set(`${pglite.label}:${posts}`, outcome);
      failures.push(...outcome.failures);
      const wrong = await checkAllLikeCounts(join(dataDir, 'pglite'));
      console.log(
        wrong.length === 0
          ? '   invariants (every post, SQL): like_count = likes'
          : `   invariants (every post, SQL): BROKEN: ${wrong.join('; ')}`,
      );
      if (wrong.length > 0)
        failures.push(`PGlite ${posts}: like counts differ from likes (${wrong.join('; ')})`);
    }
  }

  console.log(`\nSeeding: ${seeding.join('; ')}`);
  report(configurations, results);
  if (failures.length > 0) {
    console.log('');
    for (const failure of failures) console.log(`FAILED: ${failure}`);
    return 1;
  }
  return 0;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(`\nbench:server failed: ${error.stack ?? error}`);
} finally {
  await cleanUp();
}
process.exit(code);
