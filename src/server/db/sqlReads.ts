/**
 * The store port's reads shaped like the answers (src/service/store.ts), as SQL: each reads the
 * rows it returns and then, for those only (`post_id = ANY($1)`), their lists and everyone they
 * name: for posts, in one statement (`postSet`). The whole lists (every post, every person) read
 * only the tables they show. Paged feeds: ./sqlPages.ts.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CommentRecord, PostRecord, UserRecord, VotesRecord } from '../../service/records';
import type {
  OwnReactions,
  PersonRow,
  PostList,
  PostSet,
  Reaction,
  UserSet,
  Vote,
} from '../../service/store';
import { containsPattern, fold } from './sqlDerived';
import {
  apiTimestampFromPostgres,
  bookmarks,
  commentVotes,
  comments,
  follows,
  postReactions,
  posts,
  users,
} from './schema';
import {
  commentRow,
  postColumns,
  postRow,
  userColumns,
  type PostSelection,
  type SqlExecutor,
} from './sqlRows';

/** `column = ANY($1)`: one parameter however many ids (an IN list would take one each). */
export const anyOf = (column: AnyPgColumn, ids: readonly string[]): SQL =>
  sql`${column} = any(${sql.param([...ids])}::text[])`;

/** Groups `rows` by `key`, keeping their order. */
export function groupBy<R>(rows: readonly R[], key: (row: R) => string): Map<string, R[]> {
  const groups = new Map<string, R[]>();
  for (const row of rows) {
    const id = key(row);
    const group = groups.get(id);
    if (group) group.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}

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

/** A reaction, comment, vote and person as the set's one statement lists them (positional). */
type ReactionJson = [postId: string, userId: string, kind: Reaction];
type CommentJson = [
  id: string,
  postId: string,
  commentData: string,
  authorId: string,
  voted: boolean,
  parentId: string | null,
  createdAt: string,
  updatedAt: string,
  editedAt: string | null,
  count: number | null,
];
type VoteJson = [commentId: string, userId: string, direction: Vote];
type PersonJson = [
  id: string,
  username: string,
  firstName: string,
  lastName: string,
  profile: string,
];

interface SetLists {
  reactions: ReactionJson[];
  comments: CommentJson[];
  votes: VoteJson[];
  people: PersonJson[];
}

/**
 * `rows` (in their order) as records, with everyone they name. Their reactions, comments, the
 * comments' votes and the people all of these name come in **one statement**, each list a JSON
 * array in the set's order, restricted to these posts unless `every` says they are all of them
 * (then the tables are read whole, which is what the answer is). One statement costs one round
 * trip and one plan where four did: on a loaded server the round trips, not the rows, are what
 * a page costs. With `own`, only the viewer's reactions are read (none for no viewer); with
 * `own.comments` 'newest', each post's newest comment and the number of its comments.
 */
export async function postSet(
  tx: SqlExecutor,
  rows: readonly PostSelection[],
  { every = false, own }: { every?: boolean; own?: OwnReactions | undefined } = {},
): Promise<PostSet> {
  if (rows.length === 0) return postSet0();
  const ids = sql.param(rows.map((row) => row._id));
  const authors = sql.param([...new Set(rows.map((row) => row.authorId))]);
  const onThese = (column: SQL) => (every ? sql`true` : sql`${column} = any(${ids}::text[])`);
  const reactionFilter =
    own === undefined
      ? sql`true`
      : own.viewer === null
        ? sql`false`
        : sql`r.user_id = ${own.viewer}`;
  // Times as text, as the driver hands a timestamptz column to its reader (schema.ts).
  const commentFields = sql`c.id, c.post_id, c.comment_data, c.author_id, c.voted, c.parent_id,
    c.created_at::text as created_at, c.updated_at::text as updated_at,
    c.edited_at::text as edited_at, c.seq`;
  // A card's post: its newest comment (one step back along comments (post_id, seq)) and how
  // many it has (counted on that index, not read): a post with thousands of comments costs its
  // card no more than one with a few.
  const chosenComments =
    own?.comments === 'newest'
      ? sql`select ${commentFields},
            (select count(*) from ${comments} as k where k.post_id = these.id)::int as n
          from unnest(${ids}::text[]) as these (id)
          cross join lateral (
            select * from ${comments} as c where c.post_id = these.id order by c.seq desc limit 1
          ) as c`
      : sql`select ${commentFields}, null::int as n
          from ${comments} as c where ${onThese(sql`c.post_id`)}`;
  // One row, one json column (both drivers parse it). A prepared statement named by its shape:
  // its text is the same for every call of that shape, so each connection parses it once and
  // PostgreSQL keeps its plan, which costs more than running it.
  const [first] = await tx
    .select({
      lists: sql<SetLists>`(
    with
      r as (
        select r.post_id, r.user_id, r.kind, r.seq from ${postReactions} as r
        where ${onThese(sql`r.post_id`)} and ${reactionFilter}
      ),
      c as (${chosenComments}),
      v as (
        select v.comment_id, v.user_id, v.direction, v.seq from ${commentVotes} as v
        where v.comment_id in (select c.id from c where c.voted)
      ),
      named as (
        select unnest(${authors}::text[]) as id
        union select r.user_id from r
        union select c.author_id from c
        union select v.user_id from v
      )
    select json_build_object(
      'reactions', (select coalesce(json_agg(json_build_array(r.post_id, r.user_id, r.kind)
        order by r.seq), '[]'::json) from r),
      'comments', (select coalesce(json_agg(json_build_array(c.id, c.post_id, c.comment_data,
        c.author_id, c.voted, c.parent_id, c.created_at, c.updated_at, c.edited_at, c.n)
        order by c.seq), '[]'::json) from c),
      'votes', (select coalesce(json_agg(json_build_array(v.comment_id, v.user_id, v.direction)
        order by v.seq), '[]'::json) from v),
      'people', (select coalesce(json_agg(json_build_array(u.id, u.username, u.first_name,
        u.last_name, u.profile)), '[]'::json) from ${users} as u where u.id = any(array(select id from named)))
    ))`,
    })
    .from(sql`(values (0)) as one (n)`)
    .prepare(
      `post_set_${every ? 'every' : 'these'}_${own === undefined ? 'all' : own.viewer === null ? 'none' : 'own'}_${own?.comments ?? 'all'}`,
    )
    .execute();
  if (first === undefined) throw new Error('The post set statement returned no row');
  const lists = first.lists;

  const votesByComment = groupBy(lists.votes, ([commentId]) => commentId);
  const commentsByPost = groupBy(lists.comments, ([, postId]) => postId);
  const reactionsByPost = groupBy(lists.reactions, ([postId]) => postId);
  const counted = own?.comments === 'newest';
  const records: PostRecord[] = rows.map((selected) => {
    const reactions = reactionsByPost.get(selected._id) ?? [];
    const postComments = commentsByPost.get(selected._id) ?? [];
    return {
      ...postRow(selected),
      likedByIds: reactions.filter(([, , kind]) => kind === 'like').map(([, userId]) => userId),
      dislikedByIds: reactions
        .filter(([, , kind]) => kind === 'dislike')
        .map(([, userId]) => userId),
      comments: postComments.map(
        ([_id, postId, commentData, authorId, voted, parentId, createdAt, updatedAt, editedAt]) => {
          const {
            postId: _postId,
            voted: _voted,
            ...comment
          } = commentRow({
            _id,
            postId,
            commentData,
            authorId,
            voted,
            parentId,
            createdAt: apiTimestampFromPostgres(createdAt),
            updatedAt: apiTimestampFromPostgres(updatedAt),
            editedAt: editedAt === null ? null : apiTimestampFromPostgres(editedAt),
          });
          if (!voted) return comment satisfies CommentRecord;
          const cast = votesByComment.get(_id) ?? [];
          const votes: VotesRecord = {
            upvotedByIds: cast.filter(([, , way]) => way === 'up').map(([, userId]) => userId),
            downvotedByIds: cast.filter(([, , way]) => way === 'down').map(([, userId]) => userId),
          };
          return { ...comment, votes };
        },
      ),
      ...(counted ? { commentCount: postComments[0]?.[9] ?? 0 } : {}),
    };
  });
  const people = new Map<string, PersonRow>(
    lists.people.map(([_id, username, firstName, lastName, profile]) => [
      _id,
      { _id, username, firstName, lastName, profile },
    ]),
  );
  return { posts: records, people };
}

const postSet0 = (): PostSet => ({ posts: [], people: new Map() });

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
      if (list.ids.length === 0) return postSet0();
      const rows = await tx
        .select(postColumns)
        .from(posts)
        .where(anyOf(posts.id, list.ids))
        .prepare('posts_by_ids')
        .execute();
      return postSet(tx, inOrder(rows, list.ids), { own });
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
  if (ids?.length === 0) return { users: [], people: new Map(), bookmarks: postSet0() };
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
