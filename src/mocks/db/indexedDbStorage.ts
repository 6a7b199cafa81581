import { createStore, get, set } from 'idb-keyval';
import type { StorageAdapter } from './storage';

/** Persists the mock database to IndexedDB, so the demo survives reloads: one key in a dedicated object store. */
export function createIndexedDbStorage(
  { databaseName, key }: { databaseName: string; key: string } = {
    databaseName: 'murmur-mock-api',
    key: 'database',
  },
): StorageAdapter {
  const store = createStore(databaseName, 'keyval');
  return {
    load: () => get<unknown>(key, store),
    save: (value) => set(key, value, store),
  };
}
