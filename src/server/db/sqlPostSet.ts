/**
 * A set of posts with everything its answer shows: their reactions, their comments, the
 * comments' votes and everyone these name, in **one statement** (each list a JSON array in the
 * set's order), and the records built from them. `postSet` does it for rows already read (the
 * whole lists, a post's page); a paged feed (./sqlPages.ts) chooses its rows in the same
 * statement. One statement costs one round trip and one plan where four did: on a loaded server
 * the round trips, not the rows, are what a page costs.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CommentRecord, PostRecord, VotesRecord } from '../../service/records';
import type { OwnReactions, PersonRow, PostSet, Reaction, Vote } from '../../service/store';
import {
  apiTimestampFromPostgres,
  bookmarks,
  commentVotes,
  comments,
  postReactions,
  users,
} from './schema';
import {
  commentRow,
  groupBy,
  postRow,
  preparedOnce,
  type PostSelection,
  type SqlExecutor,
} from './sqlRows';

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
  upCount: number | null,
  downCount: number | null,
];
type VoteJson = [commentId: string, userId: string, direction: Vote];
type PersonJson = [
  id: string,
  username: string,
  firstName: string,
  lastName: string,
  profile: string,
];

export interface SetLists {
  /** With a viewer's `own`, the ids of the set's posts they bookmarked. */
  bookmarked: string[];
  reactions: ReactionJson[];
  comments: CommentJson[];
  votes: VoteJson[];
  people: PersonJson[];
}

/** Which posts a set is about, as SQL the statement reads them from. */
export interface SetSource {
  /** Their ids, a `text[]`. */
  ids: SQL;
  /** Their authors' ids, a `text[]`. */
  authors: SQL;
  /** A FROM item with one row per post, its id in `these.id`. */
  these: SQL;
  /** They are every post there is: the tables are read whole, which is what the answer is. */
  every: boolean;
}

/** How a set reads: `own` as the store port says; `viewer` the SQL value of `own.viewer`. */
export interface SetShape {
  own: OwnReactions | undefined;
  viewer: SQL;
}

/**
 * The statement's one JSON value: the set's lists of `source`, after the common table
 * expressions `before` (a page's rows), with `fields` (`'name', value, …`) in front of them.
 */
export function setLists(
  source: SetSource,
  { own, viewer }: SetShape,
  { before, fields }: { before?: SQL; fields?: SQL } = {},
): SQL {
  const onThese = (column: SQL) => (source.every ? sql`true` : sql`${column} = any(${source.ids})`);
  const ownOnly = (column: SQL) =>
    own === undefined ? sql`true` : own.viewer === null ? sql`false` : sql`${column} = ${viewer}`;
  const reactionFilter = ownOnly(sql`r.user_id`);
  // With a viewer's `own`, which of these posts they bookmarked (by the bookmarks' key).
  const bookmarked =
    own?.viewer == null
      ? sql`'[]'::json`
      : sql`(select coalesce(json_agg(b.post_id), '[]'::json) from ${bookmarks} as b
          where b.user_id = ${viewer} and ${onThese(sql`b.post_id`)})`;
  // With `own`, a comment names the viewer's own vote only (its counts come from its row).
  const voteFilter = ownOnly(sql`v.user_id`);
  // Times as text, as the driver hands a timestamptz column to its reader (schema.ts).
  const commentFields = sql`c.id, c.post_id, c.comment_data, c.author_id, c.voted, c.parent_id,
    c.created_at::text as created_at, c.updated_at::text as updated_at,
    c.edited_at::text as edited_at, c.seq`;
  // A card's post: its newest comment (one step back along comments (post_id, seq)) and how
  // many it has (counted on that index, not read), and that comment's vote counts (kept on its
  // row) beside the viewer's own vote: a post with thousands of comments, or a comment with
  // thousands of votes, costs its card no more than one with a few.
  const chosenComments =
    own?.comments === 'newest'
      ? sql`select ${commentFields},
            (select count(*) from ${comments} as k where k.post_id = these.id)::int as n,
            c.up_count, c.down_count
          from ${source.these}
          cross join lateral (
            select * from ${comments} as c where c.post_id = these.id order by c.seq desc limit 1
          ) as c`
      : sql`select ${commentFields}, null::int as n, c.up_count, c.down_count
          from ${comments} as c where ${onThese(sql`c.post_id`)}`;
  return sql`(
    with
      ${before === undefined ? sql`` : sql`${before},`}
      r as (
        select r.post_id, r.user_id, r.kind, r.seq from ${postReactions} as r
        where ${onThese(sql`r.post_id`)} and ${reactionFilter}
      ),
      c as (${chosenComments}),
      v as (
        select v.comment_id, v.user_id, v.direction, v.seq from ${commentVotes} as v
        where v.comment_id = any(array(select c.id from c where c.voted))
          and ${voteFilter}
      ),
      named as (
        select unnest(${source.authors}) as id
        union select r.user_id from r
        union select c.author_id from c
        union select v.user_id from v
      )
    select json_build_object(
      ${fields === undefined ? sql`` : sql`${fields},`}
      'bookmarked', ${bookmarked},
      'reactions', (select coalesce(json_agg(json_build_array(r.post_id, r.user_id, r.kind)
        order by r.seq), '[]'::json) from r),
      'comments', (select coalesce(json_agg(json_build_array(c.id, c.post_id, c.comment_data,
        c.author_id, c.voted, c.parent_id, c.created_at, c.updated_at, c.edited_at, c.n,
        c.up_count, c.down_count) order by c.seq), '[]'::json) from c),
      'votes', (select coalesce(json_agg(json_build_array(v.comment_id, v.user_id, v.direction)
        order by v.seq), '[]'::json) from v),
      'people', (select coalesce(json_agg(json_build_array(u.id, u.username, u.first_name,
        u.last_name, u.profile)), '[]'::json) from ${users} as u
        where u.id = any(array(select id from named)))
    ))`;
}

