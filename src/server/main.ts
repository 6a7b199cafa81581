/**
 * `node dist-server/server/main.js` (`npm run serve` builds it): Murmur's server on the SQL
 * database, PGlite under `./data` or PostgreSQL at `DATABASE_URL`. Everything else is in run.ts.
 */
import { openSqlDatabase } from './db/connect';
import { run } from './run';

await run(openSqlDatabase);
