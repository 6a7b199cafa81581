// `npm run bench:drivers`: node-postgres (`pg`, the server's driver) against postgres.js
// (`postgres`), both under Drizzle ORM (drizzle-orm/node-postgres, drizzle-orm/postgres-js), on
// PostgreSQL, for the server's typical queries:
//   - one post by id, with its author and the reader's reaction (two joins);
//   - a keyset page of 20 posts with their authors (`seq < cursor order by seq desc limit 20`);
//   - a like transaction: lock the post, read the reader's reaction, insert or delete it, move
//     the post's like count (what a like or an unlike is in the store).
// Each with --clients=N (50) concurrent callers on one pool of --pool=N (10, both drivers'
// default and the server's) connections, measured for --duration=S (5) seconds after --warmup=S
// (1), --rounds=N (3) times in turn, the median printed. Drivers compared, each as Drizzle drives it:
//   pg                     the server's now: an unnamed statement (parse, bind, execute) per query
//   pg, prepared           Drizzle's .prepare(name): a named statement, parsed once per connection
//   postgres.js            Drizzle's default there: unsafe(query, params, { prepare: false })
//   postgres.js, prepared  .prepare(name): postgres.js prepares it once per connection
// The database is `DATABASE_URL` (a new database is made in it and dropped after) or a throwaway
// cluster (scripts/postgres.mjs); the schema is the server's migrations, with --posts=N (2000)
// posts by 200 people, plus an index on posts(seq) for the keyset page. Prints a table; not part
// of `npm test`.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgresJs } from 'drizzle-orm/postgres-js';
import pg from 'pg';
import postgres from 'postgres';
import { startThrowawayPostgres } from './postgres.mjs';

const option = (name, fallback) => {
  const arg = process.argv.find((entry) => entry.startsWith(`--${name}=`));
  return arg === undefined ? fallback : Number(arg.slice(name.length + 3));
};
const CLIENTS = option('clients', 50);
const POOL = option('pool', 10);
const DURATION_S = option('duration', 5);
const WARMUP_S = option('warmup', 1);
const POSTS = option('posts', 2000);
const ROUNDS = option('rounds', 3);
const PEOPLE = 200;
const MIGRATIONS = fileURLToPath(new URL('../src/server/db/migrations', import.meta.url));

// The columns the queries touch, as in src/server/db/schema.ts (timestamps read as text here).
const users = pgTable('users', {
  id: text('id').primaryKey(),
  username: text('username').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  profile: text('profile').notNull(),
});
const posts = pgTable('posts', {
  id: text('id').primaryKey(),
  authorId: text('author_id').notNull(),
  content: text('content').notNull(),
  imgContent: text('img_content'),
  imgAlt: text('img_alt'),
  createdAt: text('created_at').notNull(),
  likeCount: integer('like_count').notNull(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
});
const postReactions = pgTable('post_reactions', {
  postId: text('post_id').notNull(),
  userId: text('user_id').notNull(),
  kind: text('kind').notNull(),
});

const postColumns = {
  id: posts.id,
  content: posts.content,
  imgContent: posts.imgContent,
  imgAlt: posts.imgAlt,
  createdAt: sql`${posts.createdAt}::text`,
  likeCount: posts.likeCount,
  seq: posts.seq,
  authorUsername: users.username,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorProfile: users.profile,
};

/** The three workloads over one Drizzle database; `named` gives each query a statement name. */
function workloads(db, named) {
  const run = (query, name) => (named ? query.prepare(name).execute() : query);
  const pick = (count) => Math.floor(Math.random() * count);
  return {
    'one post by id (2 joins)': async () => {
      const id = `post-${pick(POSTS)}`;
      const reader = `user-${pick(PEOPLE)}`;
      const [row] = await run(
        db
          .select({ ...postColumns, reaction: postReactions.kind })
          .from(posts)
          .innerJoin(users, eq(users.id, posts.authorId))
          .leftJoin(
            postReactions,
            and(eq(postReactions.postId, posts.id), eq(postReactions.userId, reader)),
          )
          .where(eq(posts.id, id)),
        'post_by_id',
      );
      if (row === undefined) throw new Error(`no ${id}`);
    },
    'keyset page of 20 posts': async () => {
      const cursor = 21 + pick(POSTS - 20); // seq starts at 1: at least 20 below
      const rows = await run(
        db
          .select(postColumns)
          .from(posts)
          .innerJoin(users, eq(users.id, posts.authorId))
          .where(lt(posts.seq, cursor))
          .orderBy(desc(posts.seq))
          .limit(20),
        'posts_page',
      );
      if (rows.length !== 20) throw new Error(`a page of ${rows.length}`);
    },
    'like transaction (lock, read, write, count)': async () => {
      const postId = `post-${pick(POSTS)}`;
      const userId = `user-${pick(PEOPLE)}`;
      await db.transaction(async (tx) => {
        await run(
          tx
            .select({ likeCount: posts.likeCount })
            .from(posts)
            .where(eq(posts.id, postId))
            .for('update'),
          'like_lock',
        );
        const [reaction] = await run(
          tx
            .select({ kind: postReactions.kind })
            .from(postReactions)
            .where(and(eq(postReactions.postId, postId), eq(postReactions.userId, userId))),
          'like_read',
        );
        if (reaction === undefined) {
          await run(
            tx.insert(postReactions).values({ postId, userId, kind: 'like' }),
            'like_insert',
          );
          await run(
            tx
              .update(posts)
              .set({ likeCount: sql`${posts.likeCount} + 1` })
              .where(eq(posts.id, postId)),
            'like_up',
          );
        } else {
          await run(
            tx
              .delete(postReactions)
              .where(and(eq(postReactions.postId, postId), eq(postReactions.userId, userId))),
            'like_delete',
          );
          if (reaction.kind === 'like') {
            await run(
              tx
                .update(posts)
                .set({ likeCount: sql`greatest(${posts.likeCount} - 1, 0)` })
                .where(eq(posts.id, postId)),
              'like_down',
            );
          }
        }
      });
    },
  };
}

/** `CLIENTS` loops calling `work` until `ms` is over; the latencies of the calls begun in time. */
async function load(work, ms) {
  const latencies = [];
  let errors = 0;
  const end = performance.now() + ms;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        try {
          await work();
          latencies.push(performance.now() - started);
        } catch (error) {
          errors += 1;
          if (errors === 1) console.error(error);
        }
      }
    }),
  );
  return { latencies, errors };
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function setUp(adminUrl) {
  const name = `murmur_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.href, max: 1 });
  const db = drizzlePg({ client: pool });
  await migratePg(db, { migrationsFolder: MIGRATIONS });
  await pool.query(`
    insert into users (id, username, password_hash, first_name, last_name, bio, link, profile, created_at, updated_at)
      select 'user-' || n, 'person' || n, 'x', 'First' || n, 'Last' || n, '', '', '', now(), now()
      from generate_series(0, ${PEOPLE - 1}) n;
    insert into posts (id, author_id, content, created_at, updated_at, like_count)
      select 'post-' || n, 'user-' || (n % ${PEOPLE}), repeat('A post of some length. ', 8),
             now() - n * interval '1 minute', now(), 0
      from generate_series(0, ${POSTS - 1}) n;
    create index posts_seq_idx on posts (seq);
    analyze;
  `);
  await pool.end();
  return {
    url: url.href,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database ${name} with (force)`);
      await client.end();
    },
  };
}

