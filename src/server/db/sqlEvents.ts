/**
 * The live stream's event log over SQL (./schemaLive.ts `liveEvents`): read after a seq by the
 * primary key, appended by a write in its own transaction together with a NOTIFY on
 * `murmur_events` (PostgreSQL delivers it when the transaction commits, and not at all when it
 * rolls back), which wakes the stream hubs of every process listening (./connect.ts `listen`).
 */
import { asc, gt, lt, sql } from 'drizzle-orm';
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

/** The log's writes; `logged` is called when the write logs an event (the store wakes after it). */
export function eventWrites(tx: SqlExecutor, logged: () => void): Writes['events'] {
  return {
    ...eventReads(tx),
    async append(event, recipientId) {
      // One round trip: the row and the signal (PostgreSQL sends one NOTIFY per transaction
      // however often it is asked, at commit).
      await tx.execute(sql`
        with logged as (
          insert into ${liveEvents} (recipient_id, event)
          values (${recipientId}, ${JSON.stringify(event)}::jsonb) returning seq)
        select pg_notify(${LIVE_CHANNEL}, '') from logged`);
      logged();
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
