/**
 * The paged feeds of the store port (src/service/store.ts) as keyset queries: a page is one query
 * that walks an index from where the last page ended (`after`) and stops after `limit + 1` rows
 * (the one more says whether there is a next page), then the lists of exactly those posts
 * (sqlReads.ts's `postSet`). Nothing is counted or skipped, so a page costs the same on the first
 * and the thousandth page, at 1 000 posts or 100 000.
 *
 * - latest, author, search: `ORDER BY created_at DESC, id DESC`, after `(created_at, id) < (…)`;
 *   indexes posts_created_at_id_idx, posts_author_created_at_id_idx; search filters by the
 *   folded text (posts_search_text_trgm_idx when pg_trgm is there).
 * - trending: `ORDER BY like_count DESC, created_at DESC, id DESC` (posts_trending_idx).
 * - home: the person's and their followees' newest posts, each author's read from its own index
 *   range (a LATERAL join, at most `limit + 1` per author), merged and cut to `limit + 1`.
 * - hashtag: post_tags by (tag, created_at DESC, post_id DESC).
 * - bookmarks, followers, following: the table's `seq`, largest first.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  OwnReactions,
  Page,
  PageKey,
  PeopleFeed,
  PersonRow,
  PostFeed,
  PostSet,
} from '../../service/store';
import { containsPattern, fold, tagKey } from './sqlDerived';
import { personColumns, postSet } from './sqlReads';
import { bookmarks, follows, postTags, posts, users } from './schema';
import { postColumns, type PostSelection, type SqlExecutor } from './sqlRows';

type TimeKey = { at: string; id: string };
type TrendingKey = { likes: number; at: string; id: string };
type SeqKey = { seq: number };

function timeKey(after: PageKey | null): TimeKey | null {
  if (after === null) return null;
  if ('at' in after && !('likes' in after)) return after;
  throw new Error('A time feed pages by { at, id }');
}

function trendingKey(after: PageKey | null): TrendingKey | null {
  if (after === null) return null;
  if ('likes' in after) return after;
  throw new Error('The trending feed pages by { likes, at, id }');
}

function seqKey(after: PageKey | null): SeqKey | null {
  if (after === null) return null;
  if ('seq' in after) return after;
  throw new Error('Bookmarks and follows page by { seq }');
}

/** `(created_at, id) < (at, id)` of a time key, on these columns. */
const before = (at: AnyPgColumn, id: AnyPgColumn, key: TimeKey): SQL =>
  sql`(${at}, ${id}) < (${key.at}::timestamptz, ${key.id})`;

/** The first `limit` of `rows` and the key after the last, when there were more. */
function cut<R, K extends PageKey>(
  rows: readonly R[],
  limit: number,
  keyOf: (row: R) => K,
): { items: R[]; next: K | null } {
  if (rows.length <= limit) return { items: [...rows], next: null };
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next: last === undefined ? null : keyOf(last) };
}

/** A post of a page and its place in the feed's order. */
interface Placed {
  post: PostSelection;
  key: PageKey;
}

const byTime = (rows: PostSelection[]): Placed[] =>
  rows.map((post) => ({ post, key: { at: post.createdAt, id: post._id } }));

/**
 * The name of a page's prepared statement: one per feed and first-or-later page, whose text is
 * the same on every call (the values are its parameters). Each connection parses it once, and
 * PostgreSQL keeps its plan: planning a page costs more than reading it.
 */
const named = (feed: PostFeed, after: PageKey | null): string =>
  `page_${feed.kind}_${after === null ? 'first' : 'after'}`;

