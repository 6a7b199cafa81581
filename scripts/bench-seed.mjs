// The bench's data set, written straight into a migrated, empty database with SQL (INSERT …
// SELECT … FROM generate_series): 100 000 posts take seconds, where the API would take an hour.
// `npm run bench:server` (scripts/bench-server.mjs) calls `seedBench` with the server stopped
// (a PGlite folder has one owner at a time), then starts the server on the result.
//
//   node scripts/bench-seed.mjs --posts=100000 [--people=10000] postgres://…   seeds a database
//   node scripts/bench-seed.mjs --posts=1000 ./data/pglite                     or a PGlite folder
//
// WHAT MUST BE FILLED. Every column that is NOT NULL without a default (identities such as `seq`
// fill themselves) of every table below gets a value here; `seedBench` checks the live schema
// first and stops with the table and column it does not fill, so a new column cannot be forgotten
// silently. Each table's columns are in one place, TABLES below: a new column is one line there,
// `column: 'SQL expression over the row source'`. A column or table that only some branches have
// yet is written `optional(...)` / `optional: true`: filled when the schema has it, left out
// when not. Timestamps are timestamptz of whole seconds (the server reads them back as
// `YYYY-MM-DDTHH:mm:ss+00:00` and refuses fractions). Tables the bench does not fill (sessions,
// rate limits, bookmarks, and any new one) are named when the seeding ends.
//
// The shape (P people, N posts), every random draw from one seed (setseed), so two runs of one
// size hold the same data:
// - people `user-bench-<i>` / `bench_<i>`, i = 1…P, all with the password BENCH_PASSWORD (one
//   argon2id hash with the server's own parameters, src/server/passwords.ts, so a login costs what
//   it costs in production);
// - posts `post-bench-<i>`, 37 s apart, oldest first; authors skewed (power 3: people 1–100 of
//   10 000 write a fifth of the posts), text of 40 to 170 characters with one of 50 hashtags;
// - follows: each person follows FOLLOWS_PER_PERSON (50) people drawn with a power-2 skew (so the
//   prolific authors are also the followed ones), duplicates and oneself dropped (≈ 45 remain);
// - post reactions: LIKES_PER_POST (3) draws per post on average, 90 % likes and 10 % dislikes,
//   posts drawn with a power-2 skew scattered over all ages (the top post of 100 000 gets ≈ 900),
//   each person at most once per post; `like_count` is then set from the likes;
// - comments: COMMENTS_PER_POST (1) per post on average, on the same skew, each written a few
//   minutes to an hour after its post; comment votes: VOTES_PER_COMMENT (2) draws per comment, 80 %
//   up, each person at most once per comment;
// - notifications: one per reaction, comment and follow to the person it is about (not oneself),
//   with their groups, so a prolific author holds thousands (at 100 000 posts, ≈ 40 000).
// The last `benchPeople` people (the ones the bench signs in as, one per connection) have no
// reactions at all, so any like or dislike they make is accepted.
import { hash } from '@node-rs/argon2';
import { fileURLToPath } from 'node:url';

/** Every bench person's password. */
export const BENCH_PASSWORD = 'bench-password-1';

/** The server's argon2id parameters (src/server/passwords.ts, ARGON2_OPTIONS). */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

export const FOLLOWS_PER_PERSON = 50;
export const LIKES_PER_POST = 3;
export const COMMENTS_PER_POST = 1;
export const VOTES_PER_COMMENT = 2;

/** The first post's time; post i is i × 37 s later (100 000 posts span 43 days). */
const START = `timestamptz '2025-01-01 00:00:00+00'`;
const POST_GAP_SECONDS = 37;

export const userId = (i) => `user-bench-${i}`;
export const username = (i) => `bench_${i}`;
export const postId = (i) => `post-bench-${i}`;

/** A column filled only when the schema has it (it is being added on another branch). */
const optional = (expression) => ({ optional: true, expression });

/** SQL text of a string (for the hash; everything else here is numbers and fixed text). */
const literal = (text) => `'${String(text).replaceAll("'", "''")}'`;

