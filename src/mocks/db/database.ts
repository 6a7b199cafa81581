/**
 * The in-memory mock database. A write runs on a draft of the current state (immer) and only
 * replaces it when the change returns normally, so a refused call (one that throws) can never
 * leave half a change behind. The new state shares every record the write did not touch with the
 * old one, and only the touched records go to the storage adapter, if any: the cost of a write
 * does not grow with the number of posts. Saves run one after another and `flush()` waits for them.
 */
import { enablePatches, Immer, type Patch } from 'immer';
import { createSeedState } from '../../seed/seed';
import type { DatabaseState } from '../../service/records';
import { COLLECTIONS, SCHEMA_VERSION, type Collection, type RecordChanges } from './schema';
import type { StorageAdapter } from './storage';
import { isDatabaseState, isPersistedEnvelope } from './validate';

enablePatches();
// No auto-freeze: freezing walks whole new subtrees, and nothing outside `update` changes records.
const immer = new Immer({ autoFreeze: false });

export interface Database {
  /** The current state. Read it freely; never change it outside `update`. */
  readonly state: DatabaseState;
  /**
   * Applies `change` to a draft of the state and commits it if `change` does not throw (a
   * rejected change leaves nothing behind). One at a time: the next starts when this one has
   * committed or been dropped, so no two drafts of one state ever race.
   */
  update<T>(change: (draft: DatabaseState) => Promise<T>): Promise<T>;
  /**
   * Back to a fresh copy of the seed (persisted too), the seed's people keeping their open
   * sessions. The state is replaced synchronously.
   */
  reset(): Promise<void>;
  /** Resolves once every save started so far has finished (or failed with a warning). */
  flush(): Promise<void>;
  /**
   * Runs one API call: alone (no other tab runs one on the same storage meanwhile), on the
   * stored state (catching up first with what other tabs wrote since), and saved before it
   * resolves. So a write acknowledged in any tab is never overwritten by another tab's older copy.
   */
  transaction<T>(work: () => Promise<T>): Promise<T>;
}

export interface DatabaseOptions {
  /** Starting state; a fresh copy of the seed by default. It is copied, never shared. */
  initial?: DatabaseState;
  /** The revision `initial` was stored with. */
  revision?: number;
  storage?: StorageAdapter;
  /** Where to produce a fresh seed; tests may pass a smaller one. */
  seed?: () => DatabaseState;
}

type Identified = { _id: string };

/** Which records a write put or removed, from its patches; a whole-list change is diffed. */
export function changedRecords(
  before: DatabaseState,
  after: DatabaseState,
  patches: readonly Patch[],
): RecordChanges {
  const changes: RecordChanges = {
    users: { put: [], remove: [] },
    posts: { put: [], remove: [] },
  };
  for (const collection of COLLECTIONS) {
    const previous: readonly Identified[] = before[collection];
    const next: readonly Identified[] = after[collection];
    if (previous === next) continue;
    const own = patches.filter((patch) => patch.path[0] === collection);
    // A change inside records ([collection, index, ...]) or a record appended names its index.
    // Anything else (a removal, a reorder, a list assigned whole) reshapes the list: diff it.
    const inPlace = own.every(
      (patch) => typeof patch.path[1] === 'number' && (patch.path.length > 2 || patch.op === 'add'),
    );
    const { put, remove } = inPlace
      ? { put: [...new Set(own.map((patch) => next[patch.path[1] as number]))], remove: [] }
      : diffById(previous, next);
    Object.assign(changes[collection], {
      put: put.filter((record) => record !== undefined),
      remove,
    });
  }
  return changes;
}

function diffById(before: readonly Identified[], after: readonly Identified[]) {
  const previous = new Map(before.map((record) => [record._id, record]));
  const remaining = new Set(after.map((record) => record._id));
  return {
    put: after.filter((record) => previous.get(record._id) !== record),
    remove: before.map((record) => record._id).filter((id) => !remaining.has(id)),
  };
}

/** The state with another tab's changes applied: records replaced in place, new ones appended. */
function applyChanges(state: DatabaseState, changes: RecordChanges): DatabaseState {
  const next = { ...state };
  for (const collection of COLLECTIONS) {
    const { put, remove } = changes[collection];
    if (put.length === 0 && remove.length === 0) continue;
    const list: Identified[] = [...state[collection]];
    for (const record of put) {
      const index = list.findIndex((candidate) => candidate._id === record._id);
      if (index === -1) list.push(record);
      else list[index] = record;
    }
    const removed = new Set(remove);
    setList(
      next,
      collection,
      list.filter((record) => !removed.has(record._id)),
    );
  }
  return next;
}

function setList(state: DatabaseState, collection: Collection, list: Identified[]): void {
  // The records came from the same collection's storage, checked there: the cast only re-pairs
  // the list with its collection, which TypeScript cannot follow through the loop.
  (state as Record<Collection, Identified[]>)[collection] = list;
}

/**
 * `next` with the open sessions of `before` for the people in both: a reset puts the seed's
 * records back, not their logins (a signed-in guest stays signed in; a signed-up person is gone).
 */
