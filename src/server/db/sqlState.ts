/**
 * The whole database at once, as SQL: every record written into empty tables (the seed, a demo
 * reset, a copy between databases), in an order that keeps each list's order, with the hashtags
 * and folded text kept beside them (sqlDerived.ts); and every table emptied.
 */
import type { DatabaseState } from '../../service/records';
import type { UserRow } from '../../service/store';
import {
  bookmarks,
  commentVotes,
  comments,
  follows,
  postReactions,
  postTags,
  posts,
  sessions,
  users,
} from './schema';
import { inbox } from './schemaLive';
import { fold, personSearch } from './sqlDerived';
import type { SqlExecutor } from './sqlRows';
import { hashtagsOf } from '../../api/richText';

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

/** A person as the users table stores them, with the folded names search reads. */
export const userValues = (user: UserRow) => ({
  id: user._id,
  username: user.username,
  passwordHash: user.passwordHash,
  firstName: user.firstName,
  lastName: user.lastName,
  bio: user.bio,
  link: user.link,
  profile: user.profile,
  profileMedia: user.profileMedia ?? null,
  createdAt: user.createdAt,
  updatedAt: user.updatedAt,
  ...personSearch(user),
});

/** Inserts every record of `state` (into empty tables); the lists' order becomes `seq` order. */
export async function insertState(tx: SqlExecutor, state: DatabaseState): Promise<void> {
  const userRows = state.users.map(userValues);
  const postRows = state.posts.map((post) => ({
    id: post._id,
    authorId: post.authorId,
    content: post.content,
    imgContent: post.imgContent ?? null,
    imgAlt: post.imgAlt ?? null,
    imgWidth: post.imgWidth ?? null,
    imgHeight: post.imgHeight ?? null,
    imgPlaceholder: post.imgPlaceholder ?? null,
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
    editedAt: post.editedAt ?? null,
    likeCount: post.likeCount,
    searchText: fold(post.content),
  }));
  const tagRows = state.posts.flatMap((post) =>
    hashtagsOf(post.content).map((tag) => ({ postId: post._id, tag, createdAt: post.createdAt })),
  );
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
      parentId: comment.parentId ?? null,
      voted: comment.votes !== undefined,
      createdAt: comment.createdAt,
      updatedAt: comment.updatedAt,
      editedAt: comment.editedAt ?? null,
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
  if (tagRows.length > 0) await tx.insert(postTags).values(tagRows);
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
    inbox,
    sessions,
    bookmarks,
    follows,
    commentVotes,
    comments,
    postReactions,
    postTags,
    posts,
    users,
  ]) {
    await tx.delete(table);
  }
}