/** The posts of one page of `feed`, `take` at most, in the feed's order. */
async function pageRows(
  tx: SqlExecutor,
  feed: PostFeed,
  after: PageKey | null,
  take: number,
): Promise<Placed[]> {
  const newestFirst = [desc(posts.createdAt), desc(posts.id)];
  switch (feed.kind) {
    case 'latest':
    case 'author':
    case 'search': {
      const key = timeKey(after);
      const filter =
        feed.kind === 'author'
          ? eq(posts.authorId, feed.authorId)
          : feed.kind === 'search'
            ? sql`${posts.searchText} like ${containsPattern(fold(feed.needle))}`
            : undefined;
      const rows = await tx
        .select(postColumns)
        .from(posts)
        .where(and(filter, key ? before(posts.createdAt, posts.id, key) : undefined))
        .orderBy(...newestFirst)
        .limit(take)
        .prepare(named(feed, key))
        .execute();
      return byTime(rows);
    }
    case 'trending': {
      const key = trendingKey(after);
      const rows = await tx
        .select(postColumns)
        .from(posts)
        .where(
          key
            ? sql`(${posts.likeCount}, ${posts.createdAt}, ${posts.id}) < (${key.likes}::integer, ${key.at}::timestamptz, ${key.id})`
            : undefined,
        )
        .orderBy(desc(posts.likeCount), ...newestFirst)
        .limit(take)
        .prepare(named(feed, key))
        .execute();
      return rows.map((post) => ({
        post,
        key: { likes: post.likeCount, at: post.createdAt, id: post._id },
      }));
    }
    case 'home': {
      const key = timeKey(after);
      // Each author's newest posts from the index on (author_id, created_at desc, id desc).
      const newest = sql`(
        select mine.id from (
          select ${feed.userId}::text as author_id
          union all
          select ${follows.followeeId} from ${follows} where ${follows.followerId} = ${feed.userId}
        ) as authors
        cross join lateral (
          select p.id, p.created_at from posts as p
          where p.author_id = authors.author_id
          ${key ? sql`and (p.created_at, p.id) < (${key.at}::timestamptz, ${key.id})` : sql``}
          order by p.created_at desc, p.id desc
          limit ${take}
        ) as mine
        order by mine.created_at desc, mine.id desc
        limit ${take}
      )`;
      const rows = await tx
        .select(postColumns)
        .from(posts)
        .where(sql`${posts.id} in ${newest}`)
        .orderBy(...newestFirst)
        .prepare(named(feed, key))
        .execute();
      return byTime(rows);
    }
    case 'hashtag': {
      const key = timeKey(after);
      const rows = await tx
        .select(postColumns)
        .from(postTags)
        .innerJoin(posts, eq(posts.id, postTags.postId))
        .where(
          and(
            eq(postTags.tag, tagKey(feed.tag)),
            key ? before(postTags.createdAt, postTags.postId, key) : undefined,
          ),
        )
        .orderBy(desc(postTags.createdAt), desc(postTags.postId))
        .limit(take)
        .prepare(named(feed, key))
        .execute();
      return byTime(rows);
    }
    case 'bookmarks': {
      const key = seqKey(after);
      const rows = await tx
        .select({ ...postColumns, seq: bookmarks.seq })
        .from(bookmarks)
        .innerJoin(posts, eq(posts.id, bookmarks.postId))
        .where(
          and(
            eq(bookmarks.userId, feed.userId),
            key ? sql`${bookmarks.seq} < ${key.seq}` : undefined,
          ),
        )
        .orderBy(desc(bookmarks.seq))
        .limit(take)
        .prepare(named(feed, key))
        .execute();
      return rows.map(({ seq, ...post }) => ({ post, key: { seq } }));
    }
  }
}

function checkLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`Not a page size: ${limit}`);
}

/** At most `limit` posts of `feed` after `after`, with everyone they name. */
export async function postPage(
  tx: SqlExecutor,
  feed: PostFeed,
  after: PageKey | null,
  limit: number,
  own?: OwnReactions,
): Promise<Page<PostSet>> {
  checkLimit(limit);
  const placed = await pageRows(tx, feed, after, limit + 1);
  const { items, next } = cut(placed, limit, (last) => last.key);
  return {
    items: await postSet(
      tx,
      items.map((item) => item.post),
      { own },
    ),
    next,
  };
}

/** At most `limit` of a person's followers or followees, most recent follow first. */
export async function peoplePage(
  tx: SqlExecutor,
  feed: PeopleFeed,
  after: PageKey | null,
  limit: number,
): Promise<Page<PersonRow[]>> {
  checkLimit(limit);
  const key = seqKey(after);
  const [mine, theirs] =
    feed.kind === 'followers'
      ? [follows.followeeId, follows.followerId]
      : [follows.followerId, follows.followeeId];
  const rows = await tx
    .select({ ...personColumns, seq: follows.seq })
    .from(follows)
    .innerJoin(users, eq(users.id, theirs))
    .where(and(eq(mine, feed.userId), key ? sql`${follows.seq} < ${key.seq}` : undefined))
    .orderBy(desc(follows.seq))
    .limit(limit + 1);
  const { items, next } = cut(rows, limit, (row) => ({ seq: row.seq }));
  return { items: items.map(({ seq: _seq, ...person }) => person), next };
}