/** A post index drawn with a power-2 skew, scattered (× a prime, mod N) so popular posts have any age. */
const skewedPost = (n) => `(1 + (floor(${n} * power(random(), 2))::bigint * 7919) % ${n})`;

/**
 * The tables, in the order they are filled (references first). For each: `source`, a SELECT whose
 * columns the expressions read (`random()` there is drawn once per row); `columns`, each database
 * column and its SQL expression; `conflict`, the key duplicates are dropped on.
 * @param {{ people: number, posts: number, comments: number, hash: string, benchFrom: number }} p
 */
function tables(p) {
  const person = (column) => `'user-bench-' || ${column}`;
  return [
    {
      table: 'users',
      source: `SELECT i FROM generate_series(1, ${p.people}) AS s(i)`,
      columns: {
        id: person('i'),
        username: `'bench_' || i`,
        password_hash: literal(p.hash),
        first_name: `'Bench'`,
        last_name: `'Person ' || i`,
        bio: `'Here for the bench.'`,
        link: `''`,
        profile: `'/default-avatar.svg'`,
        created_at: `${START} - interval '30 days' + i * interval '1 second'`,
        updated_at: `${START} - interval '30 days' + i * interval '1 second'`,
        // The folded names people search in (sqlDerived.ts; the names are ASCII).
        search_username: optional(`'bench_' || i`),
        search_name: optional(`'bench person ' || i`),
        search_last: optional(`'person ' || i`),
      },
    },
    {
      table: 'posts',
      source: `SELECT i, 1 + floor(${p.people} * power(random(), 3))::int AS a,
          'Bench post ' || i || ': ' || repeat('a few words ', 1 + i % 12) || '#topic' || (i % 50) AS content,
          ${START} + i * interval '${POST_GAP_SECONDS} seconds' AS at
        FROM generate_series(1, ${p.posts}) AS s(i)`,
      columns: {
        id: `'post-bench-' || i`,
        author_id: person('a'),
        content: 'content',
        img_content: 'NULL',
        img_alt: 'NULL',
        created_at: 'at',
        updated_at: 'at',
        edited_at: 'NULL',
        // Set from the likes once they are in (see `seedBench`).
        like_count: '0',
        // The folded text the search reads (search.ts folds to lower case; the text is ASCII).
        search_text: optional('lower(content)'),
      },
    },
    {
      // A post's hashtags, lower-cased, without '#' (richText.ts's hashtagsOf): one per post here.
      table: 'post_tags',
      optional: true,
      source: `SELECT i, ${START} + i * interval '${POST_GAP_SECONDS} seconds' AS at
        FROM generate_series(1, ${p.posts}) AS s(i)`,
      columns: {
        post_id: `'post-bench-' || i`,
        tag: `'topic' || (i % 50)`,
        // The post's time: a tag's feed is read newest first from (tag, created_at, post_id).
        created_at: optional('at'),
      },
      conflict: true,
    },
    {
      table: 'follows',
      source: `SELECT i, e FROM (
          SELECT i, 1 + floor(${p.people} * power(random(), 2))::int AS e
          FROM generate_series(1, ${p.people}) AS s(i), generate_series(1, ${FOLLOWS_PER_PERSON}) AS k(j)
        ) AS drawn WHERE e <> i`,
      columns: {
        follower_id: person('i'),
        followee_id: person('e'),
      },
      conflict: true,
    },
    {
      table: 'post_reactions',
      source: `SELECT pi, u, liked FROM (
          SELECT ${skewedPost(p.posts)} AS pi, 1 + floor(${p.people} * random())::int AS u,
            random() < 0.9 AS liked
          FROM generate_series(1, ${p.posts * LIKES_PER_POST}) AS s(i)
        ) AS drawn WHERE u < ${p.benchFrom}`,
      columns: {
        post_id: `'post-bench-' || pi`,
        user_id: person('u'),
        kind: `CASE WHEN liked THEN 'like' ELSE 'dislike' END`,
      },
      conflict: true,
    },
    {
      table: 'comments',
      source: `SELECT i, pi, 1 + floor(${p.people} * random())::int AS a,
          ${START} + pi * interval '${POST_GAP_SECONDS} seconds' + (60 + i % 3540) * interval '1 second' AS at
        FROM (SELECT i, ${skewedPost(p.posts)} AS pi FROM generate_series(1, ${p.comments}) AS s(i)) AS drawn`,
      columns: {
        id: `'comment-bench-' || i`,
        post_id: `'post-bench-' || pi`,
        author_id: person('a'),
        comment_data: `'Bench comment ' || i || ': well said, and a word more.'`,
        voted: 'true',
        created_at: 'at',
        updated_at: 'at',
      },
    },
    {
      table: 'comment_votes',
      source: `SELECT 1 + floor(${p.comments} * random())::int AS c,
          1 + floor(${p.people} * random())::int AS u, random() < 0.8 AS up
        FROM generate_series(1, ${p.comments * VOTES_PER_COMMENT}) AS s(i)`,
      columns: {
        comment_id: `'comment-bench-' || c`,
        user_id: person('u'),
        direction: `CASE WHEN up THEN 'up' ELSE 'down' END`,
      },
      conflict: true,
    },
    // Notifications as the writes above would have left them (src/service/inbox.ts): each like
    // or dislike to the post's author, each comment to the post's author, each follow to the one
    // followed; never of one's own doing. Oldest first, so `seq` follows time.
    {
      table: 'inbox',
      optional: true,
      source: `SELECT recipient, kind, target, actor, post, comment, at FROM (
          SELECT p.author_id AS recipient, r.kind, p.id AS target, r.user_id AS actor,
            p.id AS post, NULL AS comment, p.created_at + interval '10 minutes' AS at
          FROM post_reactions r JOIN posts p ON p.id = r.post_id
          UNION ALL
          SELECT p.author_id, 'comment', p.id, c.author_id, p.id, c.id, c.created_at
          FROM comments c JOIN posts p ON p.id = c.post_id
          UNION ALL
          SELECT followee_id, 'follow', '', follower_id, NULL, NULL,
            ${START} - interval '1 day'
          FROM follows
        ) AS told WHERE recipient <> actor ORDER BY at`,
      columns: {
        recipient_id: 'recipient',
        kind: 'kind',
        target: 'target',
        actor_id: 'actor',
        post_id: 'post',
        comment_id: 'comment',
        at: 'at',
      },
      conflict: true,
    },
    {
      // One row per notification, as the triggers on inbox keep it (they do not run while
      // seeding: session_replication_role = replica).
      table: 'inbox_groups',
      optional: true,
      source: `SELECT recipient_id, kind, target, max(seq) AS newest, count(*)::int AS n
        FROM inbox GROUP BY recipient_id, kind, target`,
      columns: {
        recipient_id: 'recipient_id',
        kind: 'kind',
        target: 'target',
        seq: 'newest',
        rows: 'n',
      },
    },
  ];
}

