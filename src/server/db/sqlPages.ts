/**
 * The paged feeds of the store port (src/service/store.ts) as keyset queries: a page of posts is
 * one statement that walks an index from where the last page ended (`after`), stops after
 * `limit + 1` rows (the one more says whether there is a next page), and reads the lists and
 * people of exactly those posts (sqlPostSet.ts) in the same statement: one round trip, and one
 * moment without a transaction around it. Nothing is counted or skipped, so a page costs the
 * same on the first and the thousandth page, at 1 000 posts or 100 000.
 *
 * - latest, author, search: `ORDER BY created_at DESC, id DESC`, after `(created_at, id) < (…)`;
 *   indexes posts_created_at_id_idx, posts_author_created_at_id_idx; search filters by the
 *   folded text (posts_search_text_trgm_idx when pg_trgm is there).
 * - trending: `ORDER BY like_count DESC, created_at DESC, id DESC` (posts_trending_idx).
 * - home: the person's and their followees' newest posts, each author's read from its own index
 *   range (a LATERAL join, at most `limit + 1` per author), merged and cut to `limit + 1`.
 * - hashtag: post_tags by (tag, created_at DESC, post_id DESC).
 * - bookmarks, followers, following: the table's `seq`, largest first; people to follow: the
 *   people's `seq`, smallest (oldest account) first.
 *
 * A person's card (`personCards`, the people of 'Who to follow' and a profile) reads the follow
 * counts kept on their row (migration 0011) and the viewer's follow of them by its key.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  OwnReactions,
  Page,
  PageKey,
  PeopleFeed,
  PersonCard,
  PersonRow,
  PostFeed,
  PostSet,
} from '../../service/store';
import { containsPattern, fold, tagKey } from './sqlDerived';
import {
  assembleSet,
  POST_FIELDS,
  rowsWithSet,
  selection,
  setShapeName,
  value,
} from './sqlPostSet';
import { anyOf, personColumns } from './sqlReads';
import { bookmarks, follows, postTags, posts, users } from './schema';
import { type PostSelection, type SqlExecutor } from './sqlRows';

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

/** A feed's order, on its page's rows (`s`); `hashtag`'s own index orders by the same times. */
const ORDER: Record<PostFeed['kind'], string> = {
  latest: 's.created_at desc, s.id desc',
  author: 's.created_at desc, s.id desc',
  search: 's.created_at desc, s.id desc',
  home: 's.created_at desc, s.id desc',
  hashtag: 's.created_at desc, s.id desc',
  trending: 's.like_count desc, s.created_at desc, s.id desc',
  bookmarks: 's.seq desc',
};

/** `and (time, id) < (the key's)` on these columns, when the page is `keyed`. */
const afterTime = (keyed: boolean, at: string, id: string): SQL =>
  keyed
    ? sql`and (${sql.raw(at)}, ${sql.raw(id)}) < (${value('at')}::timestamptz, ${value('id')})`
    : sql``;

/**
 * The rows of a page of this kind, `take` at most, in the feed's order, after the key when
 * `keyed`: one walk of the feed's index from where the last page ended.
 */
function pageSource(kind: PostFeed['kind'], keyed: boolean): SQL {
  const newest = sql`order by p.created_at desc, p.id desc limit ${value('take')}`;
  const time = afterTime(keyed, 'p.created_at', 'p.id');
  switch (kind) {
    case 'latest':
      return sql`select ${POST_FIELDS}, null::bigint as seq from ${posts} as p
        where true ${time} ${newest}`;
    case 'author':
      return sql`select ${POST_FIELDS}, null::bigint as seq from ${posts} as p
        where p.author_id = ${value('author')} ${time} ${newest}`;
    case 'search':
      return sql`select ${POST_FIELDS}, null::bigint as seq from ${posts} as p
        where p.search_text like ${value('pattern')} ${time} ${newest}`;
    case 'trending':
      return sql`select ${POST_FIELDS}, null::bigint as seq from ${posts} as p
        where true ${
          keyed
            ? sql`and (p.like_count, p.created_at, p.id) <
                (${value('likes')}::integer, ${value('at')}::timestamptz, ${value('id')})`
            : sql``
        }
        order by p.like_count desc, p.created_at desc, p.id desc limit ${value('take')}`;
    case 'home':
      // Each author's newest posts from the index on (author_id, created_at desc, id desc), only
      // their ids and times; then the page's rows by primary key, one lookup each. An `in (…)`
      // over the ids, or a plain join, let the planner scan every post and hash them instead;
      // the `limit 1` keeps the lookup a subquery of its own, which the planner cannot fold into
      // such a join.
      return sql`select ${POST_FIELDS}, null::bigint as seq from (
          select mine.id from (
            select ${value('user')}::text as author_id
            union all
            select f.followee_id from ${follows} as f where f.follower_id = ${value('user')}
          ) as authors
          cross join lateral (
            select q.id, q.created_at from ${posts} as q
            where q.author_id = authors.author_id ${afterTime(keyed, 'q.created_at', 'q.id')}
            order by q.created_at desc, q.id desc
            limit ${value('take')}
          ) as mine
          order by mine.created_at desc, mine.id desc
          limit ${value('take')}
        ) as top
        cross join lateral (select * from ${posts} as one where one.id = top.id limit 1) as p
        ${newest}`;
    case 'hashtag':
      return sql`select ${POST_FIELDS}, null::bigint as seq
        from ${postTags} as t join ${posts} as p on p.id = t.post_id
        where t.tag = ${value('tag')} ${afterTime(keyed, 't.created_at', 't.post_id')}
        order by t.created_at desc, t.post_id desc limit ${value('take')}`;
    case 'bookmarks':
      return sql`select ${POST_FIELDS}, b.seq
        from ${bookmarks} as b join ${posts} as p on p.id = b.post_id
        where b.user_id = ${value('user')} ${keyed ? sql`and b.seq < ${value('seq')}` : sql``}
        order by b.seq desc limit ${value('take')}`;
  }
}

