/**
 * The store port's reads shaped like the answers (src/service/store.ts), as SQL: each reads the
 * rows it returns and then, for those only (`post_id = ANY($1)`), their lists and everyone they
 * name: for posts, in one statement (./sqlPostSet.ts). The whole lists (every post, every person) read
 * only the tables they show. Paged feeds: ./sqlPages.ts.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { UserRecord } from '../../service/records';
import type { OwnReactions, PersonRow, PostList, PostSet, UserSet } from '../../service/store';
import { containsPattern, fold } from './sqlDerived';
import {
  assembleSet,
  emptySet,
  POST_FIELDS,
  postSet,
  rowsWithSet,
  selection,
  setShapeName,
  value,
} from './sqlPostSet';
import { groupBy } from './sqlRows';
import { bookmarks, follows, posts, users } from './schema';
import { postColumns, preparedOnce, userColumns, type SqlExecutor } from './sqlRows';

/** `column = ANY($1)`: one parameter however many ids (an IN list would take one each). */
export const anyOf = (column: AnyPgColumn, ids: readonly string[]): SQL =>
  sql`${column} = any(${sql.param([...ids])}::text[])`;

/** The columns of a person as lists name them. */
export const personColumns = {
  _id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  profile: users.profile,
};

/** These people, in one query (none: no query). */
export async function peopleById(
  tx: SqlExecutor,
  ids: Iterable<string>,
  known: ReadonlyMap<string, PersonRow> = new Map(),
): Promise<Map<string, PersonRow>> {
  const found = new Map(known);
  const missing = [...new Set(ids)].filter((id) => !found.has(id));
  if (missing.length > 0) {
    const rows = await tx.select(personColumns).from(users).where(anyOf(users.id, missing));
    for (const row of rows) found.set(row._id, row);
  }
  return found;
}

