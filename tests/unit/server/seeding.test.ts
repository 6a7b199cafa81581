/**
 * Nothing is seeded unless asked: the demo's people have public passwords (`guest` /
 * `guest1234`), so a database opened without a seed starts empty and `reset()` empties it; with
 * the seed (what SEED_DEMO=1 gives the server), it holds the demo and `reset()` puts it back. The
 * server process end to end: process.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { GUEST_CREDENTIALS } from '../../../src/api/types';
import { createSeedState } from '../../../src/seed/seed';
import { openSqlDatabase } from '../../../src/server/db/connect';
import { readSettings } from '../../../src/server/settings';
import { readWholeState } from './wholeState';

// Opening PGlite takes seconds while other test files run.
vi.setConfig({ testTimeout: 30_000 });

const person = {
  _id: 'user-someone',
  firstName: 'Some',
  lastName: 'One',
  username: 'someone',
  passwordHash: 'not-a-real-hash',
  bio: '',
  link: '',
  profile: '',
  createdAt: '2026-01-01T00:00:00+00:00',
  updatedAt: '2026-01-01T00:00:00+00:00',
};

describe('seeding the database', () => {
  it('stores no one in a fresh database opened without a seed, and reset() empties it', async () => {
    const database = await openSqlDatabase();
    try {
      const state = await readWholeState(database.store);
      expect(state).toEqual({ users: [], posts: [] });
      expect(
        await database.store.read((reads) => reads.users.byUsername(GUEST_CREDENTIALS.username)),
      ).toBeUndefined();
      await database.store.write((writes) => writes.users.insert(person));
      await database.store.reset();
      expect(await readWholeState(database.store)).toEqual({
        users: [],
        posts: [],
      });
    } finally {
      await database.close();
    }
  });

  it('stores the seed, the guest among it, when given it, and reset() puts it back', async () => {
    const database = await openSqlDatabase({ seed: createSeedState });
    try {
      expect(
        (await database.store.read((reads) => reads.users.byUsername(GUEST_CREDENTIALS.username)))
          ?.username,
      ).toBe(GUEST_CREDENTIALS.username);
      await database.store.write((writes) => writes.users.insert(person));
      await database.store.reset();
      expect(await readWholeState(database.store)).toStrictEqual(createSeedState());
    } finally {
      await database.close();
    }
  });

  it('is asked for by SEED_DEMO=1 only', () => {
    expect(readSettings({}).seedDemo).toBe(false);
    expect(readSettings({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(readSettings({ SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(() => readSettings({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO must be 1 or 0/);
  });
});
