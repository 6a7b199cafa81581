/**
 * Several tabs, one stored database. Each tab holds its own copy in memory (as every tab of the
 * app does) over one shared storage; every call runs in `db.transaction`, as the handler wrapper
 * runs it, and calls of different tabs are fired at once, so only the storage's lock orders them.
 *
 * The property: whatever the interleaving, the tabs together behave exactly like one database
 * that ran the same calls in the order the lock let them run. Each tab, on entering a call, holds
 * exactly that database's state (it caught up with every other tab's write); each call succeeds or
 * fails as it would there; and the stored database ends equal to it. No acknowledged write lost,
 * none applied twice, none out of order. (The browser runs the same property on IndexedDB and
 * the Web Locks API: tests/e2e/tabs.test.mjs.)
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEED_USER_IDS } from '../../../src/seed/users';
import { createDatabase, openDatabase, type Database } from '../../../src/mocks/db/database';
import type { RecordChanges } from '../../../src/mocks/db/schema';
import {
  createMemoryStorage,
  LOG_LENGTH,
  type StorageAdapter,
} from '../../../src/mocks/db/storage';
import { mockServiceContext } from '../../../src/mocks/handlers';
import { comments, posts, users } from '../../../src/service';
import type { ServiceContext } from '../../../src/service/context';
import { invariantViolations, pick, stepArbitrary, type Step } from '../../contract/invariants';
import { callService } from './serviceCall';

const NOW = new Date('2026-11-22T10:00:00Z');

/**
 * Ids and password salts come from `crypto.getRandomValues`: made to depend only on the step
 * running, so a step makes the same ids in a tab and in the reference database.
 */
let currentStep = 0;
function makeIdsDependOnTheStep() {
  vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(
    <T extends ArrayBufferView>(array: T) => {
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      bytes.forEach((_, index) => {
        bytes[index] = (currentStep * 31 + index * 7) % 256;
      });
      return array;
    },
  );
}
afterEach(() => {
  vi.restoreAllMocks();
});

/** A call as the handler wrapper runs it: in the tab's transaction; a throw becomes a refusal. */
const inTransaction = <T>(db: Database, work: () => T): Promise<T> =>
  db.transaction(() => Promise.resolve().then(work));

const contextOf = (db: Database): ServiceContext => mockServiceContext(db, { now: () => NOW });

/** One step's call, its targets read from the state it runs on. Throws as the service throws. */
function call(db: Database, s: Step): Promise<unknown> {
  return Promise.resolve().then(() =>
    callService(contextOf(db), db.state, pick(db.state.users, s.actor)._id, s),
  );
}

const outcome = (run: () => Promise<unknown>): Promise<'ok' | 'refused'> =>
  run().then(
    () => 'ok' as const,
    () => 'refused' as const,
  );

const tabStep = fc.record({
  call: stepArbitrary(),
  tab: fc.nat({ max: 2 }),
  /** Fired together with the steps before it (same wave), or after they all answered. */
  sameWave: fc.boolean(),
  /** The tab reloads (a new copy from storage) just after firing this step, mid-write. */
  reloadAfter: fc.boolean(),
});