/** `rows` in the order of `ids`; an id with no row is left out. */
function inOrder<R extends { _id: string }>(rows: readonly R[], ids: readonly string[]): R[] {
  const byId = new Map(rows.map((row) => [row._id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/** One of the spec's whole lists of posts (`PostList`). */
export async function postList(
  tx: SqlExecutor,
  list: PostList,
  own?: OwnReactions,
): Promise<PostSet> {
  switch (list.kind) {
    case 'all': {
      const rows = await tx.select(postColumns).from(posts).orderBy(asc(posts.seq));
      return postSet(tx, rows, { every: true, own });
    }
    case 'author': {
      const rows = await tx
        .select(postColumns)
        .from(posts)
        .where(eq(posts.authorId, list.authorId))
        .orderBy(asc(posts.seq));
      return postSet(tx, rows, { own });
    }
    case 'bookmarks': {
      const rows = await tx
        .select(postColumns)
        .from(bookmarks)
        .innerJoin(posts, eq(posts.id, bookmarks.postId))
        .where(eq(bookmarks.userId, list.userId))
        .orderBy(asc(bookmarks.seq));
      return postSet(tx, rows, { own });
    }
    case 'ids': {
      if (list.ids.length === 0) return emptySet();
      // The posts and their set in one statement (a post's page, a write's answer).
      const [first] = await rowsWithSet(
        tx,
        `posts_by_ids_${setShapeName(false, own)}`,
        {
          rows: () => sql`select ${POST_FIELDS}, null::bigint as seq from ${posts} as p
            where p.id = any(${value('ids')}::text[])`,
          order: 's.created_at, s.id',
        },
        own,
      ).execute({ ids: [...list.ids], viewer: own?.viewer ?? null });
      if (first === undefined) throw new Error('The posts statement returned no row');
      const { rows, ...lists } = first.lists;
      return assembleSet(inOrder(rows.map(selection), list.ids), lists, own);
    }
  }
}

/** One post with its comments and everyone they name; undefined when there is no such post. */
export async function postComments(tx: SqlExecutor, postId: string): Promise<PostSet | undefined> {
  const rows = await tx.select(postColumns).from(posts).where(eq(posts.id, postId));
  if (rows.length === 0) return undefined;
  return postSet(tx, rows);
}

/** These people (every person when `ids` is omitted, oldest account first), as `UserSet`. */
export async function userList(tx: SqlExecutor, ids?: readonly string[]): Promise<UserSet> {
  if (ids?.length === 0) return { users: [], people: new Map(), bookmarks: emptySet() };
  const every = ids === undefined;
  const found = every
    ? await tx.select(userColumns).from(users).orderBy(asc(users.seq))
    : await tx.select(userColumns).from(users).where(anyOf(users.id, ids));
  const userRows = every ? found : inOrder(found, ids);
  const chosen = userRows.map((row) => row._id);
  const followRows = await tx
    .select({ followerId: follows.followerId, followeeId: follows.followeeId })
    .from(follows)
    .where(
      every
        ? undefined
        : sql`(${anyOf(follows.followerId, chosen)} or ${anyOf(follows.followeeId, chosen)})`,
    )
    .orderBy(asc(follows.seq));
  const bookmarkRows = await tx
    .select({ userId: bookmarks.userId, postId: bookmarks.postId })
    .from(bookmarks)
    .where(every ? undefined : anyOf(bookmarks.userId, chosen))
    .orderBy(asc(bookmarks.seq));

  const followers = groupBy(followRows, (row) => row.followeeId);
  const following = groupBy(followRows, (row) => row.followerId);
  const bookmarked = groupBy(bookmarkRows, (row) => row.userId);
  const records: Omit<UserRecord, 'sessionIds'>[] = userRows.map((user) => ({
    ...user,
    followerIds: (followers.get(user._id) ?? []).map((row) => row.followerId),
    followingIds: (following.get(user._id) ?? []).map((row) => row.followeeId),
    bookmarkIds: (bookmarked.get(user._id) ?? []).map((row) => row.postId),
  }));
  const known = new Map<string, PersonRow>(
    userRows.map(({ _id, username, firstName, lastName, profile }) => [
      _id,
      { _id, username, firstName, lastName, profile },
    ]),
  );
  const named = followRows.flatMap((row) => [row.followerId, row.followeeId]);
  const people = await peopleById(tx, named, known);

  const postIds = [...new Set(bookmarkRows.map((row) => row.postId))];
  const postRows =
    postIds.length === 0
      ? []
      : await tx
          .select(postColumns)
          .from(posts)
          .where(anyOf(posts.id, postIds))
          .orderBy(asc(posts.seq));
  return { users: records, people, bookmarks: await postSet(tx, postRows) };
}

/**
 * People whose folded username, first, last or full name contains the folded `needle`, at most
 * `limit`. The trigram indexes find them (a plain scan without pg_trgm); they come in search.ts's
 * ranking (the exact username, then a start of username or name, then the rest; by username) so
 * that the first `limit` are the ones the service would have kept.
 */
export async function matchingPeople(
  tx: SqlExecutor,
  needle: string,
  limit: number,
): Promise<PersonRow[]> {
  const folded = fold(needle);
  const contains = containsPattern(folded);
  const starts = contains.slice(1);
  const rank = sql`case
    when ${users.searchUsername} = ${folded} then 0
    when ${users.searchUsername} like ${starts} or ${users.searchName} like ${starts}
      or ${users.searchLast} like ${starts} then 1
    else 2 end`;
  return tx
    .select(personColumns)
    .from(users)
    .where(sql`(${users.searchUsername} like ${contains} or ${users.searchName} like ${contains})`)
    .orderBy(rank, sql`${users.username} collate "C"`)
    .limit(limit);
}

/**
 * Those of `usernames` that are someone's username exactly: one lookup by the unique index on
 * `lower(username)`, each name asked once, as one array parameter however many (an IN list would
 * take one each), with the letter case checked on the few rows found. Prepared by name: every
 * answer that mentions someone asks it.
 */
export async function existingUsernames(
  tx: SqlExecutor,
  usernames: readonly string[],
): Promise<ReadonlySet<string>> {
  if (usernames.length === 0) return new Set();
  const asked = new Set(usernames);
  const lowered = [...new Set(usernames.map((name) => name.toLowerCase()))];
  const rows = await preparedOnce(tx, 'existing_usernames', () =>
    tx
      .select({ username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = any(${value('names')}::text[])`)
      .prepare('existing_usernames'),
  ).execute({ names: lowered });
  return new Set(rows.map((row) => row.username).filter((name) => asked.has(name)));
}
