/**
 * Where the mock database is kept between page loads. The assembled app uses IndexedDB
 * (indexedDbStorage.ts); Storybook and tests use memory, or nothing at all.
 */
import type { PersistedDatabase } from './schema';

export interface StorageAdapter {
  /** The stored value, or undefined when nothing was stored yet. May be anything: it is checked. */
  load(): Promise<unknown>;
  save(value: PersistedDatabase): Promise<void>;
  /** The stored value's revision, read without reading the value; undefined when none. */
  revision(): Promise<unknown>;
  /**
   * Runs `work` while no other tab runs a call on the same storage (the Web Locks API where the
   * storage is shared between tabs); in memory, simply runs it.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

/** Keeps a private copy in memory: what tests use to act out "reload the page". */
export function createMemoryStorage(initial?: unknown): StorageAdapter & { peek(): unknown } {
  let stored: unknown = initial === undefined ? undefined : structuredClone(initial);
  return {
    load: () => Promise.resolve(stored === undefined ? undefined : structuredClone(stored)),
    save: (value) => {
      stored = structuredClone(value);
      return Promise.resolve();
    },
    revision: () =>
      Promise.resolve(
        typeof stored === 'object' && stored !== null && 'revision' in stored
          ? stored.revision
          : undefined,
      ),
    exclusive: (work) => work(),
    peek: () => stored,
  };
}
