// `npm run bench:server`: the Node server under load, on loopback, with autocannon.
//
// Builds the server (`npm run build:server`; `--no-build` reuses dist-server/), starts it itself
// and measures two workloads, each for `--duration=S` (10) seconds with `--connections=N` (50),
// after `--warmup=S` (3) seconds of the same workload that are not counted (a fresh process is
// cold: without it, PGlite's first seconds alone put its p99 in seconds):
//
// - feed: `GET /api/posts`, the seed's 8 posts plus `--posts=N` (50) made first by one author;
// - likes: N people signed up first, each connection acting as one person, alternating like and
//   dislike on the same post (one hot row: the worst case for locking). A person who alternates
//   always succeeds, so every answer must be 2xx. Afterwards the post is read back: its likeCount
//   must equal the number of people whose last action was a like, and its likedBy and dislikedBy
//   lists must hold each person at most once, each where their last action put them.
//
// in three configurations: (a) one process on PostgreSQL, (b) two processes sharing that
// PostgreSQL (same TOKEN_SECRET; autocannon spreads the connections over both), (c) one process
// on PGlite, the embedded default. PostgreSQL is DATABASE_URL when set, else a throwaway cluster
// (scripts/postgres.mjs); each configuration gets a database of its own. Without either, only (c)
// runs. Every process and the cluster are stopped at the end, on a failure and on Ctrl-C.
//
// Exit 1 when a likes answer was not 2xx or an invariant broke. Not part of `npm test`: the
// figures depend on the machine, and autocannon shares its cores with the servers.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { SERVER_MAIN, startCompiledServer } from './compiled-server.mjs';
import { startThrowawayPostgres } from './postgres.mjs';

