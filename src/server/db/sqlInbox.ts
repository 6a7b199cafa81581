/**
 * The store port's notifications over SQL (./schemaLive.ts): a page reads the person's
 * notifications (`inbox_groups`, one row per kind and target, kept by triggers) newest first from
 * where the last page ended (a keyset on the newest `seq`, by the index on (recipient_id, seq)),
 * each with its newest row and its three newest actors; the unread count counts the notifications
 * changed after the person's read mark, up to UNREAD_RULE.countedUpTo. Each is one statement, and
 * neither reads more rows than it shows, however many notifications the person has.
 */
import { and, eq, sql } from 'drizzle-orm';
import { UNREAD_RULE } from '../../api/rules';
import type { NotificationKind } from '../../api/types';
import {
  INBOX_EXCERPT,
  type InboxGroup,
  type Page,
  type PageKey,
  type Reads,
  type Writes,
} from '../../service/store';
import { apiTimestampFromPostgres, comments, posts, users } from './schema';
import { inbox, inboxGroups } from './schemaLive';
import { peopleById } from './sqlReads';
import { rowsOf, type SqlExecutor } from './sqlRows';

function afterSeq(after: PageKey | null): number | null {
  if (after === null) return null;
  if ('seq' in after) return after.seq;
  throw new Error('Notifications page by { seq }');
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

async function page(
  tx: SqlExecutor,
  userId: string,
  after: PageKey | null,
  limit: number,
): Promise<Page<InboxGroup[]>> {
  const from = afterSeq(after);
  const result = await tx.execute(sql`
    select g.kind, g.target, g.seq, g.rows, e.at, e.post_id, e.comment_id,
      (select array_agg(a.actor_id order by a.seq desc) from (
        select i.actor_id, i.seq from ${inbox} i
        where i.recipient_id = ${userId} and i.kind = g.kind and i.target = g.target
        order by i.seq desc limit 3) a) as actors,
      left(coalesce(c.comment_data, p.content), ${INBOX_EXCERPT}) as excerpt,
      g.seq > u.inbox_read_seq as unread
    from (
      select kind, target, seq, rows from ${inboxGroups}
      where recipient_id = ${userId} ${from === null ? sql`` : sql`and seq < ${from}`}
      order by seq desc
      limit ${limit + 1}
    ) g
    join ${inbox} e on e.recipient_id = ${userId} and e.seq = g.seq
    join ${users} u on u.id = ${userId}
    left join ${posts} p on p.id = e.post_id
    left join ${comments} c on c.id = e.comment_id
    order by g.seq desc`);
  const rows = rowsOf(result);
  const actorIds = rows.flatMap((row) =>
    Array.isArray(row.actors) ? (row.actors as unknown[]) : [],
  );
  const people = await peopleById(tx, actorIds.map(String));
  const groups = rows.slice(0, limit).map((row): InboxGroup => {
    const postId = text(row.post_id);
    const commentId = text(row.comment_id);
    const excerpt = text(row.excerpt);
    const actors = Array.isArray(row.actors) ? row.actors.map(String) : [];
    return {
      kind: row.kind as NotificationKind,
      target: String(row.target),
      ...(postId === undefined ? {} : { postId }),
      ...(commentId === undefined ? {} : { commentId }),
      at: apiTimestampFromPostgres(row.at as string | Date),
      seq: Number(row.seq),
      count: Number(row.rows),
      actors: actors.flatMap((id) => {
        const person = people.get(id);
        return person === undefined ? [] : [person];
      }),
      ...(excerpt === undefined ? {} : { excerpt }),
      unread: row.unread === true,
    };
  });
  const last = groups.at(-1);
  return { items: groups, next: rows.length > limit && last ? { seq: last.seq } : null };
}

async function unread(tx: SqlExecutor, userId: string): Promise<number> {
  const result = await tx.execute(sql`
    select count(*) as n from (
      select 1 from ${inboxGroups}
      where recipient_id = ${userId}
        and seq > (select inbox_read_seq from ${users} where id = ${userId})
      limit ${UNREAD_RULE.countedUpTo}
    ) g`);
  const [row] = rowsOf(result);
  return Number(row?.n ?? 0);
}

/**
 * The people with a notification about the post or comment a write is about to delete: its rows
 * go by cascade, so their unread counts are told after.
 */
export async function recipientsAbout(
  tx: SqlExecutor,
  about: { postId: string } | { commentId: string },
): Promise<string[]> {
  const where =
    'postId' in about ? eq(inbox.postId, about.postId) : eq(inbox.commentId, about.commentId);
  const rows = await tx.selectDistinct({ id: inbox.recipientId }).from(inbox).where(where);
  return rows.map((row) => row.id);
}

export const inboxReads = (tx: SqlExecutor): Reads['inbox'] => ({
  page: (userId, after, limit) => page(tx, userId, after, limit),
  unread: (userId) => unread(tx, userId),
});

export function inboxWrites(tx: SqlExecutor): Writes['inbox'] {
  const remove: Writes['inbox']['remove'] = async ({ recipientId, kind, target, actorId }) => {
    await tx
      .delete(inbox)
      .where(
        and(
          eq(inbox.recipientId, recipientId),
          eq(inbox.kind, kind),
          eq(inbox.target, target),
          eq(inbox.actorId, actorId),
        ),
      );
  };
  return {
    ...inboxReads(tx),
    remove,
    async add({ recipientId, kind, target, actorId, postId, commentId, at }) {
      // The actor's earlier row in the notification is renewed with a new `seq` (`seq = default`
      // draws the identity's next value): it is the newest now. One statement; written out, as
      // Drizzle's update set leaves out identity columns.
      await tx.execute(sql`
        insert into ${inbox} (recipient_id, kind, target, actor_id, post_id, comment_id, at)
        values (${recipientId}, ${kind}, ${target}, ${actorId}, ${postId ?? null},
          ${commentId ?? null}, ${at})
        on conflict (recipient_id, kind, target, actor_id) do update
        set seq = default, post_id = excluded.post_id, comment_id = excluded.comment_id,
          at = excluded.at`);
    },
    async markRead(userId, seq) {
      // Never past the newest entry (a mark sent from the future would hide what comes next).
      await tx.execute(sql`
        update ${users} set inbox_read_seq = greatest(inbox_read_seq, least(${seq}::bigint,
          coalesce((select max(seq) from ${inbox} where recipient_id = ${userId}), 0)))
        where id = ${userId}`);
    },
  };
}
