/**
 * The store port (src/service/store.ts) over SQL, for the Node server: PGlite (embedded) or
 * PostgreSQL, through Drizzle. A read is one REPEATABLE READ READ ONLY transaction, so all its
 * lookups see one moment (`readEach`, for reads whose lookups need not agree, runs each on its own,
 * without BEGIN and COMMIT: a feed's page is one statement); a write is one READ COMMITTED transaction in which `posts.get` locks the
 * post (SELECT … FOR UPDATE) until the write ends, and which is run again from the start when
 * PostgreSQL gives up on it for a serialization failure or a deadlock (so may a read, which is
 * tried again too). PGlite has one connection and runs its transactions one after the other
 * (its `transaction()` holds a lock until COMMIT), so calls made at once queue there instead of
 * mixing their statements. The statements every call makes (a session, a person, a post, a page,
 * a set of posts) are prepared by name: each connection parses them once and PostgreSQL keeps
 * their plans; their text is built once per executor (`preparedOnce`), their values given when
 * they run. Rows and columns: ./sqlRows.ts; the reads shaped like the answers:
 * ./sqlReads.ts, ./sqlPostSet.ts (a set of posts) and ./sqlPages.ts (pages); the hashtags and folded text kept beside the rows:
 * ./sqlDerived.ts; the whole database written at once: ./sqlState.ts.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DatabaseState } from '../../service/records';
import type { Store } from '../../service/store';
import { sessions, users } from './schema';
import { type SqlDatabase } from './sqlRows';
import { retried } from './sqlRetry';
import { clearAll, insertState } from './sqlState';
import { reads } from './sqlLookups';
import { writePending, type PendingEvents } from './sqlEvents';
import { writes } from './sqlWrites';

export type { SqlDatabase, SqlExecutor, SqlTransaction } from './sqlRows';
export { sqlState, WRITE_ATTEMPTS } from './sqlRetry';
export { clearAll, followOrder, insertState } from './sqlState';

/**
 * The store over `db`; `seed` gives the records `reset()` puts back. `remoteEvents` subscribes to
 * the events other processes log (PostgreSQL's LISTEN); without it, only this process writes.
 */
export function createSqlStore(
  db: SqlDatabase,
  seed: () => DatabaseState,
  remoteEvents?: (listener: () => void) => () => void,
): Store {
  const eventListeners = new Set<() => void>();
  const eventsLogged = () => {
    for (const listener of eventListeners) listener();
  };
  // Asked by every signed-in call: its text built once, its values given when it runs.
  const sessionHolder = db
    .select({ username: users.username })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('session_holder');
  return {
    read: (work) =>
      retried(() =>
        db.transaction((tx) => work(reads(tx, false)), {
          isolationLevel: 'repeatable read',
          accessMode: 'read only',
        }),
      ),
    readEach: (work) => retried(() => work(reads(db, false))),
    // One statement is its own moment: no transaction around it (on PGlite it waits, as a
    // transaction does, for the one connection).
    async sessionHolder(userId, sessionId) {
      const [row] = await sessionHolder.execute({ userId, sessionId });
      return row?.username;
    },
    async write(work) {
      const note = { logged: false };
      const result = await retried(() =>
        db.transaction(
          async (tx) => {
            // Each attempt logs its own events; they are written after the work, in one statement.
            const pending: PendingEvents = [];
            const answer = await work(writes(tx, pending));
            note.logged = await writePending(tx, pending);
            return answer;
          },
          { isolationLevel: 'read committed' },
        ),
      );
      if (note.logged) eventsLogged();
      return result;
    },
    reset: () =>
      retried(() =>
        db.transaction(async (tx) => {
          // The seed's people keep their sessions: a reset puts records back, not logins.
          const open = await tx.select().from(sessions).orderBy(asc(sessions.seq));
          await clearAll(tx);
          const state = seed();
          await insertState(tx, state);
          const remaining = new Set(state.users.map((user) => user._id));
          for (const { id, userId, createdAt } of open) {
            if (remaining.has(userId)) await tx.insert(sessions).values({ id, userId, createdAt });
          }
        }),
      ),
    call: (work) => work(),
    onEvents(listener) {
      eventListeners.add(listener);
      const remote = remoteEvents?.(listener);
      return () => {
        eventListeners.delete(listener);
        remote?.();
      };
    },
  };
}
