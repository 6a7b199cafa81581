/**
 * What a write has changed so far, so that its reads see the state as it now is without copying
 * the whole draft: the state before the write, with the records it changed, removed or added.
 * (immer's `current` of the whole draft would copy every record, which costs a whole-state copy
 * per read at the sizes the browser store is meant for.) Every change a write makes goes through
 * the store's own few helpers, which tell the tracker.
 */
import { original } from 'immer';
import type { DatabaseState } from '../../service/records';
import type { Collection } from './schema';
import { findRecord, plain } from './records';

interface Changes {
  touched: Set<string>;
  removed: Set<string>;
  inserted: string[];
}

export interface WriteTracker {
  /** The record with this id is (about to be) changed in place. */
  touched(collection: Collection, id: string): void;
  inserted(collection: Collection, id: string): void;
  removed(collection: Collection, id: string): void;
  /** The state as the write has made it so far, sharing every record it did not change. */
  snapshot: () => DatabaseState;
}

const fresh = (): Changes => ({ touched: new Set(), removed: new Set(), inserted: [] });

export function trackWrite(draft: DatabaseState): WriteTracker {
  const changes: Record<Collection, Changes> = { users: fresh(), posts: fresh() };
  // A write always runs on a draft of the committed state.
  const before = original(draft);

  function list<C extends Collection>(collection: C): DatabaseState[C] {
    const { touched, removed, inserted } = changes[collection];
    const base: DatabaseState[C] = before[collection];
    if (touched.size === 0 && removed.size === 0 && inserted.length === 0) return base;
    const records: { _id: string }[] = draft[collection];
    const now = (id: string) => plain(findRecord(records, (record) => record._id === id));
    const kept = base.flatMap((record) => {
      if (removed.has(record._id)) return [];
      return [touched.has(record._id) ? (now(record._id) ?? record) : record];
    });
    const added = inserted.flatMap((id) => {
      const record = removed.has(id) ? undefined : now(id);
      return record === undefined ? [] : [record];
    });
    // The records came from this collection's own list: the cast only names it again.
    return [...kept, ...added] as DatabaseState[C];
  }

  return {
    touched: (collection, id) => changes[collection].touched.add(id),
    inserted: (collection, id) => changes[collection].inserted.push(id),
    removed: (collection, id) => changes[collection].removed.add(id),
    snapshot: () => ({ users: list('users'), posts: list('posts') }),
  };
}