/** The values of a page's statement: what the feed names, and where the last page ended. */
function pageValues(feed: PostFeed, after: PageKey | null): Record<string, unknown> {
  const named: Record<string, unknown> = (() => {
    switch (feed.kind) {
      case 'latest':
      case 'trending':
        return {};
      case 'author':
        return { author: feed.authorId };
      case 'search':
        return { pattern: containsPattern(fold(feed.needle)) };
      case 'home':
      case 'bookmarks':
        return { user: feed.userId };
      case 'hashtag':
        return { tag: tagKey(feed.tag) };
    }
  })();
  if (after === null) return named;
  switch (feed.kind) {
    case 'trending':
      return { ...named, ...trendingKey(after) };
    case 'bookmarks':
      return { ...named, ...seqKey(after) };
    default:
      return { ...named, ...timeKey(after) };
  }
}

/**
 * A page's one statement (sqlPostSet.ts's `rowsWithSet`): its rows (`limit + 1`: the one more
 * says whether there is a next page) and their set, named by the feed, first page or later, and
 * the set's shape.
 */
const pageStatement = (
  tx: SqlExecutor,
  kind: PostFeed['kind'],
  keyed: boolean,
  own: OwnReactions | undefined,
) =>
  rowsWithSet(
    tx,
    `page_${kind}_${keyed ? 'after' : 'first'}_${setShapeName(false, own)}`,
    { rows: () => pageSource(kind, keyed), order: ORDER[kind] },
    own,
  );

/** Where a page's post stands in its feed's order: the next page's key after it. */
function keyOf(kind: PostFeed['kind'], post: PostSelection, seq: number | null): PageKey {
  if (kind === 'bookmarks') {
    if (seq === null) throw new Error('A bookmark without its seq');
    return { seq };
  }
  if (kind === 'trending') return { likes: post.likeCount, at: post.createdAt, id: post._id };
  return { at: post.createdAt, id: post._id };
}

function checkLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`Not a page size: ${limit}`);
}

/**
 * At most `limit` posts of `feed` after `after`, with everyone they name: one statement
 * (`pageStatement`), so one round trip and one moment without a transaction around it.
 */
export async function postPage(
  tx: SqlExecutor,
  feed: PostFeed,
  after: PageKey | null,
  limit: number,
  own?: OwnReactions,
): Promise<Page<PostSet>> {
  checkLimit(limit);
  const [first] = await pageStatement(tx, feed.kind, after !== null, own).execute({
    ...pageValues(feed, after),
    take: limit + 1,
    viewer: own?.viewer ?? null,
  });
  if (first === undefined) throw new Error('The page statement returned no row');
  const { rows, ...lists } = first.lists;
  const placed = rows.map((row) => {
    const post = selection(row);
    return { post, key: keyOf(feed.kind, post, row[9]) };
  });
  const { items, next } = cut(placed, limit, (last) => last.key);
  return {
    items: assembleSet(
      items.map((item) => item.post),
      lists,
      own,
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

/** A person card's columns; `viewer` the SQL value of the one asking (null: no one). */
const cardColumns = (viewer: string | null) => ({
  ...personColumns,
  bio: users.bio,
  link: users.link,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  followerCount: users.followerCount,
  followingCount: users.followingCount,
  // The viewer's follow of them, by the follows' primary key (follower, followee).
  followedByViewer: sql<boolean>`exists (select 1 from ${follows} as mine
    where mine.follower_id = ${viewer} and mine.followee_id = ${users.id})`,
});

/** These people as cards, in the order asked: counts kept on their rows, not counted. */
export async function personCards(
  tx: SqlExecutor,
  ids: readonly string[],
  viewer: string | null,
): Promise<PersonCard[]> {
  if (ids.length === 0) return [];
  const rows = await tx.select(cardColumns(viewer)).from(users).where(anyOf(users.id, ids));
  const byId = new Map(rows.map((row) => [row._id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * People `viewer` does not follow, never themselves, oldest account first (users_seq_idx) after
 * `after`: walks the people in order and skips the followed, each by the follows' key.
 */
export async function suggestedPeople(
  tx: SqlExecutor,
  viewer: string,
  after: PageKey | null,
  limit: number,
): Promise<Page<PersonCard[]>> {
  checkLimit(limit);
  const key = seqKey(after);
  const rows = await tx
    .select({ ...cardColumns(viewer), seq: users.seq })
    .from(users)
    .where(
      and(
        sql`${users.id} <> ${viewer}`,
        sql`not exists (select 1 from ${follows} as mine
          where mine.follower_id = ${viewer} and mine.followee_id = ${users.id})`,
        key ? sql`${users.seq} > ${key.seq}` : undefined,
      ),
    )
    .orderBy(users.seq)
    .limit(limit + 1);
  const { items, next } = cut(rows, limit, (row) => ({ seq: row.seq }));
  return { items: items.map(({ seq: _seq, ...card }) => card), next };
}