/** The name of a set's statement for this shape: the same text whenever the shape is the same. */
export const setShapeName = (every: boolean, own: OwnReactions | undefined): string =>
  `${every ? 'every' : 'these'}_${own === undefined ? 'all' : own.viewer === null ? 'none' : 'own'}_${own?.comments ?? 'all'}`;

/** `rows` (in their order) as records, with the lists and people the statement read for them. */
export function assembleSet(
  rows: readonly PostSelection[],
  lists: SetLists,
  own: OwnReactions | undefined,
): PostSet {
  const votesByComment = groupBy(lists.votes, ([commentId]) => commentId);
  const commentsByPost = groupBy(lists.comments, ([, postId]) => postId);
  const reactionsByPost = groupBy(lists.reactions, ([postId]) => postId);
  const newest = own?.comments === 'newest';
  const bookmarked = own?.viewer == null ? null : new Set(lists.bookmarked);
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
        ([
          _id,
          postId,
          commentData,
          authorId,
          voted,
          parentId,
          createdAt,
          updatedAt,
          editedAt,
          ,
          upCount,
          downCount,
        ]) => {
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
            // With `own`, `cast` is the viewer's vote alone; the counts are every vote.
            ...(own !== undefined
              ? { upvoteCount: upCount ?? 0, downvoteCount: downCount ?? 0 }
              : {}),
          };
          return { ...comment, votes };
        },
      ),
      ...(newest ? { commentCount: postComments[0]?.[9] ?? 0 } : {}),
      ...(bookmarked === null ? {} : { bookmarkedByViewer: bookmarked.has(selected._id) }),
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

/** A value of a statement, given when it runs: its text stays the same. */
export const value = (name: string): SQL => sql`${sql.placeholder(name)}`;

/** The columns of a post as a statement's rows list them, `p` being its row. */
export const POST_FIELDS = sql.raw(`p.id, p.content, p.img_content, p.img_alt, p.author_id,
  p.created_at, p.updated_at, p.edited_at, p.like_count, p.img_width, p.img_height,
  p.img_placeholder, p.img_media`);

/** A post as `rowsWithSet` lists it (positional), with its bookmark's `seq` if any. */
type PostRowJson = [
  id: string,
  content: string,
  imgContent: string | null,
  imgAlt: string | null,
  authorId: string,
  createdAt: string,
  updatedAt: string,
  editedAt: string | null,
  likeCount: number,
  seq: number | null,
  imgWidth: number | null,
  imgHeight: number | null,
  imgPlaceholder: string | null,
  imgMedia: string | null,
];

