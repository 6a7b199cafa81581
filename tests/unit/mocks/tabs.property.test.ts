/**
 * Several tabs, one stored database. Each tab holds its own copy in memory (as every tab of the
 * app does) over one shared storage; every call runs in `db.transaction`, as the handler wrapper
 * runs it. Whatever the interleaving of calls from 2–3 tabs, every acknowledged write is in the
 * stored database afterwards: no tab's older copy overwrites another tab's write.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED_USER_IDS } from '../../../src/mocks/data/users';
import { openDatabase, type Database } from '../../../src/mocks/db/database';
import { createMemoryStorage } from '../../../src/mocks/db/storage';
import { createServiceContext, posts } from '../../../src/mocks/service';

const actor = SEED_USER_IDS.guest;

async function createIn(db: Database, content: string): Promise<void> {
  const ctx = createServiceContext({ db });
  await db.transaction(() =>
    Promise.resolve(posts.createPost(ctx, actor, { postData: { content } })),
  );
}

describe('tabs sharing one stored database', () => {
  it('keeps both writes when tab A writes, then tab B with its older copy', async () => {
    const storage = createMemoryStorage();
    const tabA = await openDatabase(storage);
    const tabB = await openDatabase(storage);
    await createIn(tabA, 'From tab A');
    await createIn(tabB, 'From tab B');
    const reloaded = await openDatabase(storage);
    const contents = reloaded.state.posts.map((post) => post.content);
    expect(contents).toEqual(expect.arrayContaining(['From tab A', 'From tab B']));
    // Tab B answered with tab A's post too: it read the stored state before writing.
    expect(tabB.state.posts.map((post) => post.content)).toContain('From tab A');
  });

  it('loses no acknowledged write in any interleaving of 2–3 tabs', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 3 }),
        fc.array(fc.nat({ max: 2 }), { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        async (tabCount, order, reopenOne) => {
          const storage = createMemoryStorage();
          const tabs = await Promise.all(
            Array.from({ length: tabCount }, () => openDatabase(storage)),
          );
          const written: string[] = [];
          for (const [step, pick] of order.entries()) {
            const index = pick % tabCount;
            // A tab reloading mid-way starts again from what is stored.
            if (reopenOne && step === Math.floor(order.length / 2)) {
              tabs[index] = await openDatabase(storage);
            }
            const tab = tabs[index];
            if (tab === undefined) throw new Error('no such tab');
            const content = `Write ${step} from tab ${index}`;
            await createIn(tab, content);
            written.push(content);
          }
          const stored = (await openDatabase(storage)).state.posts.map((post) => post.content);
          expect(stored).toEqual(expect.arrayContaining(written));
          expect(stored).toHaveLength(8 + written.length);
        },
      ),
      { numRuns: 150 },
    );
  });
});
