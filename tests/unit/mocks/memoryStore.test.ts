/**
 * The browser store's write-side reads: a write reads its own changes (so a call answers from its
 * own transaction), and never changes a record an earlier state shares.
 */
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../../src/mocks/db/database';
import { createMemoryStore } from '../../../src/mocks/db/memoryStore';
import { SEED_POST_IDS } from '../../../src/seed/posts';
import { SEED_USER_IDS } from '../../../src/seed/users';
import { expectSweepFreesOnlyOldUnused } from '../../support/mediaSweep';

const [first, second] = Object.values(SEED_POST_IDS);
if (first === undefined || second === undefined) throw new Error('The seed has posts');

describe('the memory store in a write', () => {
  it("reads the write's own changes: an edit, a new post, a removal", async () => {
    const db = createDatabase();
    const store = createMemoryStore(db);
    const seen = await store.write(async (writes) => {
      await writes.posts.update(first, { content: 'Changed here' });
      await writes.posts.insert({
        _id: 'post-new',
        content: 'New',
        authorId: SEED_USER_IDS.guest,
        createdAt: '2030-01-01T00:00:00+00:00',
        updatedAt: '2030-01-01T00:00:00+00:00',
        likeCount: 0,
      });
      await writes.posts.remove(second);
      const one = await writes.posts.list({ kind: 'ids', ids: [first] });
      const all = await writes.posts.list({ kind: 'all' });
      const latest = await writes.posts.page({ kind: 'latest' }, null, 1);
      return { one, all, latest };
    });
    expect(seen.one.posts[0]?.content).toBe('Changed here');
    expect(seen.all.posts.at(-1)?._id).toBe('post-new');
    expect(seen.all.posts.map((post) => post._id)).not.toContain(second);
    expect(seen.latest.items.posts.map((post) => post._id)).toEqual(['post-new']);
    expect(db.state.posts.map((post) => post._id)).toEqual(seen.all.posts.map((post) => post._id));
  });

  it('sweeps unused uploads made before the cut-off, oldest first, at most the limit', async () => {
    await expectSweepFreesOnlyOldUnused(createMemoryStore(createDatabase()));
  });

  it('changes a copy, never the shared record, when a post is changed after a removal', async () => {
    const db = createDatabase();
    const store = createMemoryStore(db);
    const before = db.state;
    const original = structuredClone(before.posts.find((post) => post._id === first));
    await store.write(async (writes) => {
      await writes.posts.remove(second);
      await writes.posts.update(first, { content: 'After the removal', likeDelta: 1 });
    });
    expect(before.posts.find((post) => post._id === first)).toEqual(original);
    const after = db.state.posts.find((post) => post._id === first);
    expect(after?.content).toBe('After the removal');
    expect(after?.likeCount).toBe((original?.likeCount ?? 0) + 1);
  });

  it('leaves nothing behind when the write throws after reading', async () => {
    const db = createDatabase();
    const store = createMemoryStore(db);
    const before = db.state;
    await expect(
      store.write(async (writes) => {
        await writes.posts.update(first, { content: 'Never kept' });
        await writes.posts.list({ kind: 'all' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(db.state).toBe(before);
  });
});
