/**
 * The store port's `Writes` over SQL: one write's repositories on its transaction, where
 * `posts.get` locks the post until the write ends (./sqlStore.ts says how writes are run).
 */
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { CommentRecord } from '../../service/records';
import type {
  CommentRow,
  PostChanges,
  PostRow,
  Reaction,
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
import { commentColumns, commentRow, rowsOf, type SqlTransaction } from './sqlRows';
import { fold, personSearch, writePostTags } from './sqlDerived';

import { reads } from './sqlLookups';
import { mediaWrites } from './sqlMedia';
import { eventWrites, type PendingEvents } from './sqlEvents';
import { inboxWrites, recipientsAbout } from './sqlInbox';
import { userValues } from './sqlState';

const POST_COLUMN_NAMES = Object.keys(getTableColumns(posts));

/** Which of the posts table's columns `keys` name, as a short number (bit i: the i-th column). */
function columnsMask(keys: readonly string[]): string {
  let mask = 0;
  for (const key of keys) {
    const bit = POST_COLUMN_NAMES.indexOf(key);
    if (bit < 0) throw new Error(`posts has no column ${key}`);
    mask |= 1 << bit;
  }
  return mask.toString(36);
}

/** Drops the keys whose value is `undefined` (a change not asked for). */
function defined<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** The repositories of one write's transaction. */
export function writes(tx: SqlTransaction, pending: PendingEvents = []): Writes {
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
          .values(userValues(user))
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
          profileMedia: changes.profileMedia,
          passwordHash: changes.passwordHash,
          updatedAt: changes.updatedAt,
        });
        if (Object.keys(set).length === 0) return;
        const [names] = await tx.update(users).set(set).where(eq(users.id, id)).returning({
          username: users.username,
          firstName: users.firstName,
          lastName: users.lastName,
        });
        if (names && (set.firstName !== undefined || set.lastName !== undefined)) {
          await tx.update(users).set(personSearch(names)).where(eq(users.id, id));
        }
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
          imgWidth: post.imgWidth ?? null,
          imgHeight: post.imgHeight ?? null,
          imgPlaceholder: post.imgPlaceholder ?? null,
          imgMedia: post.imgMedia ?? null,
          createdAt: post.createdAt,
          updatedAt: post.updatedAt,
          editedAt: post.editedAt ?? null,
          likeCount: post.likeCount,
          searchText: fold(post.content),
        });
        await writePostTags(tx, { id: post._id, ...post }, false);
      },
      async update(id: string, changes: PostChanges) {
        const { likeDelta, ...fields } = changes;
        const set = {
          ...defined(fields),
          ...(fields.content === undefined ? {} : { searchText: fold(fields.content) }),
          ...(likeDelta === undefined ? {} : { likeCount: sql`${posts.likeCount} + ${likeDelta}` }),
        };
        if (Object.keys(set).length === 0) return undefined;
        // Named by the columns it sets (a bit each, in the table's order): the same columns, the
        // same text. Spelled out, the names outgrew PostgreSQL's 63 characters, which cuts them.
        const [changed] = await tx
          .update(posts)
          .set(set)
          .where(eq(posts.id, id))
          .returning({
            createdAt: posts.createdAt,
            likeCount: posts.likeCount,
            // Drizzle names an UPDATE's columns without their table: the comment's `id` would win.
            commentCount: sql<number>`(select count(*)::int from ${comments} c
              where c.post_id = ${posts}.id)`,
          })
          .prepare(`post_update_${columnsMask(Object.keys(set))}`)
          .execute();
        if (changed && fields.content !== undefined) {
          await writePostTags(tx, { id, content: fields.content, ...changed }, true);
        }
        return changed && { likeCount: changed.likeCount, commentCount: changed.commentCount };
      },
      async remove(id: string) {
        const told = await recipientsAbout(tx, { postId: id });
        await tx.delete(posts).where(eq(posts.id, id));
        return told;
      },
    },
    reactions: {
      async set(postId: string, userId: string, reaction: Reaction) {
        // A changed reaction takes a new seq (`seq = default` draws the identity's next value):
        // it goes to the end of its list, as a new row would. One statement, which also answers
        // the reaction it replaced (`old` reads the row as it was before this statement), where
        // a read, a delete and an insert took three round trips. Written out: Drizzle's update
        // set leaves out identity columns.
        const result = await tx.execute(sql`
          with old as (
            select r.kind from ${postReactions} as r where r.post_id = ${postId} and r.user_id = ${userId}
          )
          insert into ${postReactions} (post_id, user_id, kind) values (${postId}, ${userId}, ${reaction})
          on conflict (post_id, user_id) do update set kind = excluded.kind, seq = default
          returning (select old.kind from old) as before`);
        const before = rowsOf(result)[0]?.['before'];
        return before === 'like' || before === 'dislike' ? before : undefined;
      },
    },
    comments: {
      async get(postId: string, commentId: string): Promise<CommentRow | undefined> {
        const [row] = await tx
          .select(commentColumns)
          .from(comments)
          .where(commentOf(postId, commentId));
        return row && commentRow(row);
      },
      async insert(postId: string, comment: Omit<CommentRecord, 'votes'>) {
        await tx.insert(comments).values({
          id: comment._id,
          postId,
          authorId: comment.authorId,
          commentData: comment.commentData,
          parentId: comment.parentId ?? null,
          voted: true,
          createdAt: comment.createdAt,
          updatedAt: comment.updatedAt,
        });
      },
      async update(postId, commentId, changes) {
        await tx
          .update(comments)
          .set(
            defined({
              commentData: changes.commentData,
              updatedAt: changes.updatedAt,
              editedAt: changes.editedAt,
            }),
          )
          .where(commentOf(postId, commentId));
      },
      async remove(postId: string, commentId: string) {
        const told = await recipientsAbout(tx, { commentId });
        await tx.delete(comments).where(commentOf(postId, commentId));
        return told;
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
    media: mediaWrites(tx),
    inbox: inboxWrites(tx),
    events: eventWrites(tx, pending),
  };
}
