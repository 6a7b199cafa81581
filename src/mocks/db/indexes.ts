/**
 * What the browser store's shaped reads stand on: a state's posts and people by id, and its
 * posts in feed order (newest first, trending, one author's), each made the first time a read
 * needs it and kept while the state is current (a write makes a new state, so its indexes are
 * made afresh when next needed). A page then starts where its key falls in the order (a binary
 * search) and reads only as far as it shows. Text that feeds filter on (hashtags, folded text) is
 * kept per record, so it is worked out again only for the records a write changed.
 */
import { hashtagKey, hashtagsOf } from '../../api/richText';
import type { DatabaseState, PostRecord, UserRecord } from '../../service/records';
import { foldText } from '../../service/search';
import type { PageKey } from '../../service/store';

function lazy<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

type Ordered = Pick<PostRecord, '_id' | 'createdAt' | 'likeCount'>;

/** Newest first: `createdAt`, then `_id`, both descending. */
export const byTime = (a: Ordered, b: Ordered): number =>
  compare(b.createdAt, a.createdAt) || compare(b._id, a._id);

/** Most liked first, then newest first. */
export const byTrend = (a: Ordered, b: Ordered): number =>
  b.likeCount - a.likeCount || byTime(a, b);

export interface StateIndex {
  readonly state: DatabaseState;
  post: (id: string) => PostRecord | undefined;
  user: (id: string) => UserRecord | undefined;
  /** The person with this username in any letter case. */
  username: (name: string) => UserRecord | undefined;
  newest: () => readonly PostRecord[];
  trending: () => readonly PostRecord[];
  /** One person's posts in stored order (oldest first). */
  byAuthor: (authorId: string) => readonly PostRecord[];
  /** One person's posts, newest first. */
  authorNewest: (authorId: string) => readonly PostRecord[];
}

function group(posts: readonly PostRecord[]): Map<string, PostRecord[]> {
  const groups = new Map<string, PostRecord[]>();
  for (const post of posts) {
    const list = groups.get(post.authorId);
    if (list === undefined) groups.set(post.authorId, [post]);
    else list.push(post);
  }
  return groups;
}

/** Finding one record without an index (in a write, where the state changes between reads). */
export type RecordFinders = Pick<StateIndex, 'post' | 'user'>;

/**
 * The indexes of a state, made as they are first asked for. A write's reads pass the state as a
 * function (made only when a read needs the whole of it) and their own finders.
 */
export function createIndex(
  source: DatabaseState | (() => DatabaseState),
  finders?: RecordFinders,
): StateIndex {
  const whole = typeof source === 'function' ? lazy(source) : () => source;
  const posts = lazy(() => new Map(whole().posts.map((post) => [post._id, post])));
  const users = lazy(() => new Map(whole().users.map((user) => [user._id, user])));
  const names = lazy(
    () => new Map(whole().users.map((user) => [user.username.toLowerCase(), user])),
  );
  const newest = lazy(() => [...whole().posts].sort(byTime));
  const trending = lazy(() => [...whole().posts].sort(byTrend));
  const authors = lazy(() => group(whole().posts));
  const authorsNewest = lazy(() => group(newest()));
  return {
    get state() {
      return whole();
    },
    post: finders?.post ?? ((id) => posts().get(id)),
    user: finders?.user ?? ((id) => users().get(id)),
    username: (name) => names().get(name.toLowerCase()),
    newest,
    trending,
    byAuthor: (authorId) => authors().get(authorId) ?? [],
    authorNewest: (authorId) => authorsNewest().get(authorId) ?? [],
  };
}

const indexes = new WeakMap<DatabaseState, StateIndex>();

/** The indexes of a committed state, shared by every read of it. */
export function indexOf(state: DatabaseState): StateIndex {
  let index = indexes.get(state);
  if (index === undefined) {
    index = createIndex(state);
    indexes.set(state, index);
  }
  return index;
}

const tags = new WeakMap<PostRecord, readonly string[]>();
const folded = new WeakMap<object, string>();

/** Whether the post carries `#tag` (richText.ts's rule: `hasHashtag`). */
export function carriesHashtag(post: PostRecord, tag: string): boolean {
  let own = tags.get(post);
  if (own === undefined) {
    own = hashtagsOf(post.content);
    tags.set(post, own);
  }
  return own.includes(hashtagKey(tag));
}

/** The record's text as search compares it (search.ts's fold), kept per record. */
export function foldedOnce(record: object, text: () => string): string {
  let value = folded.get(record);
  if (value === undefined) {
    value = foldText(text());
    folded.set(record, value);
  }
  return value;
}

/** A key as the record it stands for, to compare records with. */
function keyRecord(key: PageKey): Ordered {
  if (!('at' in key)) throw new Error('A time or trending feed was given a position key');
  return { _id: key.id, createdAt: key.at, likeCount: 'likes' in key ? key.likes : 0 };
}

/** Where in `list` (sorted by `order`) the items after `key` start: a binary search. */
export function startAfter(
  list: readonly Ordered[],
  order: (a: Ordered, b: Ordered) => number,
  key: PageKey | null,
): number {
  if (key === null) return 0;
  const probe = keyRecord(key);
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const item = list[middle];
    if (item !== undefined && order(item, probe) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Up to `limit + 1` items from `start` that `keep` keeps: one more says there is a next page. */
export function takeFrom<T>(
  list: readonly T[],
  start: number,
  limit: number,
  keep: (item: T) => boolean = () => true,
): T[] {
  const taken: T[] = [];
  for (let index = start; index < list.length && taken.length <= limit; index += 1) {
    const item = list[index];
    if (item !== undefined && keep(item)) taken.push(item);
  }
  return taken;
}
