/**
 * The live stream's event log over SQL (./schemaLive.ts `liveEvents`): read after a seq by the
 * primary key, appended by a write in its own transaction together with a NOTIFY on
 * `murmur_events` (PostgreSQL delivers it when the transaction commits, and not at all when it
 * rolls back), which wakes the stream hubs of every process listening (./connect.ts `listen`).
 */
import { asc, gt, lt, sql } from 'drizzle-orm';
import type { LiveEvent } from '../../api/types';
import type { Reads, Writes } from '../../service/store';
import { LIVE_CHANNEL, liveEvents } from './schemaLive';
import { rowsOf, type SqlExecutor } from './sqlRows';

export const eventReads = (tx: SqlExecutor): Reads['events'] => ({
  async since(seq, limit) {
    const rows = await tx
      .select({ seq: liveEvents.seq, recipientId: liveEvents.recipientId, event: liveEvents.event })
      .from(liveEvents)
      .where(gt(liveEvents.seq, seq))
      .orderBy(asc(liveEvents.seq))
      .limit(limit);
    return rows;
  },
  async bounds() {
    const [row] = rowsOf(
      await tx.execute(sql`select min(seq) as oldest, max(seq) as newest from ${liveEvents}`),
    );
    return { oldest: Number(row?.oldest ?? 0), newest: Number(row?.newest ?? 0) };
  },
});

/** The events a write has logged so far, in order; written when its work is done. */
export type PendingEvents = { event: LiveEvent; recipientId: string | null }[];

/**
 * Writes a write's events at the end of its work, before its COMMIT: one statement for all of
 * them (a like logs two or three) and the signal (PostgreSQL sends one NOTIFY per transaction
 * however often it is asked, at commit). Their seqs are drawn in the order they were logged.
 * False when there were none.
 */
export async function writePending(tx: SqlExecutor, pending: PendingEvents): Promise<boolean> {
  if (pending.length === 0) return false;
  const rows = pending.map(
    ({ event, recipientId }) => sql`(${recipientId}, ${JSON.stringify(event)}::jsonb)`,
  );
  await tx.execute(sql`
    with logged as (
      insert into ${liveEvents} (recipient_id, event) values ${sql.join(rows, sql`, `)}
      returning seq)
    select pg_notify(${LIVE_CHANNEL}, '') from logged limit 1`);
  return true;
}

/** The log's writes: an event appended waits in `pending` until the write's work is done. */
export function eventWrites(tx: SqlExecutor, pending: PendingEvents): Writes['events'] {
  return {
    ...eventReads(tx),
    append(event, recipientId) {
      pending.push({ event, recipientId });
      return Promise.resolve();
    },
    async prune(before) {
      const gone = await tx
        .delete(liveEvents)
        .where(lt(liveEvents.at, before))
        .returning({ seq: liveEvents.seq });
      return gone.length;
    },
  };
}
