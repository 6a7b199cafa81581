/**
 * The in-memory mock database. Every write runs on a copy of the current state and only replaces
 * it when the change returns normally, so a refused call (one that throws) can never leave half a
 * change behind. After each write the new state is handed to the storage adapter, if any; saves
 * run one after another and `flush()` waits for them.
 */
import { createSeedState } from '../data/seed';
import { SCHEMA_VERSION, type DatabaseState } from './schema';
import type { StorageAdapter } from './storage';
import { isDatabaseState, isPersistedEnvelope } from './validate';

export interface Database {
  /** The current state. Read it freely; never change it outside `write`. */
  readonly state: DatabaseState;
  /** Applies `change` to a copy of the state and commits it if `change` does not throw. */
  write<T>(change: (draft: DatabaseState) => T): T;
  /** Back to a fresh copy of the seed (persisted too). The state is replaced synchronously. */
  reset(): Promise<void>;
  /** Resolves once every save started so far has finished (or failed with a warning). */
  flush(): Promise<void>;
  /**
   * Runs one API call: alone (no other tab runs one on the same storage meanwhile), on the
   * stored state (reloaded first when another tab saved since), and saved before it resolves.
   * So a write acknowledged in any tab is never overwritten by another tab's older copy.
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

/** A database in memory, starting from the seed (or `initial`). Synchronous: Storybook needs it. */
export function createDatabase(options: DatabaseOptions = {}): Database {
  const seed = options.seed ?? createSeedState;
  const storage = options.storage;
  let state = options.initial === undefined ? seed() : structuredClone(options.initial);
  let saving: Promise<void> = Promise.resolve();
  let revision = options.revision ?? 0;

  function persist(): void {
    if (storage === undefined) return;
    const snapshot = state;
    revision += 1;
    const saved = revision;
    saving = saving
      .then(() => storage.save({ schemaVersion: SCHEMA_VERSION, revision: saved, state: snapshot }))
      .catch((error: unknown) => {
        console.warn('[mock api] Could not save the demo database; changes stay in memory.', error);
      });
  }

  return {
    get state() {
      return state;
    },
    write(change) {
      const draft = structuredClone(state);
      const result = change(draft);
      state = draft;
      persist();
      return result;
    },
    reset() {
      state = seed();
      persist();
      return saving;
    },
    flush: () => saving,
    async transaction(work) {
      if (storage === undefined) return work();
      return storage.exclusive(async () => {
        await saving;
        // Unreadable storage: serve from memory (the saves warn, as ever).
        const stored = await storage.revision().catch(() => undefined);
        if (typeof stored === 'number' && stored !== revision) {
          const restored = await restore(storage);
          if ('state' in restored) {
            state = restored.state;
            revision = restored.revision;
          }
        }
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
 * used (corrupt, another schema version, unreadable). Never throws for a bad stored value.
 */
export async function openDatabase(
  storage: StorageAdapter,
  options: Omit<DatabaseOptions, 'storage' | 'initial'> = {},
): Promise<Database> {
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
  const database = createDatabase({ ...options, storage });
  await database.reset();
  return database;
}