function keepSessions(before: DatabaseState, next: DatabaseState): DatabaseState {
  const open = new Map(before.users.map((user) => [user._id, user.sessionIds]));
  return {
    ...next,
    users: next.users.map((user) => {
      const sessionIds = open.get(user._id);
      return sessionIds === undefined || sessionIds.length === 0 ? user : { ...user, sessionIds };
    }),
  };
}

/** A database in memory, starting from the seed (or `initial`). Synchronous: Storybook needs it. */
export function createDatabase(options: DatabaseOptions = {}): Database {
  const seed = options.seed ?? createSeedState;
  const storage = options.storage;
  let state = options.initial === undefined ? seed() : structuredClone(options.initial);
  let saving: Promise<void> = Promise.resolve();
  let updating: Promise<unknown> = Promise.resolve();
  let revision = options.revision ?? 0;

  function commit(draft: DatabaseState): void {
    let patches: Patch[] = [];
    const next = immer.finishDraft(draft, (made) => {
      patches = made;
    });
    if (patches.length === 0) return;
    const changes = changedRecords(state, next, patches);
    state = next;
    save((adapter, saved) => adapter.commit(saved, changes));
  }

  function save(store: (adapter: StorageAdapter, revision: number) => Promise<void>): void {
    if (storage === undefined) return;
    revision += 1;
    const saved = revision;
    saving = saving
      .then(() => store(storage, saved))
      .catch((error: unknown) => {
        console.warn('[mock api] Could not save the demo database; changes stay in memory.', error);
      });
  }

  /** Brings this copy up to the stored revision: only what changed when the log reaches back. */
  async function catchUp(adapter: StorageAdapter): Promise<void> {
    const delta = await adapter.changesSince(revision).catch(() => undefined);
    if (delta !== undefined) {
      state = applyChanges(state, delta.changes);
      revision = delta.revision;
      return;
    }
    const restored = await restore(adapter);
    if ('state' in restored) {
      state = restored.state;
      revision = restored.revision;
    }
  }

  return {
    get state() {
      return state;
    },
    update(change) {
      const run = async () => {
        const draft = immer.createDraft(state);
        const result = await change(draft);
        commit(draft);
        return result;
      };
      const done = updating.then(run, run);
      updating = done.catch(() => undefined);
      return done;
    },
    reset() {
      state = keepSessions(state, seed());
      const snapshot = state;
      save((adapter, saved) =>
        adapter.replace({ schemaVersion: SCHEMA_VERSION, revision: saved, state: snapshot }),
      );
      return saving;
    },
    flush: () => saving,
    async transaction(work) {
      if (storage === undefined) return work();
      return storage.exclusive(async () => {
        await saving;
        // Unreadable storage: serve from memory (the saves warn, as ever).
        const stored = await storage.revision().catch(() => undefined);
        if (typeof stored === 'number' && stored !== revision) await catchUp(storage);
        try {
          return await work();
        } finally {
          await saving;
        }
      });
    },
  };
}

/** Reads what `storage` holds: a valid state of this schema version, or why it cannot be used. */
async function restore(
  storage: StorageAdapter,
): Promise<{ state: DatabaseState; revision: number } | { problem: string | undefined }> {
  let stored: unknown;
  try {
    stored = await storage.load();
  } catch (error) {
    return { problem: `it could not be read (${String(error)})` };
  }
  if (stored === undefined) return { problem: undefined };
  if (!isPersistedEnvelope(stored)) return { problem: 'it is corrupt' };
  if (stored.schemaVersion !== SCHEMA_VERSION) {
    return {
      problem: `it has schema version ${stored.schemaVersion}, this app expects ${SCHEMA_VERSION}`,
    };
  }
  if (!isDatabaseState(stored.state)) return { problem: 'it is corrupt' };
  return {
    state: stored.state,
    revision: typeof stored.revision === 'number' ? stored.revision : 0,
  };
}

/**
 * A database backed by `storage`: restores the stored state, or starts from the seed when
 * nothing usable is stored — with a console warning when something was there but could not be
 * used (corrupt, another schema version, unreadable). Never throws for a bad stored value. Runs
 * alone, like a call, so two tabs opening at once cannot both seed over each other's first write.
 */
export async function openDatabase(
  storage: StorageAdapter,
  options: Omit<DatabaseOptions, 'storage' | 'initial'> = {},
): Promise<Database> {
  return storage.exclusive(async () => {
    const restored = await restore(storage);
    if ('state' in restored) {
      return createDatabase({
        ...options,
        storage,
        initial: restored.state,
        revision: restored.revision,
      });
    }
    if (restored.problem !== undefined) {
      console.warn(
        `[mock api] The stored demo database was replaced by the seed: ${restored.problem}.`,
      );
    }
    // Whatever was stored (a revision, perhaps), the seed's revision is past it.
    const stored = await storage.revision().catch(() => undefined);
    const database = createDatabase({
      ...options,
      storage,
      revision: typeof stored === 'number' ? stored : 0,
    });
    await database.reset();
    return database;
  });
}
