/**
 * `node dist-server/server/main.js` (`npm run serve` builds it): Murmur's server on the SQL
 * database, PGlite under `./data` or PostgreSQL at `DATABASE_URL`, in one process or, with
 * `WEB_CONCURRENCY=N`, in N (cluster.ts). Everything else is in run.ts.
 */
import { fileURLToPath } from 'node:url';
import { start } from './cluster';
import { openSqlDatabase } from './db/connect';

// The built app is beside the compiled server (dist-server/app next to dist-server/server/main.js),
// so the server finds it from any working directory: a deployment's `node server/main.js` too.
await start(openSqlDatabase, {
  defaults: { staticDir: fileURLToPath(new URL('../app', import.meta.url)) },
});
