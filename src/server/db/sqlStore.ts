/**
 * The store port (src/service/store.ts) over SQL, for the Node server: PGlite (embedded) or
 * PostgreSQL, through Drizzle. A read is one REPEATABLE READ READ ONLY transaction, so all its
 * lookups see one moment; a write is one READ COMMITTED transaction in which `posts.get` locks the
 * post (SELECT … FOR UPDATE) until the write ends, and which is run again from the start when
 * PostgreSQL gives up on it for a serialization failure or a deadlock (so may a read, which is
 * tried again too). PGlite has one connection
 * and runs its transactions one after the other (its `transaction()` holds a lock until COMMIT),
 * so calls made at once queue there instead of mixing their statements.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type {
  CommentRecord,
  DatabaseState,
  PostRecord,
  UserRecord,
  VotesRecord,
} from '../../service/records';
import type {
  CommentRow,
  PostChanges,
  PostRow,
  Reaction,
  Reads,
  Store,
  UserChanges,
  UserRow,
  Vote,
  Writes,
} from '../../service/store';
import {
  bookmarks,
  commentVotes,
  comments,
  follows,
  postReactions,
  posts,
  sessions,
  users,
} from './schema';

/** A Drizzle database on PGlite or node-postgres, without relational queries. */
export type SqlDatabase = PgDatabase<PgQueryResultHKT>;

/** One transaction of a {@link SqlDatabase}. */
export type SqlTransaction = Parameters<Parameters<SqlDatabase['transaction']>[0]>[0];

/** What runs the queries: the database itself or one of its transactions. */
export type SqlExecutor = SqlDatabase | SqlTransaction;

/** How many times a write is tried in all when PostgreSQL aborts it for a conflict. */
export const WRITE_ATTEMPTS = 5;

/** SQLSTATEs after which the same transaction may succeed when run again. */
const RETRYABLE = new Set(['40001', '40P01']);

