/**
 * The browser store's notifications: each person's entries kept with their record
 * (records.ts `UserRecord.inbox`), grouped on reading as the SQL store groups its table's rows.
 * Entries go with the post or comment they name (`forgetInbox`, called where those are removed).
 */
import { UNREAD_RULE } from '../../api/rules';
import type { InboxRecord, UserRecord } from '../../service/records';
import {
  INBOX_EXCERPT,
  type InboxGroup,
  type InboxKey,
  type Reads,
  type Writes,
} from '../../service/store';
import type { RecordFinders } from './indexes';

type Inbox = NonNullable<UserRecord['inbox']>;

const sameEntry = (key: Omit<InboxKey, 'recipientId'>) => (entry: InboxRecord) =>
  entry.kind === key.kind && entry.target === key.target && entry.actorId === key.actorId;

/** The text a notification shows: the comment's, else the post's. */
function excerptOf(find: RecordFinders, entry: InboxRecord): string | undefined {
  if (entry.postId === undefined) return undefined;
  const post = find.post(entry.postId);
  const text =
    entry.commentId === undefined
      ? post?.content
      : post?.comments.find((comment) => comment._id === entry.commentId)?.commentData;
  return text === undefined ? undefined : Array.from(text).slice(0, INBOX_EXCERPT).join('');
}

/** A person's entries grouped by kind and target, newest group first. */
function groupsOf(find: RecordFinders, inbox: Inbox): InboxGroup[] {
  const groups = new Map<string, InboxRecord[]>();
  for (const entry of [...inbox.entries].sort((a, b) => b.seq - a.seq)) {
    const key = `${entry.kind}:${entry.target}`;
    const list = groups.get(key);
    if (list === undefined) groups.set(key, [entry]);
    else list.push(entry);
  }
  return [...groups.values()].map((entries) => {
    const [newest] = entries as [InboxRecord, ...InboxRecord[]];
    const excerpt = excerptOf(find, newest);
    return {
      kind: newest.kind,
      target: newest.target,
      ...(newest.postId === undefined ? {} : { postId: newest.postId }),
      ...(newest.commentId === undefined ? {} : { commentId: newest.commentId }),
      at: newest.at,
      seq: newest.seq,
      count: entries.length,
      actors: entries.slice(0, 3).flatMap((entry) => {
        const person = find.user(entry.actorId);
        return person === undefined ? [] : [person];
      }),
      ...(excerpt === undefined ? {} : { excerpt }),
      unread: newest.seq > inbox.readSeq,
    };
  });
}

export function inboxReads(find: RecordFinders): Reads['inbox'] {
  return {
    page(userId, after, limit) {
      if (after !== null && !('seq' in after)) throw new Error('Notifications page by { seq }');
      const inbox = find.user(userId)?.inbox;
      const groups = inbox === undefined ? [] : groupsOf(find, inbox);
      const start = after === null ? groups : groups.filter((group) => group.seq < after.seq);
      const items = start.slice(0, limit);
      const last = items.at(-1);
      return Promise.resolve({
        items,
        next: start.length > limit && last !== undefined ? { seq: last.seq } : null,
      });
    },
    unread(userId) {
      const inbox = find.user(userId)?.inbox;
      if (inbox === undefined) return Promise.resolve(0);
      const unread = new Set(
        inbox.entries
          .filter((entry) => entry.seq > inbox.readSeq)
          .map((entry) => `${entry.kind}:${entry.target}`),
      );
      return Promise.resolve(Math.min(unread.size, UNREAD_RULE.countedUpTo));
    },
  };
}

/**
 * A write's notifications: `user` gives the person's record to change (in the write's draft),
 * `find` reads as the write has left things so far.
 */
export function inboxWrites(
  find: RecordFinders,
  user: (id: string) => UserRecord,
): Writes['inbox'] {
  const inboxOf = (id: string): Inbox => {
    const record = user(id);
    return (record.inbox ??= { entries: [], seq: 0, readSeq: 0 });
  };
  const resolved = Promise.resolve();
  return {
    ...inboxReads(find),
    add({ recipientId, ...entry }) {
      const inbox = inboxOf(recipientId);
      inbox.seq += 1;
      inbox.entries = inbox.entries.filter((each) => !sameEntry(entry)(each));
      inbox.entries.push({ ...entry, seq: inbox.seq });
      return resolved;
    },
    remove({ recipientId, ...key }) {
      if (find.user(recipientId)?.inbox?.entries.some(sameEntry(key)) !== true) return resolved;
      const inbox = inboxOf(recipientId);
      inbox.entries = inbox.entries.filter((entry) => !sameEntry(key)(entry));
      return resolved;
    },
    markRead(userId, seq) {
      const newest = Math.max(0, ...(find.user(userId)?.inbox?.entries ?? []).map((e) => e.seq));
      const mark = Math.min(seq, newest);
      if (mark <= (find.user(userId)?.inbox?.readSeq ?? 0)) return resolved;
      inboxOf(userId).readSeq = mark;
      return resolved;
    },
  };
}

/**
 * Takes out of everyone's notifications the entries that name what is gone (a post, a comment):
 * `holders` lists the people whose entries match, without drafting the others. Answers them.
 */
export function forgetInbox(
  holders: (matches: (record: UserRecord) => boolean) => string[],
  user: (id: string) => UserRecord,
  gone: (entry: InboxRecord) => boolean,
): string[] {
  const told = holders((record) => record.inbox?.entries.some(gone) === true);
  for (const id of told) {
    const inbox = user(id).inbox;
    if (inbox !== undefined) inbox.entries = inbox.entries.filter((entry) => !gone(entry));
  }
  return told;
}
