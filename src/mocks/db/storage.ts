/**
 * Where the mock database is kept between page loads, record by record.
 *
 * The layout lives here once, over a plain key-value store (`KeyValueStore`): IndexedDB in the
 * app (`createIndexedDbStorage`, at the end), a Map in tests. Keys:
 * - `meta`: `{ schemaVersion, revision, nextSeq }`;
 * - `users:<id>`, `posts:<id>`: `{ seq, record }`, one entry per record; `seq` keeps the order
 *   records were created in;
 * - `log:<revision>`: which records the write of that revision touched (`{ users, posts }` ids),
 *   or `{ replaced: true }` for a reset; the last `LOG_LENGTH` are kept.
 *
 * So a write stores only the records it changed (its cost does not grow with the number of
 * posts), and a tab whose copy is behind reads only what changed since its revision.
 * Before records were stored one by one, the whole database lived under one key, `database`;
 * such a value is read once and rewritten in this layout.
 */
import { createStore, entries, get, getMany, promisifyRequest } from 'idb-keyval';
import {
  COLLECTIONS,
  SCHEMA_VERSION,
  type Collection,
  type PersistedDatabase,
  type RecordChanges,
} from './schema';
import { isDatabaseState, isPersistedEnvelope, isPostRecord, isUserRecord } from './validate';