/** The person with the most notifications (the bench's notifications row reads theirs). */
export async function mostNotified(query) {
  const { rows } = await query(`SELECT recipient_id AS id, count(*)::int AS n FROM inbox
    GROUP BY recipient_id ORDER BY n DESC, recipient_id LIMIT 1`);
  return rows[0] === undefined ? undefined : { id: rows[0].id, notifications: rows[0].n };
}

/** Tables left empty on purpose (the bench's logins fill sessions and rate limits itself). */
const LEFT_EMPTY = new Set(['sessions', 'rate_limits', 'bookmarks']);

/**
 * `query(sql)` runs one statement and resolves with its rows (pg's `client.query`, PGlite's
 * `query`). Seeds an empty, migrated database; resolves with what it wrote and how long it took.
 * @param {(sql: string) => Promise<{ rows: any[] }>} query
 * @param {{ posts: number, people?: number, benchPeople?: number, seed?: number, log?: (line: string) => void }} options
 */
export async function seedBench(
  query,
  { posts, people = 10_000, benchPeople = 50, seed = 0.27, log = () => undefined },
) {
  if (benchPeople > people)
    throw new Error(`${benchPeople} bench people, but only ${people} people`);
  const started = performance.now();
  const passwordHash = await hash(BENCH_PASSWORD, ARGON2_OPTIONS);
  const plan = tables({
    people,
    posts,
    comments: posts * COMMENTS_PER_POST,
    hash: passwordHash,
    benchFrom: people - benchPeople + 1,
  });

  // The live schema: which tables and columns there are, and which must be given a value.
  const { rows: schema } = await query(`SELECT table_name, column_name,
      is_nullable = 'NO' AND column_default IS NULL AND is_identity = 'NO'
        AND is_generated = 'NEVER' AS required
    FROM information_schema.columns WHERE table_schema = 'public'`);
  const live = new Map();
  for (const row of schema) {
    if (!live.has(row.table_name)) live.set(row.table_name, new Map());
    live.get(row.table_name).set(row.column_name, row.required);
  }
  if (!live.has('users'))
    throw new Error('No users table: start the server once first (it migrates)');
  const { rows: someone } = await query('SELECT 1 FROM users LIMIT 1');
  if (someone.length > 0) throw new Error('The database already has people: seed an empty one');

  const problems = [];
  const steps = [];
  for (const step of plan) {
    const columns = live.get(step.table);
    if (columns === undefined) {
      if (!step.optional) problems.push(`the table ${step.table} is missing`);
      continue;
    }
    const filled = Object.entries(step.columns).flatMap(([column, value]) => {
      const expression = typeof value === 'string' ? value : value.expression;
      if (columns.has(column)) return [[column, expression]];
      if (typeof value !== 'string' && value.optional) return [];
      problems.push(`${step.table}.${column} is not in the schema`);
      return [];
    });
    for (const [column, required] of columns) {
      if (required && !filled.some(([name]) => name === column)) {
        problems.push(`${step.table}.${column} is NOT NULL and not filled`);
      }
    }
    steps.push({ ...step, filled });
  }
  if (problems.length > 0) {
    throw new Error(
      `scripts/bench-seed.mjs does not match the schema (add a line to TABLES there):\n  - ${problems.join('\n  - ')}`,
    );
  }

  // Foreign keys are not checked row by row while seeding (every reference here is to a row
  // written just before): that trigger per row is most of the time. Needs a superuser (a
  // throwaway cluster, PGlite); elsewhere the seeding is only slower.
  let replica = true;
  try {
    await query('SET session_replication_role = replica');
  } catch {
    replica = false;
  }
  await query(`SELECT setseed(${seed})`);
  const counts = {};
  for (const step of steps) {
    const at = performance.now();
    const names = step.filled.map(([column]) => `"${column}"`).join(', ');
    const values = step.filled.map(([, expression]) => expression).join(',\n  ');
    await query(
      `INSERT INTO "${step.table}" (${names})\nSELECT ${values}\nFROM (${step.source}) AS source` +
        (step.conflict ? '\nON CONFLICT DO NOTHING' : ''),
    );
    const { rows } = await query(`SELECT count(*)::int AS n FROM "${step.table}"`);
    counts[step.table] = rows[0].n;
    log(`${step.table}: ${rows[0].n} rows, ${((performance.now() - at) / 1000).toFixed(1)} s`);
  }
  await query(`UPDATE posts SET like_count = likes.n
    FROM (SELECT post_id, count(*)::int AS n FROM post_reactions WHERE kind = 'like' GROUP BY post_id) AS likes
    WHERE posts.id = likes.post_id`);
  // The vote counts the comment_votes triggers keep (migration 0010), off while seeding as replica.
  await query(`UPDATE comments SET up_count = votes.up, down_count = votes.down
    FROM (SELECT comment_id, count(*) FILTER (WHERE direction = 'up')::int AS up,
      count(*) FILTER (WHERE direction = 'down')::int AS down
      FROM comment_votes GROUP BY comment_id) AS votes
    WHERE comments.id = votes.comment_id`);
  // The follow counts the follows triggers keep (migration 0011), as above.
  if (live.get('users')?.has('follower_count')) {
    await query(`UPDATE users SET follower_count = coalesce(fr.n, 0), following_count = coalesce(fg.n, 0)
      FROM users AS u
      LEFT JOIN (SELECT followee_id AS id, count(*)::int AS n FROM follows GROUP BY followee_id) AS fr
        ON fr.id = u.id
      LEFT JOIN (SELECT follower_id AS id, count(*)::int AS n FROM follows GROUP BY follower_id) AS fg
        ON fg.id = u.id
      WHERE users.id = u.id`);
  }
  if (replica) await query('SET session_replication_role = DEFAULT');
  // Vacuumed, with fresh statistics, as autovacuum leaves a database that grew to this size:
  // otherwise autovacuum starts on the new rows during the first measured run (Home's), and the
  // visibility map that lets an index answer alone is not set yet.
  await query('VACUUM (ANALYZE)');
  const untouched = [...live.keys()].filter(
    (table) =>
      !plan.some((step) => step.table === table) &&
      !LEFT_EMPTY.has(table) &&
      !table.startsWith('__'),
  );
  if (untouched.length > 0)
    log(`left empty (not in scripts/bench-seed.mjs): ${untouched.join(', ')}`);
  return { counts, seconds: (performance.now() - started) / 1000, people, posts };
}