/** A Drizzle database over `driver` with a pool of POOL connections. */
function openDriver(driver, url) {
  if (driver === 'pg') {
    const pool = new pg.Pool({ connectionString: url, max: POOL });
    return { db: drizzlePg({ client: pool }), close: () => pool.end() };
  }
  const client = postgres(url, { max: POOL, onnotice: () => {} });
  return { db: drizzlePostgresJs({ client }), close: () => client.end() };
}

const DRIVERS = [
  { name: 'pg', driver: 'pg', named: false },
  { name: 'pg, prepared', driver: 'pg', named: true },
  { name: 'postgres.js', driver: 'postgres', named: false },
  { name: 'postgres.js, prepared', driver: 'postgres', named: true },
];

let cluster = null;
let adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  cluster = await startThrowawayPostgres();
  if (cluster === null) {
    console.error('PostgreSQL is not installed and DATABASE_URL is not set.');
    process.exit(1);
  }
  adminUrl = cluster.url;
}
const database = await setUp(adminUrl);
console.log(
  `${CLIENTS} clients, pool of ${POOL}, ${DURATION_S} s per run after ${WARMUP_S} s of warm-up, ${POSTS} posts; Node ${process.version}`,
);
const results = new Map();
try {
  const names = Object.keys(workloads(null, false));
  // Round after round, each workload on each driver in turn, so that a drift of the machine
  // (another job starting) touches all alike; each figure is the median of the rounds.
  for (let round = 1; round <= ROUNDS; round++) {
    for (const workload of names) {
      for (const driver of DRIVERS) {
        const opened = openDriver(driver.driver, database.url);
        const work = workloads(opened.db, driver.named)[workload];
        await load(work, WARMUP_S * 1000);
        const { latencies, errors } = await load(work, DURATION_S * 1000);
        await opened.close();
        latencies.sort((a, b) => a - b);
        const figures = {
          ops: latencies.length / DURATION_S,
          p50: percentile(latencies, 0.5),
          p99: percentile(latencies, 0.99),
          errors,
        };
        const key = `${workload}\t${driver.name}`;
        results.set(key, [...(results.get(key) ?? []), figures]);
        console.log(
          `round ${round}: ${workload} | ${driver.name} | ${Math.round(figures.ops)} ops/s | p50 ${figures.p50.toFixed(1)} ms | p99 ${figures.p99.toFixed(1)} ms | ${errors} errors`,
        );
      }
    }
  }
} finally {
  await database.drop();
  await cluster?.stop();
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
console.log(
  `\nMedians of ${ROUNDS} rounds:\n\n| workload | driver | ops/s | p50 ms | p99 ms | errors |\n| --- | --- | ---: | ---: | ---: | ---: |`,
);
for (const [key, runs] of results) {
  const [workload, driver] = key.split('\t');
  const cell = (name, digits) => median(runs.map((run) => run[name])).toFixed(digits);
  const errors = runs.reduce((sum, run) => sum + run.errors, 0);
  console.log(
    `| ${workload} | ${driver} | ${cell('ops', 0)} | ${cell('p50', 1)} | ${cell('p99', 1)} | ${errors} |`,
  );
}
