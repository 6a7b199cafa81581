/**
 * What sweeping unused uploads must do, on any store (the SQL store and the browser's): free at
 * most `limit` media made before the cut-off that no post and no person uses, oldest first, and
 * nothing else. The same check runs on each store's own test.
 */
import { expect } from 'vitest';
import { SEED_USER_IDS } from '../../src/seed/users';
import type { MediaRow, Store } from '../../src/service/store';

const OLD = '2026-01-01T00:00:00+00:00';
const CUT = '2026-01-08T00:00:00+00:00';
const NEW = '2026-01-09T00:00:00+00:00';

const row = (id: string, createdAt: string): MediaRow => ({
  _id: id.padEnd(32, id.charAt(0)),
  purpose: 'avatar',
  type: 'image/webp',
  width: 400,
  height: 400,
  placeholder: 'AAAA',
  createdAt,
});

export async function expectSweepFreesOnlyOldUnused(store: Store): Promise<void> {
  const oldest = row('a', OLD);
  const older = row('b', '2026-01-02T00:00:00+00:00');
  const used = row('c', OLD);
  const recent = row('d', NEW);
  const all = [oldest, older, used, recent];
  await store.write(async (writes) => {
    for (const media of all) {
      await writes.media.insert(media, [
        { name: `${media._id}-400.webp`, type: 'image/webp', bytes: new Uint8Array([1, 2, 3]) },
      ]);
    }
    await writes.users.update(SEED_USER_IDS.liam, {
      profile: `/api/media/${used._id}-400.webp`,
      profileMedia: used._id,
    });
  });
  const there = () =>
    store.read(async (reads) => {
      const ids: string[] = [];
      // One after another: a transaction runs one query at a time.
      for (const media of all) if (await reads.media.get(media._id)) ids.push(media._id);
      return ids;
    });
  expect(await there()).toEqual(all.map((media) => media._id));

  // One at a time: the oldest goes first; the used one and the recent one stay.
  expect(await store.write((writes) => writes.media.sweep(CUT, 1))).toBe(1);
  expect(await there()).toEqual([older._id, used._id, recent._id]);
  expect(await store.write((writes) => writes.media.sweep(CUT, 10))).toBe(1);
  expect(await there()).toEqual([used._id, recent._id]);
  expect(await store.write((writes) => writes.media.sweep(CUT, 10))).toBe(0);
  // Its files went with it.
  const file = await store.read((reads) => reads.media.file(`${oldest._id}-400.webp`));
  expect(file).toBeUndefined();
}