/** A listed post as the port's rows have it. */
export const selection = ([
  _id,
  content,
  imgContent,
  imgAlt,
  authorId,
  createdAt,
  updatedAt,
  editedAt,
  likeCount,
  ,
  imgWidth,
  imgHeight,
  imgPlaceholder,
  imgMedia,
]: PostRowJson): PostSelection => ({
  _id,
  content,
  imgContent,
  imgAlt,
  imgWidth,
  imgHeight,
  imgPlaceholder,
  imgMedia,
  authorId,
  createdAt: apiTimestampFromPostgres(createdAt),
  updatedAt: apiTimestampFromPostgres(updatedAt),
  editedAt: editedAt === null ? null : apiTimestampFromPostgres(editedAt),
  likeCount,
});

/** What `rowsWithSet` answers: the rows in their order, and their set's lists. */
export type RowsWithLists = SetLists & { rows: PostRowJson[] };

export interface RowsWithSet {
  execute(values: Record<string, unknown>): Promise<{ lists: RowsWithLists }[]>;
}

/**
 * One statement that chooses some posts and reads their set: `rows` selects them
 * (`POST_FIELDS, <seq or null> as seq` from `posts as p`, its values placeholders), `order`
 * orders them (on `s`), and the set's lists and people come with them as one JSON value.
 * Prepared once per executor under `name`, which must stand for one text: each connection
 * parses it once and PostgreSQL keeps its plan.
 */
export function rowsWithSet(
  tx: SqlExecutor,
  name: string,
  { rows, order }: { rows: () => SQL; order: string },
  own: OwnReactions | undefined,
): RowsWithSet {
  return preparedOnce(tx, name, (): RowsWithSet => {
    const listed = sql`'rows', (select coalesce(json_agg(json_build_array(s.id, s.content,
      s.img_content, s.img_alt, s.author_id, s.created_at::text, s.updated_at::text,
      s.edited_at::text, s.like_count, s.seq, s.img_width, s.img_height, s.img_placeholder,
      s.img_media) order by ${sql.raw(order)}), '[]'::json)
      from chosen as s)`;
    const lists = setLists(
      {
        ids: sql`array(select id from chosen)`,
        authors: sql`array(select author_id from chosen)`,
        these: sql`chosen as these`,
        every: false,
      },
      { own, viewer: value('viewer') },
      { before: sql`chosen as (${rows()})`, fields: listed },
    );
    return tx
      .select({ lists: sql<RowsWithLists>`${lists}` })
      .from(sql`(values (0)) as one (n)`)
      .prepare(name);
  });
}

export const emptySet = (): PostSet => ({ posts: [], people: new Map() });

/**
 * `rows` (in their order) as records, with everyone they name, read in one statement for these
 * posts only, unless `every` says they are all of them. With `own`, only the viewer's reactions
 * are read (none for no viewer); with `own.comments` 'newest', each post's newest comment and the
 * number of its comments.
 */
export async function postSet(
  tx: SqlExecutor,
  rows: readonly PostSelection[],
  { every = false, own }: { every?: boolean; own?: OwnReactions | undefined } = {},
): Promise<PostSet> {
  if (rows.length === 0) return emptySet();
  const ids = sql`${sql.param(rows.map((row) => row._id))}::text[]`;
  const source: SetSource = {
    ids,
    authors: sql`${sql.param([...new Set(rows.map((row) => row.authorId))])}::text[]`,
    these: sql`unnest(${ids}) as these (id)`,
    every,
  };
  // One row, one json column (both drivers parse it). A prepared statement named by its shape:
  // its text is the same for every call of that shape, so each connection parses it once and
  // PostgreSQL keeps its plan, which costs more than running it.
  const [first] = await tx
    .select({
      lists: sql<SetLists>`${setLists(source, { own, viewer: sql`${own?.viewer ?? null}` })}`,
    })
    .from(sql`(values (0)) as one (n)`)
    .prepare(`post_set_${setShapeName(every, own)}`)
    .execute();
  if (first === undefined) throw new Error('The post set statement returned no row');
  return assembleSet(rows, first.lists, own);
}