/** The bench people (the last `count` of `people`): the ones without reactions. */
export function benchPeople(people, count) {
  return Array.from({ length: count }, (_, k) => {
    const i = people - count + 1 + k;
    return { index: i, id: userId(i), username: username(i) };
  });
}

/**
 * Checks every post's like count against its likes, in SQL; the first few that differ ([] when
 * they all hold), and the number of people who both like and dislike one post (0).
 */
export async function checkLikeCounts(query) {
  const { rows } = await query(`SELECT p.id, p.like_count, coalesce(l.n, 0) AS likes
    FROM posts p LEFT JOIN (SELECT post_id, count(*)::int AS n FROM post_reactions
      WHERE kind = 'like' GROUP BY post_id) l ON l.post_id = p.id
    WHERE p.like_count <> coalesce(l.n, 0) LIMIT 5`);
  return rows.map((row) => `${row.id}: like_count ${row.like_count}, ${row.likes} likes`);
}

// ---------------------------------------------------------------------------------------------
// As a command: node scripts/bench-seed.mjs --posts=N [--people=P] <postgres URL | PGlite folder>
// ---------------------------------------------------------------------------------------------

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const value = (name, fallback) => {
    const found = process.argv.find((a) => a.startsWith(`--${name}=`));
    return found === undefined ? fallback : Number(found.slice(name.length + 3));
  };
  const target = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (target === undefined) {
    console.error(
      'usage: node scripts/bench-seed.mjs --posts=N [--people=P] <postgres URL | PGlite folder>',
    );
    process.exit(2);
  }
  const { query, close } = await openTarget(target);
  try {
    const done = await seedBench(query, {
      posts: value('posts', 1000),
      people: value('people', 10_000),
      log: (line) => console.log(`  ${line}`),
    });
    console.log(
      `Seeded ${done.posts} posts, ${done.people} people in ${done.seconds.toFixed(1)} s`,
    );
  } finally {
    await close();
  }
}

/**
 * A PostgreSQL URL or a PGlite folder, as `query` for `seedBench`. A PGlite folder must not be
 * open in a server (src/server/db/pgliteLock.ts): its lock file is checked first.
 */
export async function openTarget(target) {
  if (/^postgres(ql)?:\/\//.test(target)) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    return { query: (text) => client.query(text), close: () => client.end() };
  }
  const { existsSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const lock = join(target, 'murmur.lock');
  if (existsSync(lock)) {
    throw new Error(
      `${target} is open in process ${readFileSync(lock, 'utf8').trim()} (${lock}): stop that server first`,
    );
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // The server opens the folder with pg_trgm (its search indexes use it): so must the seeder.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = new PGlite(target, { extensions: { pg_trgm } });
  await db.waitReady;
  return { query: (text) => db.query(text), close: () => db.close() };
}