/** The SQLSTATE of a database error, looking through Drizzle's wrapping (`cause`). */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const code: unknown = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` again (up to WRITE_ATTEMPTS in all) after a serialization failure or deadlock.
 * Only whole transactions are run again, so nothing of a failed attempt is left behind.
 */
async function retried<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tried = 1; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      const state = sqlState(error);
      if (tried >= WRITE_ATTEMPTS || state === undefined || !RETRYABLE.has(state)) throw error;
      await pause(Math.random() * 10 * tried);
    }
  }
}

const userColumns = {
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

const postColumns = {
  _id: posts.id,
  content: posts.content,
  imgContent: posts.imgContent,
  imgAlt: posts.imgAlt,
  authorId: posts.authorId,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  editedAt: posts.editedAt,
  likeCount: posts.likeCount,
};

type PostSelection = {
  _id: string;
  content: string;
  imgContent: string | null;
  imgAlt: string | null;
  authorId: string;
  createdAt: string;
  updatedAt: string;
  editedAt: string | null;
  likeCount: number;
};

/** A post row as the port has it: the optional fields absent, not null nor undefined. */
function postRow(selected: PostSelection): PostRow {
  const { imgContent, imgAlt, editedAt, ...rest } = selected;
  const row: PostRow = { ...rest };
  if (imgContent !== null) row.imgContent = imgContent;
  if (imgAlt !== null) row.imgAlt = imgAlt;
  if (editedAt !== null) row.editedAt = editedAt;
  return row;
}

/** Groups `rows` by `key`, keeping their order. */
function groupBy<R>(rows: readonly R[], key: (row: R) => string): Map<string, R[]> {
  const groups = new Map<string, R[]>();
  for (const row of rows) {
    const id = key(row);
    const group = groups.get(id);
    if (group) group.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}

/** Every record, one query per table, lists in `seq` order. */
async function snapshot(db: SqlExecutor): Promise<DatabaseState> {
  const userRows = await db.select(userColumns).from(users).orderBy(asc(users.seq));
  const followRows = await db
    .select({ followerId: follows.followerId, followeeId: follows.followeeId })
    .from(follows)
    .orderBy(asc(follows.seq));
  const bookmarkRows = await db
    .select({ userId: bookmarks.userId, postId: bookmarks.postId })
    .from(bookmarks)
    .orderBy(asc(bookmarks.seq));
  const postRows = await db.select(postColumns).from(posts).orderBy(asc(posts.seq));
  const reactionRows = await db
    .select({
      postId: postReactions.postId,
      userId: postReactions.userId,
      kind: postReactions.kind,
    })
    .from(postReactions)
    .orderBy(asc(postReactions.seq));
  const commentRows = await db
    .select({
      _id: comments.id,
      postId: comments.postId,
      commentData: comments.commentData,
      authorId: comments.authorId,
      voted: comments.voted,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
    })
    .from(comments)
    .orderBy(asc(comments.seq));
  const voteRows = await db
    .select({
      commentId: commentVotes.commentId,
      userId: commentVotes.userId,
      direction: commentVotes.direction,
    })
    .from(commentVotes)
    .orderBy(asc(commentVotes.seq));

  const followers = groupBy(followRows, (row) => row.followeeId);
  const following = groupBy(followRows, (row) => row.followerId);
  const bookmarked = groupBy(bookmarkRows, (row) => row.userId);
  const userRecords: UserRecord[] = userRows.map((user) => ({
    ...user,
    followerIds: (followers.get(user._id) ?? []).map((row) => row.followerId),
    followingIds: (following.get(user._id) ?? []).map((row) => row.followeeId),
    bookmarkIds: (bookmarked.get(user._id) ?? []).map((row) => row.postId),
  }));

  const votesByComment = groupBy(voteRows, (row) => row.commentId);
  const commentsByPost = groupBy(commentRows, (row) => row.postId);
  const reactionsByPost = groupBy(reactionRows, (row) => row.postId);
  const postRecords: PostRecord[] = postRows.map((selected) => {
    const reactions = reactionsByPost.get(selected._id) ?? [];
    return {
      ...postRow(selected),
      likedByIds: reactions.filter((row) => row.kind === 'like').map((row) => row.userId),
      dislikedByIds: reactions.filter((row) => row.kind === 'dislike').map((row) => row.userId),
      comments: (commentsByPost.get(selected._id) ?? []).map(
        ({ postId: _postId, voted, ...comment }): CommentRecord => {
          if (!voted) return comment;
          const cast = votesByComment.get(comment._id) ?? [];
          const votes: VotesRecord = {
            upvotedByIds: cast.filter((row) => row.direction === 'up').map((row) => row.userId),
            downvotedByIds: cast.filter((row) => row.direction === 'down').map((row) => row.userId),
          };
          return { ...comment, votes };
        },
      ),
    };
  });

  return { users: userRecords, posts: postRecords };
}

/** The lookups, on a read's or a write's transaction; `lockPosts` makes `posts.get` hold the post. */
function reads(tx: SqlTransaction, lockPosts: boolean): Reads {
  return {
    users: {
      async get(id) {
        const [row] = await tx.select(userColumns).from(users).where(eq(users.id, id));
        return row;
      },
      async byUsername(username) {
        const [row] = await tx
          .select(userColumns)
          .from(users)
          .where(sql`lower(${users.username}) = lower(${username})`);
        return row;
      },
    },
    posts: {
      async get(id) {
        const query = tx.select(postColumns).from(posts).where(eq(posts.id, id));
        const [row] = lockPosts ? await query.for('update') : await query;
        return row && postRow(row);
      },
    },
    sessions: {
      async has(userId, sessionId) {
        const [row] = await tx
          .select({ id: sessions.id })
          .from(sessions)
          .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
        return row !== undefined;
      },
    },
    snapshot: () => snapshot(tx),
  };
}

/** Drops the keys whose value is `undefined` (a change not asked for). */
function defined<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** The repositories of one write's transaction. */
function writes(tx: SqlTransaction): Writes {
  const lookups = reads(tx, true);
  const commentOf = (postId: string, commentId: string) =>
    and(eq(comments.id, commentId), eq(comments.postId, postId));
  return {
    ...lookups,
    users: {
      ...lookups.users,
      async insert(user: UserRow) {
        const inserted = await tx
          .insert(users)
          .values({
            id: user._id,
            username: user.username,
            passwordHash: user.passwordHash,
            firstName: user.firstName,
            lastName: user.lastName,
            bio: user.bio,
            link: user.link,
            profile: user.profile,
            createdAt: user.createdAt,
            updatedAt: user.updatedAt,
          })
          .onConflictDoNothing()
          .returning({ id: users.id });
        if (inserted.length > 0) return true;
        // Only a taken username is an answer; the other conflict (an id used twice) is a bug.
        if (await lookups.users.byUsername(user.username)) return false;
        throw new Error(`A person with the id ${user._id} is already stored`);
      },
      async update(id: string, changes: UserChanges) {
        const set = defined({
          firstName: changes.firstName,
          lastName: changes.lastName,
          bio: changes.bio,
          link: changes.link,
          profile: changes.profile,
          passwordHash: changes.passwordHash,
          updatedAt: changes.updatedAt,
        });
        if (Object.keys(set).length === 0) return;
        await tx.update(users).set(set).where(eq(users.id, id));
      },
      async touch(ids: readonly string[], stamp: string) {
        const sorted = [...new Set(ids)].sort();
        if (sorted.length === 0) return;
        // Locked in one order (by id) by every write, so two touches cannot deadlock.
        await tx
          .select({ id: users.id })
          .from(users)
          .where(inArray(users.id, sorted))
          .orderBy(asc(users.id))
          .for('update');
        await tx.update(users).set({ updatedAt: stamp }).where(inArray(users.id, sorted));
      },
    },
    posts: {
      ...lookups.posts,
      async insert(post: PostRow) {
        await tx.insert(posts).values({
          id: post._id,
          authorId: post.authorId,
          content: post.content,
          imgContent: post.imgContent ?? null,
          imgAlt: post.imgAlt ?? null,
          createdAt: post.createdAt,
          updatedAt: post.updatedAt,
          editedAt: post.editedAt ?? null,
          likeCount: post.likeCount,
        });
      },
      async update(id: string, changes: PostChanges) {
        const { likeDelta, ...fields } = changes;
        const set = {
          ...defined(fields),
          ...(likeDelta === undefined ? {} : { likeCount: sql`${posts.likeCount} + ${likeDelta}` }),
        };
        if (Object.keys(set).length === 0) return;
        await tx.update(posts).set(set).where(eq(posts.id, id));
      },
      async remove(id: string) {
        await tx.delete(posts).where(eq(posts.id, id));
      },
    },
    reactions: {
      async get(postId: string, userId: string) {
        const [row] = await tx
          .select({ kind: postReactions.kind })
          .from(postReactions)
          .where(and(eq(postReactions.postId, postId), eq(postReactions.userId, userId)));
        return row?.kind;
      },
      async set(postId: string, userId: string, reaction: Reaction) {
        // A new row, so a new seq: the reaction goes to the end of its list.
        await tx
          .delete(postReactions)
          .where(and(eq(postReactions.postId, postId), eq(postReactions.userId, userId)));
        await tx.insert(postReactions).values({ postId, userId, kind: reaction });
      },
    },
    comments: {
      async get(postId: string, commentId: string): Promise<CommentRow | undefined> {
        const [row] = await tx
          .select({
            _id: comments.id,
            postId: comments.postId,
            commentData: comments.commentData,
            authorId: comments.authorId,
            voted: comments.voted,
            createdAt: comments.createdAt,
            updatedAt: comments.updatedAt,
          })
          .from(comments)
          .where(commentOf(postId, commentId));
        return row;
      },
      async insert(postId: string, comment: Omit<CommentRecord, 'votes'>) {
        await tx.insert(comments).values({
          id: comment._id,
          postId,
          authorId: comment.authorId,
          commentData: comment.commentData,
          voted: true,
          createdAt: comment.createdAt,
          updatedAt: comment.updatedAt,
        });
      },
      async update(postId, commentId, changes) {
        await tx
          .update(comments)
          .set(defined({ commentData: changes.commentData, updatedAt: changes.updatedAt }))
          .where(commentOf(postId, commentId));
      },
      async remove(postId: string, commentId: string) {
        await tx.delete(comments).where(commentOf(postId, commentId));
      },
    },
    votes: {
      async get(postId: string, commentId: string, userId: string) {
        const [row] = await tx
          .select({ direction: commentVotes.direction })
          .from(commentVotes)
          .innerJoin(comments, eq(comments.id, commentVotes.commentId))
          .where(
            and(
              eq(commentVotes.commentId, commentId),
              eq(commentVotes.userId, userId),
              eq(comments.postId, postId),
            ),
          );
        return row?.direction;
      },
      async set(postId: string, commentId: string, userId: string, vote: Vote | undefined) {
        // The first vote gives the comment its lists of votes; no comment there, nothing to do.
        const [comment] = await tx
          .update(comments)
          .set({ voted: true })
          .where(commentOf(postId, commentId))
          .returning({ id: comments.id });
        if (!comment) return;
        await tx
          .delete(commentVotes)
          .where(and(eq(commentVotes.commentId, commentId), eq(commentVotes.userId, userId)));
        if (vote !== undefined) {
          await tx.insert(commentVotes).values({ commentId, userId, direction: vote });
        }
      },
    },
    bookmarks: {
      async add(userId: string, postId: string) {
        const added = await tx
          .insert(bookmarks)
          .values({ userId, postId })
          .onConflictDoNothing()
          .returning({ postId: bookmarks.postId });
        return added.length > 0;
      },
      async remove(userId: string, postId: string) {
        const removed = await tx
          .delete(bookmarks)
          .where(and(eq(bookmarks.userId, userId), eq(bookmarks.postId, postId)))
          .returning({ postId: bookmarks.postId });
        return removed.length > 0;
      },
      async holders(postId: string) {
        const rows = await tx
          .select({ userId: bookmarks.userId })
          .from(bookmarks)
          .where(eq(bookmarks.postId, postId))
          .orderBy(asc(bookmarks.seq));
        return rows.map((row) => row.userId);
      },
    },
    sessions: {
      ...lookups.sessions,
      async open(userId, sessionId, createdAt) {
        await tx.insert(sessions).values({ id: sessionId, userId, createdAt });
      },
      async close(userId, sessionId) {
        const closed = await tx
          .delete(sessions)
          .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
          .returning({ id: sessions.id });
        return closed.length > 0;
      },
      async closeOthers(userId, keep) {
        await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keep}`));
      },
    },
    follows: {
      async add(followerId: string, followeeId: string) {
        const added = await tx
          .insert(follows)
          .values({ followerId, followeeId })
          .onConflictDoNothing()
          .returning({ followeeId: follows.followeeId });
        return added.length > 0;
      },
      async remove(followerId: string, followeeId: string) {
        const removed = await tx
          .delete(follows)
          .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
          .returning({ followeeId: follows.followeeId });
        return removed.length > 0;
      },
    },
  };
}