describe('tabs sharing one stored database', () => {
  it('keeps both writes when tab A writes, then tab B with its older copy', async () => {
    const storage = createMemoryStorage();
    const tabA = await openDatabase(storage);
    const tabB = await openDatabase(storage);
    const create = (db: Database, content: string) =>
      db.transaction(() =>
        Promise.resolve(
          posts.createPost(contextOf(db), SEED_USER_IDS.guest, { postData: { content } }),
        ),
      );
    await create(tabA, 'From tab A');
    await create(tabB, 'From tab B');
    const reloaded = await openDatabase(storage);
    const contents = reloaded.state.posts.map((post) => post.content);
    expect(contents).toEqual(expect.arrayContaining(['From tab A', 'From tab B']));
    // Tab B answered with tab A's post too: it caught up with the stored state before writing.
    expect(tabB.state.posts.map((post) => post.content)).toContain('From tab A');
  });

  it('behaves as one database, whatever the interleaving of 2–3 tabs', async () => {
    makeIdsDependOnTheStep();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 3 }),
        fc.array(tabStep, { minLength: 1, maxLength: 16 }),
        async (tabCount, steps) => {
          const storage = createMemoryStorage();
          const tabs = await Promise.all(
            Array.from({ length: tabCount }, () => openDatabase(storage)),
          );
          const reference = createDatabase();
          const problems: string[] = [];

          let wave: Promise<unknown>[] = [];
          for (const [index, step] of steps.entries()) {
            if (!step.sameWave) {
              await Promise.all(wave);
              wave = [];
            }
            const tabIndex = step.tab % tabCount;
            const tab = tabs[tabIndex];
            if (tab === undefined) throw new Error('no such tab');
            wave.push(
              tab.transaction(async () => {
                // The lock lets this call run now: the tab must hold what one database would.
                if (JSON.stringify(tab.state) !== JSON.stringify(reference.state)) {
                  problems.push(`step ${index}: tab ${tabIndex} entered with another state`);
                }
                currentStep = index;
                const inTab = await outcome(() => call(tab, step.call));
                currentStep = index;
                const inReference = await outcome(() => call(reference, step.call));
                if (inTab !== inReference) {
                  problems.push(`step ${index} (${step.call.action}): ${inTab} vs ${inReference}`);
                }
              }),
            );
            if (step.reloadAfter) tabs[tabIndex] = await openDatabase(storage);
          }
          await Promise.all(wave);

          expect(problems).toEqual([]);
          const stored = await openDatabase(storage);
          expect(stored.state).toEqual(reference.state);
          expect(invariantViolations(stored.state)).toEqual([]);
          for (const tab of tabs) {
            await tab.transaction(() => Promise.resolve());
            expect(tab.state).toEqual(reference.state);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('catches up by reading everything when it is further behind than the log reaches', async () => {
    const storage = createMemoryStorage();
    const busy = await openDatabase(storage);
    const idle = await openDatabase(storage);
    const ctx = contextOf(busy);
    for (let count = 0; count <= LOG_LENGTH; count += 1) {
      await busy.transaction(() =>
        Promise.resolve(
          posts.createPost(ctx, SEED_USER_IDS.guest, { postData: { content: `Post ${count}` } }),
        ),
      );
    }
    await idle.transaction(() => Promise.resolve());
    expect(idle.state).toEqual(busy.state);
    expect(idle.state.posts).toHaveLength(8 + LOG_LENGTH + 1);
  });
});

describe('a write stores only what it changed', () => {
  /** The storage with every commit recorded. */
  function recording(): { storage: StorageAdapter; commits: RecordChanges[] } {
    const memory = createMemoryStorage();
    const commits: RecordChanges[] = [];
    return {
      commits,
      storage: {
        ...memory,
        commit: (revision, changes) => {
          commits.push(changes);
          return memory.commit(revision, changes);
        },
      },
    };
  }
  const sorted = (list: readonly { _id: string }[] = []) => list.map((each) => each._id).sort();
  const ids = (changes: RecordChanges | undefined) => ({
    users: sorted(changes?.users.put),
    posts: sorted(changes?.posts.put),
    removed: [...(changes?.users.remove ?? []), ...(changes?.posts.remove ?? [])],
  });

  it("stores the one post a like or a comment touches and its author's notifications, and nothing for a refusal", async () => {
    const { storage, commits } = recording();
    const db = await openDatabase(storage);
    const ctx = contextOf(db);
    const guest = SEED_USER_IDS.guest;
    const post = db.state.posts.find((each) => !each.likedByIds.includes(guest));
    const postId = post?._id ?? '';
    await inTransaction(db, () => posts.likePost(ctx, guest, postId));
    await inTransaction(db, () => comments.addComment(ctx, guest, postId, { commentData: 'Nice' }));
    await outcome(() => inTransaction(db, () => posts.likePost(ctx, guest, postId)));
    // The author's record holds their notifications (the browser store keeps them there).
    const author = post?.authorId ?? '';
    expect(commits.map(ids)).toEqual([
      { users: [author], posts: [postId], removed: [] },
      { users: [author], posts: [postId], removed: [] },
    ]);
  });

  it('stores both people of a follow, and a new post on its own', async () => {
    const { storage, commits } = recording();
    const db = await openDatabase(storage);
    const ctx = contextOf(db);
    await inTransaction(db, () => users.followUser(ctx, SEED_USER_IDS.guest, SEED_USER_IDS.noah));
    const { posts: after } = await inTransaction(db, () =>
      posts.createPost(ctx, SEED_USER_IDS.guest, { postData: { content: 'New' } }),
    );
    expect(ids(commits[0])).toEqual({
      users: [SEED_USER_IDS.guest, SEED_USER_IDS.noah].sort(),
      posts: [],
      removed: [],
    });
    const created = after.find((post) => post.content === 'New')?._id;
    expect(ids(commits[1])).toEqual({ users: [], posts: [created], removed: [] });
  });

  it('removes a deleted post and stores the people whose bookmark it leaves', async () => {
    const { storage, commits } = recording();
    const db = await openDatabase(storage);
    const ctx = contextOf(db);
    const own = db.state.posts.find((post) => post.authorId === SEED_USER_IDS.maya);
    if (own === undefined) throw new Error('the seed has a post by Maya');
    await inTransaction(db, () => users.bookmarkPost(ctx, SEED_USER_IDS.liam, own._id));
    await inTransaction(db, () => posts.deletePost(ctx, SEED_USER_IDS.maya, own._id));
    expect(ids(commits[1])).toEqual({
      users: [SEED_USER_IDS.liam],
      posts: [],
      removed: [own._id],
    });
    expect((await openDatabase(storage)).state).toEqual(db.state);
  });
});
