import { createStore, get, setMany } from 'idb-keyval';
import type { StorageAdapter } from './storage';

/** Persists the mock database to IndexedDB, so the demo survives reloads: one key in a dedicated object store. */
export function createIndexedDbStorage(
  { databaseName, key }: { databaseName: string; key: string } = {
    databaseName: 'murmur-mock-api',
    key: 'database',
  },
): StorageAdapter {
  const store = createStore(databaseName, 'keyval');
  const revisionKey = `${key}:revision`;
  const lockName = `${databaseName}/${key}`;
  return {
    load: () => get<unknown>(key, store),
    // The value and its revision in one IndexedDB transaction: never one without the other.
    save: (value) =>
      setMany(
        [
          [key, value],
          [revisionKey, value.revision],
        ],
        store,
      ),
    revision: () => get<unknown>(revisionKey, store),
    // Every tab of the app serves calls on this one stored database: one call at a time.
    exclusive: (work) =>
      typeof navigator === 'undefined' || !('locks' in navigator)
        ? work()
        : navigator.locks.request(lockName, work),
  };
}
