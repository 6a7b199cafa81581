/**
 * A transaction's lookups (a person, a post, a session by id) and the reads shaped like the
 * answers (./sqlReads.ts, ./sqlPages.ts) on it: what the store port's `Reads` offers, over SQL.
 * The lookups every call makes are prepared by name (see ./sqlStore.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Lookups, Reads } from '../../service/store';
import { posts, sessions, users } from './schema';
import { eventReads } from './sqlEvents';
import { inboxReads } from './sqlInbox';
import { postColumns, postRow, preparedOnce, userColumns, type SqlExecutor } from './sqlRows';
import { peoplePage, personCards, suggestedPeople, postPage } from './sqlPages';
import { mediaReads } from './sqlMedia';
import { inlineAvatars, inlinePostImages } from './sqlMedia';
import { existingUsernames, matchingPeople, postComments, postList, userList } from './sqlReads';

/** The id a lookup's prepared statement is given when it runs. */
const byId = sql.placeholder('id');

/** The lookups, on a read's or a write's transaction; `lockPosts` makes `posts.get` hold the post. */
function lookups(tx: SqlExecutor, lockPosts: boolean): Lookups {
  return {
    users: {
      async get(id) {
        const [row] = await preparedOnce(tx, 'user_by_id', () =>
          tx.select(userColumns).from(users).where(eq(users.id, byId)).prepare('user_by_id'),
        ).execute({ id });
        return row;
      },
      async exists(id) {
        const [row] = await preparedOnce(tx, 'user_exists', () =>
          tx.select({ id: users.id }).from(users).where(eq(users.id, byId)).prepare('user_exists'),
        ).execute({ id });
        return row !== undefined;
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
        const query = () => tx.select(postColumns).from(posts).where(eq(posts.id, byId));
        const [row] = lockPosts
          ? await preparedOnce(tx, 'post_by_id_locked', () =>
              query().for('update').prepare('post_by_id_locked'),
            ).execute({ id })
          : await preparedOnce(tx, 'post_by_id', () => query().prepare('post_by_id')).execute({
              id,
            });
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
    media: mediaReads(tx),
  };
}

/** The lookups and the reads shaped like the answers, on a read's or a write's transaction. */
export function reads(tx: SqlExecutor, lockPosts: boolean): Reads {
  const found = lookups(tx, lockPosts);
  return {
    ...found,
    posts: {
      ...found.posts,
      list: (list, own) => postList(tx, list, own),
      page: (feed, after, limit, own) => postPage(tx, feed, after, limit, own),
      comments: (postId) => postComments(tx, postId),
      inlineImages: (after, limit) => inlinePostImages(tx, after, limit),
    },
    users: {
      ...found.users,
      list: (ids) => userList(tx, ids),
      page: (feed, after, limit) => peoplePage(tx, feed, after, limit),
      cards: (ids, viewer) => personCards(tx, ids, viewer),
      existing: (usernames) => existingUsernames(tx, usernames),
      suggested: (viewer, after, limit) => suggestedPeople(tx, viewer, after, limit),
      matching: (needle, limit) => matchingPeople(tx, needle, limit),
      inlineImages: (after, limit) => inlineAvatars(tx, after, limit),
    },
    inbox: inboxReads(tx),
    events: eventReads(tx),
  };
}