/**
 * The follows of `state` in an order that keeps both sides' lists: each person's `followingIds`
 * and each person's `followerIds` are read back in `seq` order, so a follow must be inserted after
 * the ones before it in both lists. Throws when the two sides cannot agree (a cycle).
 */
export function followOrder(state: DatabaseState): { followerId: string; followeeId: string }[] {
  const key = (followerId: string, followeeId: string) => `${followerId}\u0000${followeeId}`;
  type Edge = { followerId: string; followeeId: string; after: string[]; sides: Set<string> };
  const edges = new Map<string, Edge>();
  const edge = (followerId: string, followeeId: string, side: 'following' | 'followers') => {
    const id = key(followerId, followeeId);
    let found = edges.get(id);
    if (!found) {
      found = { followerId, followeeId, after: [], sides: new Set() };
      edges.set(id, found);
    }
    found.sides.add(side);
    return found;
  };
  for (const user of state.users) {
    user.followingIds.forEach((followeeId, index) => {
      const previous = user.followingIds[index - 1];
      const current = edge(user._id, followeeId, 'following');
      if (previous !== undefined) current.after.push(key(user._id, previous));
    });
    user.followerIds.forEach((followerId, index) => {
      const previous = user.followerIds[index - 1];
      const current = edge(followerId, user._id, 'followers');
      if (previous !== undefined) current.after.push(key(previous, user._id));
    });
  }
  for (const { followerId, followeeId, sides } of edges.values()) {
    if (sides.size < 2) {
      throw new Error(`A follow is listed on one side only: ${followerId} → ${followeeId}`);
    }
  }
  const ordered: { followerId: string; followeeId: string }[] = [];
  const done = new Set<string>();
  const visiting = new Set<string>();
  const visit = (id: string) => {
    if (done.has(id)) return;
    if (visiting.has(id)) throw new Error('The follow lists of the seed contradict each other');
    const current = edges.get(id);
    if (!current) throw new Error(`No such follow: ${id}`);
    visiting.add(id);
    current.after.forEach(visit);
    visiting.delete(id);
    done.add(id);
    ordered.push({ followerId: current.followerId, followeeId: current.followeeId });
  };
  [...edges.keys()].forEach(visit);
  return ordered;
}