const option = (name, fallback) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  if (found === undefined) return fallback;
  const value = Number(found.slice(name.length + 3));
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a whole number of at least 1: "${found}"`);
    process.exit(2);
  }
  return value;
};
const DURATION = option('duration', 10);
/** Seconds of each workload run first and not counted: a fresh process is cold (JIT, PGlite's WebAssembly, pools). */
const WARMUP = option('warmup', 3);
const CONNECTIONS = option('connections', 50);
const EXTRA_POSTS = option('posts', 50);
const BUILD = !process.argv.includes('--no-build');
const PASSWORD = 'bench-password-1';

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
async function startServer({ databaseUrl, dataDir, tokenSecret }) {
  const server = await startCompiledServer({
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      TOKEN_SECRET: tokenSecret,
      LOG_LEVEL: 'warn',
      // The feed is the seed's posts and more; a server seeds only when asked.
      SEED_DEMO: '1',
      // The bench signs up its people from one address, well past the default 10 an hour.
      SIGNUP_RATE_LIMIT: '100000/60',
    },
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

async function call(url, method, path, { token, body } = {}) {
  const headers = {};
  if (token !== undefined) headers.authorization = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetch(`${url}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} /api${path}: ${answer.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

async function signUp(url, username, firstName) {
  const { createdUser, encodedToken } = await call(url, 'POST', '/auth/signup', {
    body: {
      firstName,
      lastName: 'Bench',
      username,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  return { id: createdUser._id, username, token: encodedToken };
}

/** Runs `work` on each item, `width` at a time (sign-ups hash passwords: a few at once). */
async function eachLimited(items, width, work) {
  const results = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return results;
}

/**
 * What both workloads need: the extra posts (one of them the hot post) and the people.
 * @returns {Promise<{ people: { id: string, username: string, token: string }[], hotPostId: string, warmPostId: string, feedPosts: number, feedBytes: number }>}
 */
async function prepare(url) {
  const author = await signUp(url, 'bench_author', 'Author');
  const hotContent = 'The hot post: every bench person likes and unlikes it, over and over.';
  let posts = [];
  for (let i = 1; i <= EXTRA_POSTS; i += 1) {
    const content =
      i === 1 ? hotContent : `Bench post ${i}: a few words, a #hashtag and @guest, as in a feed.`;
    ({ posts } = await call(url, 'POST', '/posts', {
      token: author.token,
      body: { postData: { content } },
    }));
  }
  const hot = posts.find((post) => post.content === hotContent);
  if (hot === undefined) throw new Error('The hot post is not in the feed after it was made');
  // The warm-up's likes go to another post, so the hot post's count is the measured run's alone.
  const warm = posts.find((post) => post !== hot);
  if (warm === undefined) throw new Error('No post to warm up the likes on');
  const people = await eachLimited(
    Array.from({ length: CONNECTIONS }, (_, i) => i),
    4,
    (i) => signUp(url, `bench_p${String(i + 1).padStart(3, '0')}`, `Person${i + 1}`),
  );
  const feed = await fetch(`${url}/api/posts`);
  const feedBytes = (await feed.arrayBuffer()).byteLength;
  const { posts: feedPosts } = await call(url, 'GET', '/posts');
  return {
    people,
    hotPostId: hot._id,
    warmPostId: warm._id,
    feedPosts: feedPosts.length,
    feedBytes,
  };
}

// ---------------------------------------------------------------------------------------------
// Workloads
// ---------------------------------------------------------------------------------------------

/** The figures of one autocannon run, and what was not 2xx. */
function figures(result) {
  const refused = Object.entries(result.statusCodeStats)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${count}×${code}`);
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    refused,
  };
}

async function feedRead(urls, seconds = DURATION) {
  const result = await autocannon({
    url: urls.map((url) => `${url}/api/posts`),
    connections: CONNECTIONS,
    duration: seconds,
  });
  return figures(result);
}

/**
 * Each connection is one person (autocannon's `setupClient` runs once per connection and gives
 * it that person's two requests, like then dislike, which it repeats in turn). `initialContext`
 * cannot carry a person: it is one object, copied into every connection alike and put back each
 * time a connection starts its list of requests again.
 *
 * The run ends without a request in flight: at the deadline each connection stops after its
 * answer (autocannon's own end drops the requests under way, and whether the server applied them
 * would be unknown), so every person's last action is known from the answers.
 */
async function likes(urls, people, postId, seconds = DURATION) {
  const last = people.map(() => 'none');
  const unknown = new Set();
  const refusals = [];
  let connection = 0;
  const deadline = Date.now() + seconds * 1000;
  const result = await autocannon({
    url: urls,
    connections: people.length,
    // A backstop only: the connections stop themselves at the deadline.
    duration: seconds + 30,
    setupClient(client) {
      const index = connection++;
      const person = people[index];
      const headers = { authorization: person.token };
      const request = (action) => ({
        method: 'POST',
        path: `/api/posts/${action}/${postId}`,
        headers,
        onResponse(status, body) {
          if (status >= 200 && status < 300) last[index] = action;
          else if (refusals.length < 5)
            refusals.push(`${person.username} ${action}: ${status} ${body}`);
        },
      });
      client.setRequests([request('like'), request('dislike')]);
      client.on('response', () => {
        // autocannon's Client sends its next request after this event unless it has made
        // `responseMax` requests: make that "now", so it stops with nothing in flight.
        if (Date.now() >= deadline) client.responseMax = client.reqsMade;
      });
      // A request that timed out or lost its connection may or may not have been applied.
      client.on('timeout', () => unknown.add(index));
      client.on('connError', () => unknown.add(index));
    },
  });
  return { ...figures(result), last, unknown, refusals };
}

/** The likes run's invariants on the post as the server has it now; [] when they hold. */
async function checkInvariants(url, people, postId, { last, unknown }) {
  const { post } = await call(url, 'GET', `/posts/${postId}`);
  const { likeCount, likedBy, dislikedBy } = post.likes;
  const problems = [];
  const liked = likedBy.map((person) => person._id);
  const disliked = dislikedBy.map((person) => person._id);
  for (const [name, ids] of [
    ['likedBy', liked],
    ['dislikedBy', disliked],
  ]) {
    const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
    if (twice.length > 0) problems.push(`${name} holds ${twice.length} people more than once`);
  }
  const both = liked.filter((id) => disliked.includes(id));
  if (both.length > 0) problems.push(`${both.length} people are in both likedBy and dislikedBy`);
  let expectedLikes = 0;
  people.forEach((person, index) => {
    const where = liked.includes(person.id)
      ? 'like'
      : disliked.includes(person.id)
        ? 'dislike'
        : 'none';
    // A person whose request was cut counts as the server has them (it may have applied it).
    const action = unknown.has(index) ? where : last[index];
    if (action === 'like') expectedLikes += 1;
    if (where !== action) {
      problems.push(`${person.username}'s last action was ${action}, the post has ${where}`);
    }
  });
  const strangers = [...liked, ...disliked].filter((id) => !people.some((p) => p.id === id));
  if (strangers.length > 0) problems.push(`${strangers.length} reactions from outside the run`);
  if (likeCount !== expectedLikes) {
    problems.push(
      `likeCount is ${likeCount}, but ${expectedLikes} people's last action was a like`,
    );
  }
  return {
    problems,
    summary: `likeCount ${likeCount} = people whose last action was a like; likedBy ${liked.length}, dislikedBy ${disliked.length}, each person at most once${unknown.size > 0 ? `; ${unknown.size} people's last request was cut, read from the server` : ''}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Configurations
// ---------------------------------------------------------------------------------------------

/** A new database on the PostgreSQL at `url`, dropped at the end. */
async function createDatabase(url, label) {
  const name = `murmur_bench_${process.pid}_${label}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  onCleanup(`the database ${name}`, () => admin(`drop database if exists "${name}" with (force)`));
  const address = new URL(url);
  address.pathname = `/${name}`;
  return address.toString();
}

async function postgresVersion(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('show server_version');
    return rows[0].server_version;
  } finally {
    await client.end();
  }
}

const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

/** Runs both workloads against fresh servers; the rows of the table, and any failure. */
async function runConfiguration({ label, name, processes, databaseUrl }) {
  console.log(`\n== ${label}. ${name}`);
  const dataDir = mkdtempSync(join(os.tmpdir(), 'murmur-bench-'));
  onCleanup(`the data directory ${dataDir}`, async () => {
    rmSync(dataDir, { recursive: true, force: true });
  });
  const tokenSecret = randomBytes(32).toString('base64url');
  const servers = [];
  // One after the other: the first migrates and seeds, the others find it done.
  for (let i = 0; i < processes; i += 1) {
    servers.push(await startServer({ databaseUrl, dataDir: join(dataDir, `p${i}`), tokenSecret }));
  }
  const urls = servers.map((server) => server.url);
  const { people, hotPostId, warmPostId, feedPosts, feedBytes } = await prepare(urls[0]);
  console.log(
    `   ${processes} process${processes > 1 ? 'es' : ''}, load ${os.loadavg()[0].toFixed(2)}; the feed: ${feedPosts} posts (the seed's 8 + ${EXTRA_POSTS}), ${(feedBytes / 1024).toFixed(1)} kB; ${people.length} people`,
  );
  if (WARMUP > 0) await feedRead(urls, WARMUP);
  const feed = await feedRead(urls);
  console.log(
    `   feed read:  ${fixed(feed.rps, 0)} req/s, p50 ${feed.p50} ms, p99 ${feed.p99} ms, non-2xx ${feed.non2xx}, errors ${feed.errors}`,
  );
  if (WARMUP > 0) await likes(urls, people, warmPostId, WARMUP);
  const likeRun = await likes(urls, people, hotPostId);
  console.log(
    `   likes:      ${fixed(likeRun.rps, 0)} req/s, p50 ${likeRun.p50} ms, p99 ${likeRun.p99} ms, non-2xx ${likeRun.non2xx}, errors ${likeRun.errors}`,
  );
  const failures = [];
  if (likeRun.non2xx > 0 || likeRun.errors > 0) {
    failures.push(
      `${label}: ${likeRun.non2xx} likes answers were not 2xx (${likeRun.refused.join(', ')}) and ${likeRun.errors} failed (${likeRun.timeouts} timed out)`,
    );
    for (const refusal of likeRun.refusals) console.log(`   refused: ${refusal}`);
  }
  // Each process answered its last request before the run ended; nothing is left in flight.
  const invariants = await checkInvariants(urls[0], people, hotPostId, likeRun);
  if (invariants.problems.length === 0) {
    console.log(`   invariants: ok (${invariants.summary})`);
  } else {
    console.log(`   invariants: BROKEN`);
    for (const problem of invariants.problems) console.log(`     - ${problem}`);
    failures.push(`${label}: invariants broken (${invariants.problems.length} problems)`);
  }
  for (const server of servers.reverse()) await server.stop();
  const row = (workload, f) => [
    `${label}. ${name}`,
    workload,
    fixed(f.rps, 0),
    fixed(f.p50, 0),
    fixed(f.p99, 0),
    String(f.non2xx),
    String(f.errors),
  ];
  return {
    rows: [
      row(`feed read (${feedPosts} posts)`, feed),
      row(`likes, ${people.length} people`, likeRun),
    ],
    failures,
  };
}

function printTable(rows) {
  const head = ['configuration', 'workload', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'];
  const all = [head, ...rows];
  const widths = head.map((_, column) => Math.max(...all.map((row) => row[column].length)));
  const line = (row) =>
    `| ${row.map((cell, column) => (column >= 2 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join(' | ')} |`;
  console.log(line(head));
  console.log(
    `| ${widths.map((width, column) => (column >= 2 ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width))).join(' | ')} |`,
  );
  for (const row of rows) console.log(line(row));
}

async function main() {
  if (BUILD) {
    console.log('== npm run build:server');
    const built = spawnSync('npm', ['run', 'build:server'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build:server failed');
  } else if (!existsSync(SERVER_MAIN)) {
    throw new Error(`${SERVER_MAIN} is missing: run without --no-build, or npm run build:server`);
  }

  let postgresUrl = process.env.DATABASE_URL?.trim() || undefined;
  let postgresSource = 'DATABASE_URL';
  if (postgresUrl === undefined) {
    const cluster = await startThrowawayPostgres();
    if (cluster !== null) {
      onCleanup('the throwaway PostgreSQL cluster', () => cluster.stop());
      postgresUrl = cluster.url;
      postgresSource = 'a throwaway cluster (scripts/postgres.mjs)';
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
    postgresUrl === undefined
      ? 'PostgreSQL: none (not installed, and DATABASE_URL is unset): configurations a and b do not run, only c (PGlite)'
      : `PostgreSQL: ${await postgresVersion(postgresUrl)}, ${postgresSource}`,
  );
  console.log(
    `Runs:       ${DURATION} s each after ${WARMUP} s of warm-up not counted, ${CONNECTIONS} connections; servers on 127.0.0.1 with LOG_LEVEL=warn`,
  );

  const configurations = [];
  if (postgresUrl !== undefined) {
    configurations.push(
      { label: 'a', name: 'PostgreSQL, 1 process', processes: 1, database: 'a' },
      { label: 'b', name: 'PostgreSQL, 2 processes', processes: 2, database: 'b' },
    );
  }
  configurations.push({ label: 'c', name: 'PGlite, 1 process', processes: 1 });

  const rows = [];
  const failures = [];
  for (const configuration of configurations) {
    const databaseUrl =
      configuration.database === undefined || postgresUrl === undefined
        ? undefined
        : await createDatabase(postgresUrl, configuration.database);
    const outcome = await runConfiguration({ ...configuration, databaseUrl });
    rows.push(...outcome.rows);
    failures.push(...outcome.failures);
  }
  console.log('');
  printTable(rows);
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
