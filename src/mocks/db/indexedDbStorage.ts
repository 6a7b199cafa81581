import { createStore, entries, get, getMany, promisifyRequest } from 'idb-keyval';
import { createQueue, createRecordStorage, type StorageAdapter } from './storage';

/**
 * Persists the mock database to IndexedDB, record by record (the layout is storage.ts's), so the
 * demo survives reloads; every tab of the app works on this one stored database, one call at a
 * time across tabs (the Web Locks API).
 */
export function createIndexedDbStorage(
  { databaseName }: { databaseName: string } = { databaseName: 'murmur-mock-api' },
): StorageAdapter {
  const store = createStore(databaseName, 'keyval');
  const lockName = `${databaseName}/database`;
  const hasLocks = typeof navigator !== 'undefined' && 'locks' in navigator;
  return createRecordStorage(
    {
      get: (key) => get<unknown>(key, store),
      getMany: (keys) => getMany<unknown>(keys, store),
      entries: () => entries<string, unknown>(store),
      // One IndexedDB transaction: it commits whole or not at all.
      apply: ({ clear, put, remove }) =>
        store('readwrite', (objectStore) => {
          if (clear === true) objectStore.clear();
          for (const [key, value] of put) objectStore.put(value, key);
          for (const key of remove) objectStore.delete(key);
          return promisifyRequest(objectStore.transaction);
        }),
    },
    hasLocks ? (work) => navigator.locks.request(lockName, work) : createQueue(),
  );
}
