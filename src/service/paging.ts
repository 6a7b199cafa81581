/**
 * The paged lists' query parameters, read in one place: `limit` (1 to 40, 20 when absent) and
 * `cursor`, the opaque `next` of an earlier page. A cursor is the page key (store.ts `PageKey`)
 * as base64url JSON; a malformed one, or one of another kind of list, is a 400, never a 500.
 */
import * as v from 'valibot';
import { PAGE_RULE } from '../api/rules';
import type { PageKey } from './store';
import { badRequest } from './errors';
import { MESSAGES } from './messages';
import { base64ToBytes, bytesToBase64Url } from './base64';

/** Longer than any cursor this server writes: refused before it is decoded. */
const MAX_CURSOR_LENGTH = 256;

// A key's values go into the database's statements as they are, so each is held to what the
// database can take: a value it would refuse (a 13th month, a NUL, a count past its column's
// integer) would be its error, a 500, instead of this 400.

/** A record id: printable ASCII, as `createId` and the seed write them. */
const id = v.pipe(v.string(), v.regex(/^[\x21-\x7e]{1,100}$/));

const INSTANT =
  /^([1-9]\d{3})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-](?:0\d|1[0-5]):[0-5]\d)$/;

/** A moment as the stores write `createdAt`, with a day that exists (no 30 February). */
function isInstant(text: string): boolean {
  const fields = INSTANT.exec(text)?.slice(1, 7).map(Number);
  if (fields === undefined) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = fields;
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}
const at = v.pipe(v.string(), v.check(isInstant));

/** `like_count` is a 32-bit integer; `seq` a bigint read as a safe JavaScript number. */
const count = (max: number) => v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(max));

/** The key each kind of list pages by: time feeds, trending, and lists in stored order. */
const KEYS = {
  time: v.strictObject({ at, id }),
  trending: v.strictObject({ likes: count(2 ** 31 - 1), at, id }),
  seq: v.strictObject({ seq: count(Number.MAX_SAFE_INTEGER) }),
} as const;

export type KeyKind = keyof typeof KEYS;

/** `limit` as sent (null when absent): its number, or a 400. */
export function readLimit(raw: string | null): number {
  if (raw === null) return PAGE_RULE.defaultLimit;
  if (!/^\d{1,2}$/.test(raw)) throw badRequest(MESSAGES.badLimit);
  const limit = Number(raw);
  if (limit < PAGE_RULE.minLimit || limit > PAGE_RULE.maxLimit) throw badRequest(MESSAGES.badLimit);
  return limit;
}

const fromBase64Url = (encoded: string): string =>
  new TextDecoder('utf-8', { fatal: true }).decode(base64ToBytes(encoded));

const toBase64Url = (text: string): string => bytesToBase64Url(new TextEncoder().encode(text));

/** `cursor` as sent (null when absent: the first page): the key of `kind` it holds, or a 400. */
export function readCursor(raw: string | null, kind: KeyKind): PageKey | null {
  if (raw === null) return null;
  if (raw.length === 0 || raw.length > MAX_CURSOR_LENGTH || !/^[\w-]+$/.test(raw)) {
    throw badRequest(MESSAGES.badCursor);
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(fromBase64Url(raw));
  } catch {
    throw badRequest(MESSAGES.badCursor);
  }
  const result = v.safeParse(KEYS[kind], decoded);
  if (!result.success) throw badRequest(MESSAGES.badCursor);
  return result.output;
}

/** The cursor of a page's `next` key; null on the last page. */
export const writeCursor = (key: PageKey | null): string | null =>
  key === null ? null : toBase64Url(JSON.stringify(key));

/** The page a call asks for: its start (a key of `kind`) and its size. */
export interface PageRequest {
  cursor: string | null;
  limit: string | null;
}

export function readPage(request: PageRequest, kind: KeyKind) {
  return { after: readCursor(request.cursor, kind), limit: readLimit(request.limit) };
}
