/**
 * How the SQL tables' rows read as the store port's rows: the Drizzle types the store runs on and
 * the columns it selects (shared by the store's lookups and by the whole-database reads).
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { CommentRow, PostRow } from '../../service/store';
import { comments, posts, users } from './schema';

/** A Drizzle database on PGlite or node-postgres, without relational queries. */
export type SqlDatabase = PgDatabase<PgQueryResultHKT>;

/** One transaction of a {@link SqlDatabase}. */
export type SqlTransaction = Parameters<Parameters<SqlDatabase['transaction']>[0]>[0];

/** What runs the queries: the database itself or one of its transactions. */
export type SqlExecutor = SqlDatabase | SqlTransaction;

/**
 * The rows a raw statement (`execute(sql…)`) answered. Both drivers answer `{ rows }`, of
 * objects by column name; the type says `unknown`, as the executor may be either.
 */
export function rowsOf(result: unknown): readonly Record<string, unknown>[] {
  if (typeof result !== 'object' || result === null || !('rows' in result)) return [];
  const { rows } = result;
  return Array.isArray(rows)
    ? rows.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null)
    : [];
}

export const userColumns = {
  _id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  passwordHash: users.passwordHash,
  bio: users.bio,
  link: users.link,
  profile: users.profile,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export const postColumns = {
  _id: posts.id,
  content: posts.content,
  imgContent: posts.imgContent,
  imgAlt: posts.imgAlt,
  imgWidth: posts.imgWidth,
  imgHeight: posts.imgHeight,
  imgPlaceholder: posts.imgPlaceholder,
  imgMedia: posts.imgMedia,
  authorId: posts.authorId,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  editedAt: posts.editedAt,
  likeCount: posts.likeCount,
};

export type PostSelection = {
  _id: string;
  content: string;
  imgContent: string | null;
  imgAlt: string | null;
  imgWidth: number | null;
  imgHeight: number | null;
  imgPlaceholder: string | null;
  imgMedia: string | null;
  authorId: string;
  createdAt: string;
  updatedAt: string;
  editedAt: string | null;
  likeCount: number;
};

/** A post row as the port has it: the optional fields absent, not null nor undefined. */
export function postRow(selected: PostSelection): PostRow {
  const { imgContent, imgAlt, imgWidth, imgHeight, imgPlaceholder, imgMedia, editedAt, ...rest } =
    selected;
  const row: PostRow = { ...rest };
  if (imgContent !== null) row.imgContent = imgContent;
  if (imgAlt !== null) row.imgAlt = imgAlt;
  if (imgWidth !== null) row.imgWidth = imgWidth;
  if (imgHeight !== null) row.imgHeight = imgHeight;
  if (imgPlaceholder !== null) row.imgPlaceholder = imgPlaceholder;
  if (imgMedia !== null) row.imgMedia = imgMedia;
  if (editedAt !== null) row.editedAt = editedAt;
  return row;
}

/** The columns of a comment row as the store port has it (`CommentRow`): its votes apart. */
export const commentColumns = {
  _id: comments.id,
  postId: comments.postId,
  commentData: comments.commentData,
  authorId: comments.authorId,
  voted: comments.voted,
  parentId: comments.parentId,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
  editedAt: comments.editedAt,
};

/**
 * A selected comment row as the port has it: a comment that answers none has no `parentId`, one
 * never edited no `editedAt`.
 */
export function commentRow(
  selected: Omit<CommentRow, 'parentId' | 'editedAt'> & {
    parentId: string | null;
    editedAt: string | null;
  },
): CommentRow {
  const { parentId, editedAt, ...row } = selected;
  return {
    ...row,
    ...(parentId === null ? {} : { parentId }),
    ...(editedAt === null ? {} : { editedAt }),
  };
}

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

/** The statements prepared on each executor (the store's pool, or one transaction), by name. */
const preparedStatements = new WeakMap<SqlExecutor, Map<string, unknown>>();

/**
 * The statement `name` on `tx`, built by `build` the first time only: building a statement's text
 * (Drizzle walks its query each time) costs more than running it once it is prepared. `name` must
 * always stand for one text, since PostgreSQL keeps it per connection under that name.
 */
export function preparedOnce<P>(tx: SqlExecutor, name: string, build: () => P): P {
  let statements = preparedStatements.get(tx);
  if (statements === undefined) {
    statements = new Map<string, unknown>();
    preparedStatements.set(tx, statements);
  }
  if (statements.has(name)) return statements.get(name) as P;
  const statement = build();
  statements.set(name, statement);
  return statement;
}
