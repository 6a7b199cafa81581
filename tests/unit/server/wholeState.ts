/**
 * Every record a store holds, read through the store port's whole lists (every person, every
 * post): what the tests compare with the seed, now that the port has no whole-database read.
 */
import type { DatabaseState } from '../../../src/service/records';
import type { Reads, Store } from '../../../src/service/store';

export async function wholeState(reads: Reads): Promise<DatabaseState> {
  const { users } = await reads.users.list();
  const { posts } = await reads.posts.list({ kind: 'all' });
  return { users, posts };
}

/** `wholeState` in a read of its own. */
export const readWholeState = (store: Store): Promise<DatabaseState> => store.read(wholeState);
