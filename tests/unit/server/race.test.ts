/**
 * Two server processes on one PostgreSQL, racing on the same rows: the compiled server
 * (vite.server.config.ts, built here into a temporary folder) started twice as plain `node`
 * processes, as a deployment behind a load balancer runs it. Twelve people fire likes and
 * dislikes on one post, follows and unfollows among each other (mutual pairs included), and
 * bookmarks, all at once and spread over both processes. Then: no answer was a 5xx, every
 * invariant of the records holds, and the stored results are exactly what the accepted calls
 * add up to (a like counted twice or lost would show). Registered only where there is a
 * PostgreSQL to run on (PGlite belongs to one process).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { SEED_POST_IDS } from '../../../src/seed/posts';
import { createSeedState } from '../../../src/seed/seed';
import { startCompiledServer, type CompiledServer } from '../../../scripts/compiled-server.mjs';
import { openSqlDatabase } from '../../../src/server/db/connect';
import { checkInvariants } from '../../contract/invariants';
import { scratchDatabases, testDatabaseUrl } from '../../support/scratchDatabases';
import { makeStaticDir, TOKEN_SECRET } from './harness';
import { readWholeState } from './wholeState';

const databaseUrl = testDatabaseUrl();
const PEOPLE = 12;
const CALLS = 360;
const HOT_POST = SEED_POST_IDS.sofiaLoaf;

type Action = 'like' | 'dislike' | 'follow' | 'unfollow' | 'bookmark' | 'removeBookmark';

const call = fc.record({
  person: fc.nat({ max: PEOPLE - 1 }),
  /** Whom a follow is about: one of the first four, so pairs collide (and follow each other). */
  other: fc.nat({ max: 3 }),
  action: fc.constantFrom<Action>(
    'like',
    'dislike',
    'follow',
    'unfollow',
    'bookmark',
    'removeBookmark',
  ),
  server: fc.nat({ max: 1 }),
});

