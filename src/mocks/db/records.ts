/**
 * Finding a record in a list that may be a write's draft. Immer makes a draft of every record it
 * is asked for, so `draft.posts.find(...)` would draft every post on the way: the search runs on
 * the list as it was before the write, and only the record found is taken from the draft.
 */
import { current, isDraft, original, type Draft } from 'immer';

export function findRecord<T>(records: T[], matches: (record: T) => boolean): T | undefined {
  const before = listBeforeWrite(records);
  if (before === undefined) return records.find(matches);
  const index = before.findIndex(matches);
  const candidate = index === -1 ? undefined : records[index];
  if (candidate !== undefined && matches(candidate)) return candidate;
  // This write already reshaped the list (or the record is new): look at the list as it is now.
  return records.find(matches);
}

/** The list as it was before the current write, when it is a draft; otherwise undefined. */
function listBeforeWrite<T>(records: T[]): readonly T[] | undefined {
  const value: unknown = records;
  return isDraft(value) ? (original(value) as T[]) : undefined;
}

/** A record as it is now, detached from the write's draft, so later changes do not show in it. */
export function plain<T extends object>(record: T | undefined): T | undefined {
  // `current` takes a draft; immer's types cannot tell a draft from its record.
  return record !== undefined && isDraft(record) ? current<T>(record as Draft<T>) : record;
}