export interface StorageAdapter {
  /** Everything stored, as `{ schemaVersion, revision, state }`; undefined when nothing was stored. It is checked by the caller. */
  load(): Promise<unknown>;
  /** Replaces everything stored by `value`: the seed, a reset. */
  replace(value: PersistedDatabase): Promise<void>;
  /** Stores one write, all or nothing: the records it put and removed, and its revision. */
  commit(revision: number, changes: RecordChanges): Promise<void>;
  /** The stored revision, read without reading the records; undefined when none. */
  revision(): Promise<unknown>;
  /**
   * What changed after `revision`: the stored revision and the records written since, as they are
   * stored now (an id among `remove` is gone). Undefined when the storage cannot tell (a reset
   * since, or `revision` is older than the log): then read everything with `load`.
   */
  changesSince(revision: number): Promise<{ revision: number; changes: RecordChanges } | undefined>;
  /**
   * Runs `work` while no other tab runs a call on the same storage (the Web Locks API where the
   * storage is shared between tabs; a queue in memory).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

type Key = string;

/** The few operations the layout needs from a key-value store. */
export interface KeyValueStore {
  get(key: Key): Promise<unknown>;
  getMany(keys: Key[]): Promise<unknown[]>;
  entries(): Promise<[Key, unknown][]>;
  /** Clears (when asked), puts and removes in one atomic step: never half of it. */
  apply(batch: { clear?: boolean; put: [Key, unknown][]; remove: Key[] }): Promise<void>;
}

/** How many writes back a tab can catch up record by record; further back, it reads everything. */
export const LOG_LENGTH = 500;

const META = 'meta';
const LEGACY = 'database';
const LEGACY_REVISION = 'database:revision';
const recordKey = (collection: Collection, id: string): Key => `${collection}:${id}`;
const logKey = (revision: number): Key => `log:${revision}`;

interface Meta {
  schemaVersion: number;
  revision: number;
  nextSeq: number;
}
interface StoredRecord {
  seq: number;
  record: { _id: string };
}
type LogEntry = { replaced: true } | Record<Collection, string[]>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const isMeta = (value: unknown): value is Meta =>
  isObject(value) &&
  typeof value.schemaVersion === 'number' &&
  typeof value.revision === 'number' &&
  typeof value.nextSeq === 'number';
const isStoredRecord = (value: unknown): value is StoredRecord =>
  isObject(value) && typeof value.seq === 'number' && isObject(value.record);

const IS_RECORD: Record<Collection, (value: unknown) => boolean> = {
  users: isUserRecord,
  posts: isPostRecord,
};

const emptyChanges = (): RecordChanges => ({
  users: { put: [], remove: [] },
  posts: { put: [], remove: [] },
});

/** Which collection a record key belongs to, or undefined for other keys. */
function collectionOf(key: Key): Collection | undefined {
  return COLLECTIONS.find((collection) => key.startsWith(`${collection}:`));
}

/**
 * The stored database from all entries, records in creation order; a stored value of the
 * previous layout as it is; undefined when nothing is stored. A record that is not even
 * `{ seq, record }` is kept as it is, so the caller's check finds the database corrupt.
 */
export function assemble(entries: readonly [Key, unknown][]): unknown {
  const byKey = new Map(entries);
  const meta = byKey.get(META);
  if (meta === undefined) return byKey.get(LEGACY);
  if (!isMeta(meta)) return meta;
  const lists: Record<Collection, { seq: number; record: unknown }[]> = { users: [], posts: [] };
  for (const [key, value] of entries) {
    const collection = collectionOf(key);
    if (collection === undefined) continue;
    lists[collection].push(isStoredRecord(value) ? value : { seq: Infinity, record: value });
  }
  const state: Record<Collection, unknown[]> = { users: [], posts: [] };
  for (const collection of COLLECTIONS) {
    state[collection] = lists[collection]
      .sort((a, b) => a.seq - b.seq)
      .map((stored) => stored.record);
  }
  return { schemaVersion: meta.schemaVersion, revision: meta.revision, state };
}

/** The storage adapter over a key-value store: the layout above, and `exclusive` as given. */
export function createRecordStorage(
  kv: KeyValueStore,
  exclusive: StorageAdapter['exclusive'],
): StorageAdapter {
  // Each record's `seq`, so a record written again keeps its place; filled by every read.
  let seqOf = new Map<Key, number>();
  let nextSeq = 0;

  function remember(entries: readonly [Key, unknown][]): void {
    seqOf = new Map();
    for (const [key, value] of entries) {
      if (key === META && isMeta(value)) nextSeq = value.nextSeq;
      if (collectionOf(key) !== undefined && isStoredRecord(value)) seqOf.set(key, value.seq);
    }
  }

  const adapter: StorageAdapter = {
    async load() {
      const entries = await kv.entries();
      remember(entries);
      const stored = assemble(entries);
      const fromOldLayout = !entries.some(([key]) => key === META) && stored !== undefined;
      if (
        fromOldLayout &&
        isPersistedEnvelope(stored) &&
        stored.schemaVersion === SCHEMA_VERSION &&
        isDatabaseState(stored.state)
      ) {
        const revision = typeof stored.revision === 'number' ? stored.revision : 0;
        await adapter.replace({ schemaVersion: SCHEMA_VERSION, revision, state: stored.state });
        return { schemaVersion: SCHEMA_VERSION, revision, state: stored.state };
      }
      return stored;
    },

    async replace(value) {
      const revision = value.revision ?? 0;
      const put: [Key, unknown][] = [];
      const seqs = new Map<Key, number>();
      let seq = 0;
      for (const collection of COLLECTIONS) {
        for (const record of value.state[collection]) {
          const key = recordKey(collection, record._id);
          seqs.set(key, seq);
          put.push([key, { seq, record } satisfies StoredRecord]);
          seq += 1;
        }
      }
      put.push([
        META,
        { schemaVersion: value.schemaVersion, revision, nextSeq: seq } satisfies Meta,
      ]);
      put.push([logKey(revision), { replaced: true } satisfies LogEntry]);
      await kv.apply({ clear: true, put, remove: [] });
      seqOf = seqs;
      nextSeq = seq;
    },

    async commit(revision, changes) {
      const put: [Key, unknown][] = [];
      const remove: Key[] = [];
      const touched: Record<Collection, string[]> = { users: [], posts: [] };
      const seqs = new Map<Key, number | undefined>();
      let next = nextSeq;
      for (const collection of COLLECTIONS) {
        const { put: records, remove: ids } = changes[collection];
        for (const record of records) {
          const key = recordKey(collection, record._id);
          const seq = seqOf.get(key) ?? next++;
          seqs.set(key, seq);
          put.push([key, { seq, record } satisfies StoredRecord]);
          touched[collection].push(record._id);
        }
        for (const id of ids) {
          const key = recordKey(collection, id);
          seqs.set(key, undefined);
          remove.push(key);
          touched[collection].push(id);
        }
      }
      put.push([META, { schemaVersion: SCHEMA_VERSION, revision, nextSeq: next } satisfies Meta]);
      put.push([logKey(revision), touched satisfies LogEntry]);
      remove.push(logKey(revision - LOG_LENGTH));
      await kv.apply({ put, remove });
      for (const [key, seq] of seqs) {
        if (seq === undefined) seqOf.delete(key);
        else seqOf.set(key, seq);
      }
      nextSeq = next;
    },

    async revision() {
      const meta = await kv.get(META);
      if (meta === undefined) return (await kv.get(LEGACY_REVISION)) ?? undefined;
      return isMeta(meta) ? meta.revision : undefined;
    },

    async changesSince(revision) {
      const meta = await kv.get(META);
      if (!isMeta(meta) || meta.revision < revision) return undefined;
      const count = meta.revision - revision;
      if (count > LOG_LENGTH) return undefined;
      const logs = await kv.getMany(
        Array.from({ length: count }, (_, index) => logKey(revision + 1 + index)),
      );
      const ids: Record<Collection, Set<string>> = { users: new Set(), posts: new Set() };
      for (const log of logs) {
        if (!isObject(log) || 'replaced' in log) return undefined;
        for (const collection of COLLECTIONS) {
          const touched = log[collection];
          if (!Array.isArray(touched)) return undefined;
          for (const id of touched) if (typeof id === 'string') ids[collection].add(id);
        }
      }
      const keys = COLLECTIONS.flatMap((collection) =>
        [...ids[collection]].map((id) => [collection, id] as const),
      );
      const values = await kv.getMany(keys.map(([collection, id]) => recordKey(collection, id)));
      const found: Record<Collection, StoredRecord[]> = { users: [], posts: [] };
      const changes = emptyChanges();
      for (const [index, [collection, id]] of keys.entries()) {
        const value = values[index];
        if (value === undefined) changes[collection].remove.push(id);
        else if (isStoredRecord(value) && IS_RECORD[collection](value.record)) {
          found[collection].push(value);
        } else return undefined; // not a record: let the full read find the database corrupt
      }
      // In creation order, so records new to the reader are appended as the writer appended them.
      const inOrder = <T>(list: StoredRecord[], is: (record: unknown) => record is T): T[] =>
        list
          .sort((a, b) => a.seq - b.seq)
          .map((stored): unknown => stored.record)
          .filter(is);
      changes.users.put = inOrder(found.users, isUserRecord);
      changes.posts.put = inOrder(found.posts, isPostRecord);
      for (const collection of COLLECTIONS) {
        for (const id of changes[collection].remove) seqOf.delete(recordKey(collection, id));
        for (const { seq, record } of found[collection]) {
          seqOf.set(recordKey(collection, record._id), seq);
        }
      }
      nextSeq = meta.nextSeq;
      return { revision: meta.revision, changes };
    },

    exclusive,
  };
  return adapter;
}

/** One call at a time, in the order asked: what the Web Locks API gives tabs, for one process. */
export function createQueue(): StorageAdapter['exclusive'] {
  let tail: Promise<unknown> = Promise.resolve();
  return (work) => {
    const result = tail.then(work, work);
    tail = result.catch(() => undefined);
    return result;
  };
}

/** A key-value store in memory that copies what goes in and out, as IndexedDB does. */
function createMemoryStore(initial: unknown): KeyValueStore & { snapshot(): [Key, unknown][] } {
  const map = new Map<Key, unknown>();
  if (initial !== undefined) map.set(LEGACY, structuredClone(initial));
  const copy = <T>(value: T): T => (value === undefined ? value : structuredClone(value));
  return {
    get: (key) => Promise.resolve(copy(map.get(key))),
    getMany: (keys) => Promise.resolve(keys.map((key) => copy(map.get(key)))),
    entries: () => Promise.resolve([...map].map(([key, value]) => [key, copy(value)])),
    apply: ({ clear, put, remove }) => {
      if (clear === true) map.clear();
      for (const [key, value] of put) map.set(key, structuredClone(value));
      for (const key of remove) map.delete(key);
      return Promise.resolve();
    },
    snapshot: () => [...map],
  };
}

/**
 * Storage in memory, with the same layout as IndexedDB: what tests use to act out "reload the
 * page" and "another tab". `initial` is stored as a database of the previous layout would be.
 * `peek()` shows the stored database as `load` would assemble it.
 */
export function createMemoryStorage(initial?: unknown): StorageAdapter & {
  peek(): unknown;
  /** How many key-value entries are stored (records, meta, log). */
  size(): number;
} {
  const store = createMemoryStore(initial);
  return {
    ...createRecordStorage(store, createQueue()),
    peek: () => structuredClone(assemble(store.snapshot())),
    size: () => store.snapshot().length,
  };
}

/**
 * Persists the mock database to IndexedDB, record by record (in the layout above), so the
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