/** Inserts every record of `state` (into empty tables); the lists' order becomes `seq` order. */
export async function insertState(tx: SqlExecutor, state: DatabaseState): Promise<void> {
  const userRows = state.users.map((user) => ({
    id: user._id,
    username: user.username,
    passwordHash: user.passwordHash,
    firstName: user.firstName,
    lastName: user.lastName,
    bio: user.bio,
    link: user.link,
    profile: user.profile,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  }));
  const postRows = state.posts.map((post) => ({
    id: post._id,
    authorId: post.authorId,
    content: post.content,
    imgContent: post.imgContent ?? null,
    imgAlt: post.imgAlt ?? null,
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
    editedAt: post.editedAt ?? null,
    likeCount: post.likeCount,
  }));
  const reactionRows = state.posts.flatMap((post) => [
    ...post.likedByIds.map((userId) => ({ postId: post._id, userId, kind: 'like' as const })),
    ...post.dislikedByIds.map((userId) => ({ postId: post._id, userId, kind: 'dislike' as const })),
  ]);
  const commentRows = state.posts.flatMap((post) =>
    post.comments.map((comment) => ({
      id: comment._id,
      postId: post._id,
      authorId: comment.authorId,
      commentData: comment.commentData,
      voted: comment.votes !== undefined,
      createdAt: comment.createdAt,
      updatedAt: comment.updatedAt,
    })),
  );
  const voteRows = state.posts.flatMap((post) =>
    post.comments.flatMap((comment) => [
      ...(comment.votes?.upvotedByIds ?? []).map((userId) => ({
        commentId: comment._id,
        userId,
        direction: 'up' as const,
      })),
      ...(comment.votes?.downvotedByIds ?? []).map((userId) => ({
        commentId: comment._id,
        userId,
        direction: 'down' as const,
      })),
    ]),
  );
  const bookmarkRows = state.users.flatMap((user) =>
    user.bookmarkIds.map((postId) => ({ userId: user._id, postId })),
  );
  const followRows = followOrder(state);

  // One row at a time: identity values follow the order of the statements, which a multi-row
  // INSERT does not promise in so many words.
  for (const row of userRows) await tx.insert(users).values(row);
  for (const row of postRows) await tx.insert(posts).values(row);
  for (const row of reactionRows) await tx.insert(postReactions).values(row);
  for (const row of commentRows) await tx.insert(comments).values(row);
  for (const row of voteRows) await tx.insert(commentVotes).values(row);
  for (const row of followRows) await tx.insert(follows).values(row);
  for (const row of bookmarkRows) await tx.insert(bookmarks).values(row);
}

