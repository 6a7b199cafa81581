/**
 * The Node server as a contract target: the real server (src/server/server.ts) listening on a
 * loopback port, over the real SQL store: PGlite in memory, or a database of its own on the test
 * PostgreSQL. It starts with the demo's seed and its demo reset is on, as the mock's are, and its
 * rate limits (counted in its database) are opened wide: the suite logs in and signs up far more
 * than a person. Everything else is production's.
 */
import { createSeedState } from '../../src/seed/seed';
import { createLogger } from '../../src/server/logger';
import { openSqlDatabase } from '../../src/server/db/connect';
import { serverPasswords } from '../../src/server/passwords';
import { createServer } from '../../src/server/server';
import { makeStaticDir, TOKEN_SECRET } from '../unit/server/harness';
import { readWholeState } from '../unit/server/wholeState';
import { scratchDatabases, testDatabaseUrl } from '../support/scratchDatabases';
import type { ApiTarget } from './targets';

const WIDE_OPEN = { points: 1_000_000, seconds: 1 };

export async function serverTarget(kind: 'pglite' | 'postgres'): Promise<ApiTarget> {
  let scratch: ReturnType<typeof scratchDatabases> | undefined;
  if (kind === 'postgres') {
    const url = testDatabaseUrl();
    if (url === undefined) throw new Error('The postgres target needs a PostgreSQL to run on');
    scratch = scratchDatabases(url);
  }
  const database = await openSqlDatabase(
    scratch === undefined
      ? { seed: createSeedState }
      : { url: await scratch.create(), onIdleError: () => undefined, seed: createSeedState },
  );
  const files = makeStaticDir();
  const server = createServer({
    store: database.store,
    rateLimitCounter: database.rateLimits,
    staticDir: files.dir,
    tokenSecret: TOKEN_SECRET,
    demoReset: true,
    rateLimits: { login: WIDE_OPEN, signup: WIDE_OPEN },
    logger: createLogger({ level: 'silent' }),
  });
  let baseUrl = '';
  return {
    get baseUrl() {
      return baseUrl;
    },
    tokenSecret: TOKEN_SECRET,
    async start() {
      const { port } = await server.listen(0, '127.0.0.1');
      baseUrl = `http://127.0.0.1:${port}/api`;
    },
    async stop() {
      await server.close();
      await database.close();
      await scratch?.dropAll();
      files.remove();
    },
    state: () => readWholeState(database.store),
    reset: () => database.store.reset(),
    verifyPassword: serverPasswords.verify,
  };
}
