/**
 * Running a transaction again when PostgreSQL gives up on it for a conflict (a serialization
 * failure or a deadlock): the SQL store's reads and writes (sqlStore.ts) go through `retried`.
 */

/** How many times a write is tried in all when PostgreSQL aborts it for a conflict. */
export const WRITE_ATTEMPTS = 5;

/** SQLSTATEs after which the same transaction may succeed when run again. */
const RETRYABLE = new Set(['40001', '40P01']);

/** The SQLSTATE of a database error, looking through Drizzle's wrapping (`cause`). */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const code: unknown = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` again (up to WRITE_ATTEMPTS in all) after a serialization failure or deadlock.
 * Only whole transactions are run again, so nothing of a failed attempt is left behind.
 */
export async function retried<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tried = 1; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      const state = sqlState(error);
      if (tried >= WRITE_ATTEMPTS || state === undefined || !RETRYABLE.has(state)) throw error;
      await pause(Math.random() * 10 * tried);
    }
  }
}