/**
 * Empties every table, children first. DELETE rather than TRUNCATE: a read that began before
 * keeps seeing its snapshot (TRUNCATE is not MVCC-safe and would show it empty tables).
 */
export async function clearAll(tx: SqlExecutor): Promise<void> {
  for (const table of [
    sessions,
    bookmarks,
    follows,
    commentVotes,
    comments,
    postReactions,
    posts,
    users,
  ]) {
    await tx.delete(table);
  }
}

/** The store over `db`; `seed` gives the records `reset()` puts back. */
export function createSqlStore(db: SqlDatabase, seed: () => DatabaseState): Store {
  return {
    read: (work) =>
      retried(() =>
        db.transaction((tx) => work(reads(tx, false)), {
          isolationLevel: 'repeatable read',
          accessMode: 'read only',
        }),
      ),
    write: (work) =>
      retried(() => db.transaction((tx) => work(writes(tx)), { isolationLevel: 'read committed' })),
    reset: () =>
      retried(() =>
        db.transaction(async (tx) => {
          // The seed's people keep their sessions: a reset puts records back, not logins.
          const open = await tx.select().from(sessions).orderBy(asc(sessions.seq));
          await clearAll(tx);
          const state = seed();
          await insertState(tx, state);
          const remaining = new Set(state.users.map((user) => user._id));
          for (const { id, userId, createdAt } of open) {
            if (remaining.has(userId)) await tx.insert(sessions).values({ id, userId, createdAt });
          }
        }),
      ),
    call: (work) => work(),
  };
}
