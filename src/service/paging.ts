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

const text = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The key each kind of list pages by: time feeds, trending, and lists in stored order. */
const KEYS = {
  time: v.strictObject({ at: text, id: text }),
  trending: v.strictObject({ likes: count, at: text, id: text }),
  seq: v.strictObject({ seq: count }),
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