if (databaseUrl !== undefined) {
  describe('two server processes on one PostgreSQL', () => {
    const scratch = scratchDatabases(databaseUrl);
    const files = makeStaticDir();
    // Inside the repository, so the bundle's imports resolve from its node_modules.
    mkdirSync('dist-server', { recursive: true });
    const buildDir = mkdtempSync(join('dist-server', 'race-test-'));
    let url = '';
    let servers: CompiledServer[] = [];

    beforeAll(async () => {
      const build = spawnSync(
        'npx',
        ['vite', 'build', '--config', 'vite.server.config.ts', '--outDir', buildDir],
        { encoding: 'utf8', env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' } },
      );
      if (build.status !== 0) throw new Error(`The server build failed:\n${build.stderr}`);
      url = await scratch.create();
      const env = {
        DATABASE_URL: url,
        STATIC_DIR: files.dir,
        TOKEN_SECRET,
        // The hot post is the seed's, and a server seeds only when asked.
        SEED_DEMO: '1',
        SIGNUP_RATE_LIMIT: '1000/60',
        LOGIN_RATE_LIMIT: '1000/60',
      };
      // One after the other: the first migrates and seeds; the second finds it done.
      const main = join(buildDir, 'main.js');
      servers = [await startCompiledServer({ main, env })];
      servers.push(await startCompiledServer({ main, env }));
    }, 60_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await scratch.dropAll();
      files.remove();
      rmSync(buildDir, { recursive: true, force: true });
    });

    it(
      'keeps every invariant and counts every accepted like and follow once',
      { timeout: 120_000 },
      async () => {
        const clients = servers.map(({ origin }) => createApiClient({ baseUrl: `${origin}/api` }));
        const client = (index: number) => {
          const chosen = clients[index % clients.length];
          if (chosen === undefined) throw new Error('No server to call');
          return chosen;
        };
        const people = await Promise.all(
          Array.from({ length: PEOPLE }, (_, index) =>
            client(index)
              .signup({
                firstName: 'Racer',
                lastName: `Number ${index}`,
                username: `racer_${index}`,
                password: 'racing-along',
                confirmPassword: 'racing-along',
                bio: '',
                link: '',
                profile: '',
              })
              .then(({ createdUser, encodedToken }) => ({
                id: createdUser._id,
                token: encodedToken,
              })),
          ),
        );
        const [sequence] = fc.sample(fc.array(call, { minLength: CALLS, maxLength: CALLS }), {
          numRuns: 1,
          seed: 20261123,
        });
        const statuses: number[] = [];
        const accepted: Record<Action, number> = {
          like: 0,
          dislike: 0,
          follow: 0,
          unfollow: 0,
          bookmark: 0,
          removeBookmark: 0,
        };
        /** Accepted follows minus unfollows, per `follower>followee`. */
        const followLedger = new Map<string, number>();
        const bookmarkLedger = new Map<string, number>();
        /** Accepted likes minus dislikes, per person: one or the other may only follow the other. */
        const reactionLedger = new Map<string, number>();

        await Promise.all(
          (sequence ?? []).map(async ({ person, other, action, server }) => {
            const actor = people[person];
            const target = people[other];
            const api = client(server);
            if (actor === undefined || target === undefined) return;
            const attempt = {
              like: () => api.likePost(HOT_POST, actor.token),
              dislike: () => api.dislikePost(HOT_POST, actor.token),
              follow: () => api.followUser(target.id, actor.token),
              unfollow: () => api.unfollowUser(target.id, actor.token),
              bookmark: () => api.bookmarkPost(HOT_POST, actor.token),
              removeBookmark: () => api.removeBookmark(HOT_POST, actor.token),
            }[action];
            try {
              await attempt();
              statuses.push(200);
              accepted[action] += 1;
              const pair = `${actor.id}>${target.id}`;
              if (action === 'like' || action === 'dislike') {
                reactionLedger.set(
                  actor.id,
                  (reactionLedger.get(actor.id) ?? 0) + (action === 'like' ? 1 : -1),
                );
              }
              if (action === 'follow' || action === 'unfollow') {
                followLedger.set(
                  pair,
                  (followLedger.get(pair) ?? 0) + (action === 'follow' ? 1 : -1),
                );
              }
              if (action === 'bookmark' || action === 'removeBookmark') {
                bookmarkLedger.set(
                  actor.id,
                  (bookmarkLedger.get(actor.id) ?? 0) + (action === 'bookmark' ? 1 : -1),
                );
              }
            } catch (error) {
              statuses.push((error as { status?: number }).status ?? 0);
            }
          }),
        );

        // Every call was answered, none with a 5xx; both kinds of answer happened in earnest.
        expect(statuses).toHaveLength(CALLS);
        expect(statuses.filter((status) => status === 0 || status >= 500)).toEqual([]);
        expect(accepted.like).toBeGreaterThan(20);
        expect(accepted.follow).toBeGreaterThan(10);
        expect(statuses.filter((status) => status === 400).length).toBeGreaterThan(20);

        const database = await openSqlDatabase({ url, onIdleError: () => undefined });
        try {
          const state = await readWholeState(database.store);
          checkInvariants(state);
          // A dislike takes back only the disliker's own like: the seed's likers are all still
          // there, and the count is theirs plus the racers whose last reaction is a like (each
          // racer's own reactions alternate, checked below).
          const seedLikers =
            createSeedState().posts.find((post) => post._id === HOT_POST)?.likedByIds ?? [];
          const hot = state.posts.find((post) => post._id === HOT_POST);
          expect(hot?.likedByIds).toEqual(expect.arrayContaining(seedLikers));
          const racersLiking = people.filter((person) => hot?.likedByIds.includes(person.id));
          expect(hot?.likeCount).toBe(seedLikers.length + racersLiking.length);
          const byId = new Map(state.users.map((user) => [user._id, user]));
          for (const [pair, net] of followLedger) {
            const [follower = '', followee = ''] = pair.split('>');
            expect([0, 1], `${pair}: accepted follows minus unfollows`).toContain(net);
            expect(byId.get(follower)?.followingIds.includes(followee), pair).toBe(net === 1);
          }
          for (const person of people) {
            // A like is refused while one stands, a dislike while one stands: they alternate.
            const reacted = reactionLedger.get(person.id) ?? 0;
            expect([-1, 0, 1], `${person.id}: accepted likes minus dislikes`).toContain(reacted);
            if (reacted !== 0) {
              const list = reacted === 1 ? hot?.likedByIds : hot?.dislikedByIds;
              expect(list, `${person.id}'s last reaction`).toContain(person.id);
            }
            const net = bookmarkLedger.get(person.id) ?? 0;
            expect([0, 1]).toContain(net);
            expect(byId.get(person.id)?.bookmarkIds.includes(HOT_POST)).toBe(net === 1);
          }
        } finally {
          await database.close();
        }
        // Both stop cleanly (SIGTERM: requests finished, database closed, exit 0).
        const codes = await Promise.all(servers.map((server) => server.stop()));
        expect(codes).toEqual([0, 0]);
      },
    );
  });
}
