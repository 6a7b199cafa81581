/**
 * What is told as it happens: the notifications and the live stream's event log.
 *
 * The notifications' table (src/service/inbox.ts): one row per person per notification, so a
 * notification is the rows of one recipient, kind and target, and taking a like back deletes one
 * row. Rows go with the post, comment or either person they name (every reference cascades), and
 * no one is told of their own doing (a check). `seq` orders a person's notifications and is what
 * their read mark (`users.inbox_read_seq`) compares.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { NotificationKind } from '../../api/answers';
import type { LiveEvent } from '../../api/types';
import { comments, posts, seq, timestamp, users } from './schema';

/** The kinds of notification: the contract's own list (src/api/answers.ts), not a copy. */
export const INBOX_KINDS = NotificationKind.options;

export const inbox = pgTable(
  'inbox',
  {
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: INBOX_KINDS }).notNull(),
    /** What it is about: a post's id, a comment's, or '' (a follow). */
    target: text('target').notNull(),
    actorId: text('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: text('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    at: timestamp('at').notNull(),
    seq: seq(),
  },
  (t) => [
    primaryKey({ columns: [t.recipientId, t.kind, t.target, t.actorId] }),
    check('inbox_not_oneself', sql`${t.recipientId} <> ${t.actorId}`),
    check(
      'inbox_kind_known',
      sql.raw(`kind in (${INBOX_KINDS.map((kind) => `'${kind}'`).join(', ')})`),
    ),
    // A person's notifications newest first, and the unread ones after the read mark.
    index('inbox_recipient_id_seq_idx').on(t.recipientId, t.seq),
    // One notification's rows newest first: its three newest actors, its newest row when one goes.
    index('inbox_group_seq_idx').on(t.recipientId, t.kind, t.target, t.seq),
    // What a deleted post, comment or person takes with it.
    index('inbox_post_id_idx').on(t.postId),
    index('inbox_comment_id_idx').on(t.commentId),
    index('inbox_actor_id_idx').on(t.actorId),
  ],
);

/**
 * One row per notification (a recipient, kind and target): its newest row's `seq` and how many
 * rows it has. Kept by triggers on `inbox` (migration 0009), so rows that go by cascade (a post or
 * a comment deleted) are counted too. A page of notifications and the unread count read these,
 * by the index on (recipient_id, seq), instead of grouping every row the person ever had: a
 * popular author's likes would otherwise make every like on their posts cost more.
 */
export const inboxGroups = pgTable(
  'inbox_groups',
  {
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: INBOX_KINDS }).notNull(),
    target: text('target').notNull(),
    /** The newest row's seq: where the notification sits in the person's list. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** How many rows (people) it has. */
    rows: integer('rows').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.recipientId, t.kind, t.target] }),
    index('inbox_groups_recipient_id_seq_idx').on(t.recipientId, t.seq),
  ],
);

/**
 * The live stream's log (src/service/stream.ts): each write that changes what others see logs its
 * events here in its own transaction, so an event exists exactly when its change was kept, and
 * `seq` orders them. The write also signals `murmur_events` (NOTIFY, delivered at commit), which
 * wakes the stream hub of every server process on the database. Rows older than an hour are
 * pruned: a stream that was away longer reads its page again.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Whose stream it goes to; null: everyone's. No reference: the log outlives no one long. */
    recipientId: text('recipient_id'),
    event: jsonb('event').$type<LiveEvent>().notNull(),
    /** When it was logged, to the second: what pruning compares. */
    at: timestamp('at')
      .notNull()
      .default(sql`date_trunc('second', now())`),
  },
  (t) => [index('live_events_at_idx').on(t.at)],
);

/** The channel a write that logged events signals. */
export const LIVE_CHANNEL = 'murmur_events';
