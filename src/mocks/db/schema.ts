/**
 * How the browser's mock database keeps the service's records (src/service/records.ts): whole
 * lists in memory, each record saved on its own, with a schema version and a revision.
 */
import type { DatabaseState } from '../../service/records';

/**
 * Bump when the stored shape changes. A persisted database with another version is replaced by
 * the seed (with a console warning) instead of being half-read.
 */
export const SCHEMA_VERSION = 1;

/** The record lists of the database: each record is stored, changed and read back on its own. */
export type Collection = keyof DatabaseState;

export const COLLECTIONS: readonly Collection[] = ['users', 'posts'];

/** One write's effect on the records: the records put (whole, as they are now) and the ids removed. */
export type RecordChanges = {
  [C in Collection]: { put: DatabaseState[C]; remove: string[] };
};

/** The whole database as a storage adapter hands it over (and as older versions stored it). */
export interface PersistedDatabase {
  schemaVersion: number;
  /** Counts the writes: a tab whose copy has another revision catches up before it serves a call. */
  revision?: number;
  state: DatabaseState;
}
