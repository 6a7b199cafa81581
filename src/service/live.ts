/**
 * What the live stream is told of each change, logged by the write that makes it (so an event is
 * streamed only if its change was kept, and in the order the changes were kept): posts published,
 * edited and deleted, or whose comment was edited or voted on; a post's counts after a like, a dislike, a comment or a deletion of one; a
 * follow or an unfollow; and, to one person only, their unread count when their notifications
 * change (src/service/inbox.ts), also when they go with a deleted post or comment. Events carry ids and counts, never a post's text: a page that
 * shows the post reads it. A follow also names the one followed (a summary), so the follower's
 * other tabs and devices list them without a read; a bookmark is told to its maker only.
 */
import type { LiveEvent, UserSummary } from '../api/types';
import type { PostCounts, Writes } from './store';

export const postChanged = (
  writes: Writes,
  post: { _id: string; authorId: string },
  change: Extract<LiveEvent, { type: 'post' }>['change'],
) =>
  writes.events.append({ type: 'post', postId: post._id, authorId: post.authorId, change }, null);

/** The post's like and comment counts as the write leaves them (`posts.update` answers them). */
export async function countsChanged(
  writes: Writes,
  postId: string,
  counts: PostCounts | undefined,
): Promise<void> {
  if (counts === undefined) return;
  await writes.events.append({ type: 'counts', postId, ...counts }, null);
}

export const followChanged = (
  writes: Writes,
  followerId: string,
  followee: UserSummary,
  following: boolean,
) =>
  writes.events.append(
    { type: 'follow', followerId, followeeId: followee._id, following, followee },
    null,
  );

/** One's own bookmark changed: told to them only (their other tabs and devices). */
export const bookmarkChanged = (
  writes: Writes,
  userId: string,
  postId: string,
  bookmarked: boolean,
) => writes.events.append({ type: 'bookmark', postId, bookmarked }, userId);

/** The person's notifications changed: their stream is told the unread count. */
export async function inboxChanged(writes: Writes, recipientId: string): Promise<void> {
  const unread = await writes.inbox.unread(recipientId);
  await writes.events.append({ type: 'inbox', unread }, recipientId);
}

/** Notifications went with a deleted post or comment: each of these people is told their count. */
export async function inboxesChanged(writes: Writes, recipientIds: readonly string[]) {
  for (const id of recipientIds) await inboxChanged(writes, id);
}
