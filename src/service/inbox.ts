/**
 * Notifications: what others do to a person or to what they wrote, kept as entries in the
 * person's inbox (store.ts `InboxEntry`) by the same write that does it, and read back grouped
 * ("Maya and 3 others liked your post"). The rules, in one place:
 * - no one is told of their own doing (liking one's own post, replying to oneself);
 * - one entry per person per notification: liking again after taking a like back is one like;
 * - what is undone takes its entry back: a like turned dislike (and the reverse), an unfollow, a
 *   vote withdrawn or turned, a mention edited away; what is deleted takes its entries with it
 *   (the store's part: a post's, a comment's);
 * - a reply tells the author of the comment answered, not the post's author as a comment too
 *   (one notification for one comment); a mention tells each person named, at most ten, but not
 *   the person the comment already tells it answers them ("commented on your post" says it).
 * The endpoints read a page, the unread count, and move the read mark (kept on the server, so
 * every device of the person agrees).
 */
import { readMarkBody } from '../api/bodies';
import { mentionsOf } from '../api/richText';
import type { Notification, NotificationPage, UnreadCount } from '../api/types';
import type { ServiceContext } from './context';
import { readPage, writeCursor, type PageRequest } from './paging';
import * as live from './live';
import type { InboxEntry, InboxGroup, InboxKey, Reaction, Vote, Writes } from './store';
import { parseBody } from './validation';
import { summary } from './views';

type Entry = Omit<InboxEntry, 'recipientId'>;

/** Adds the entry for `recipientId`, unless it is the actor's own doing; their stream is told. */
async function tell(writes: Writes, recipientId: string, entry: Entry): Promise<void> {
  if (recipientId === entry.actorId) return;
  await writes.inbox.add({ recipientId, ...entry });
  await live.inboxChanged(writes, recipientId);
}

/** Takes the entry back; the recipient's stream is told. */
async function take(writes: Writes, key: InboxKey): Promise<void> {
  await writes.inbox.remove(key);
  await live.inboxChanged(writes, key.recipientId);
}

/** A reaction to a post changed from `before` to `after`: its author is told of the new one. */
export async function reactionChanged(
  writes: Writes,
  post: { _id: string; authorId: string },
  actorId: string,
  before: Reaction | undefined,
  after: Reaction,
  at: string,
): Promise<void> {
  if (post.authorId === actorId) return;
  const key = { recipientId: post.authorId, target: post._id, actorId };
  // The old one goes without a word: telling of the new one tells the count once.
  if (before !== undefined) await writes.inbox.remove({ ...key, kind: before });
  await tell(writes, post.authorId, {
    kind: after,
    actorId,
    target: post._id,
    postId: post._id,
    at,
  });
}

/** A vote on a comment changed: its author is told of the new one (none: taken back). */
export async function voteChanged(
  writes: Writes,
  comment: { _id: string; postId: string; authorId: string },
  actorId: string,
  before: Vote | undefined,
  after: Vote | undefined,
  at: string,
): Promise<void> {
  if (comment.authorId === actorId) return;
  const key = { recipientId: comment.authorId, target: comment._id, actorId };
  const kindOf = (vote: Vote) => (vote === 'up' ? 'upvote' : 'downvote');
  if (after === undefined) {
    if (before !== undefined) await take(writes, { ...key, kind: kindOf(before) });
    return;
  }
  // A turned vote: the old one goes without a word, as a turned reaction's does.
  if (before !== undefined) await writes.inbox.remove({ ...key, kind: kindOf(before) });
  await tell(writes, comment.authorId, {
    kind: kindOf(after),
    actorId,
    target: comment._id,
    postId: comment.postId,
    commentId: comment._id,
    at,
  });
}

/** A follow began or ended. */
export async function followChanged(
  writes: Writes,
  followerId: string,
  followeeId: string,
  following: boolean,
  at: string,
): Promise<void> {
  const key = { recipientId: followeeId, kind: 'follow', target: '', actorId: followerId } as const;
  if (following) await tell(writes, followeeId, { ...key, at });
  else await take(writes, key);
}

/** The people `text` mentions who exist, by id. */
async function mentioned(writes: Writes, text: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const username of mentionsOf(text)) {
    const person = await writes.users.byUsername(username);
    if (person !== undefined) ids.add(person._id);
  }
  return ids;
}

/**
 * A text was written or rewritten (`before`: its earlier text, '' for a new one): the people it
 * mentions now and did not before are told; those it no longer mentions are taken back. `answers`:
 * whom a comment is told to already (the post's or the answered comment's author), not told twice.
 */
export async function mentionsChanged(
  writes: Writes,
  about: { postId: string; commentId?: string },
  actorId: string,
  before: string,
  after: string,
  at: string,
  answers?: string,
): Promise<void> {
  const target = about.commentId ?? about.postId;
  const was = before === '' ? new Set<string>() : await mentioned(writes, before);
  const now = await mentioned(writes, after);
  if (answers !== undefined) {
    was.delete(answers);
    now.delete(answers);
  }
  for (const id of was) {
    if (!now.has(id)) await take(writes, { recipientId: id, kind: 'mention', target, actorId });
  }
  for (const id of now) {
    if (!was.has(id)) await tell(writes, id, { kind: 'mention', actorId, target, ...about, at });
  }
}

/**
 * A comment was written on a post: a reply tells the author of the comment it answers (`answered`),
 * any other comment the post's author; and the people it mentions.
 */
export async function commentWritten(
  writes: Writes,
  post: { _id: string; authorId: string },
  comment: { _id: string; commentData: string; authorId: string },
  answered: { _id: string; authorId: string } | undefined,
  at: string,
): Promise<void> {
  const about = { postId: post._id, commentId: comment._id };
  const actorId = comment.authorId;
  const answers = answered?.authorId ?? post.authorId;
  if (answered === undefined) {
    await tell(writes, post.authorId, { kind: 'comment', actorId, target: post._id, ...about, at });
  } else {
    await tell(writes, answered.authorId, {
      kind: 'reply',
      actorId,
      target: answered._id,
      ...about,
      at,
    });
  }
  await mentionsChanged(writes, about, actorId, '', comment.commentData, at, answers);
}

/** A notification as the API shows it. */
function notification(group: InboxGroup): Notification {
  const { kind, target, postId, commentId, excerpt } = group;
  return {
    id: `${kind}:${target}`,
    kind,
    actors: group.actors.map((person) => summary(person)),
    actorCount: group.count,
    ...(postId === undefined ? {} : { postId }),
    ...(commentId === undefined ? {} : { commentId }),
    ...(excerpt === undefined ? {} : { excerpt }),
    createdAt: group.at,
    seq: group.seq,
    unread: group.unread,
  };
}

/** A page of the person's notifications, newest first, and their unread count. */
export function notificationPage(
  ctx: ServiceContext,
  actorId: string,
  page: PageRequest,
): Promise<NotificationPage> {
  const { after, limit } = readPage(page, 'seq');
  return ctx.store.read(async (reads) => {
    const { items, next } = await reads.inbox.page(actorId, after, limit);
    return {
      notifications: items.map(notification),
      next: writeCursor(next),
      unread: await reads.inbox.unread(actorId),
    };
  });
}

export function unreadCount(ctx: ServiceContext, actorId: string): Promise<UnreadCount> {
  return ctx.store.readEach(async (reads) => ({ unread: await reads.inbox.unread(actorId) }));
}

/** Marks the notifications read up to the `seq` sent; answers what is still unread. */
export function markRead(
  ctx: ServiceContext,
  actorId: string,
  body: unknown,
): Promise<UnreadCount> {
  const { upTo } = parseBody(readMarkBody, body);
  return ctx.store.write(async (writes) => {
    await writes.inbox.markRead(actorId, upTo);
    // The person's other devices are told too, so their bells agree.
    await live.inboxChanged(writes, actorId);
    return { unread: await writes.inbox.unread(actorId) };
  });
}
