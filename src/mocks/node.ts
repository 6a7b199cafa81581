/**
 * The mock API in Node (Vitest): `setupServer` over a fresh in-memory copy of the seed.
 * Node 20 needs the Promise.withResolvers polyfill of tests/setup/vitest.setup.ts for MSW 3.
 */
import { setupServer, type SetupServer } from 'msw/node';
import { createDatabase, type Database, type DatabaseOptions } from './db/database';
import { createHandlers, type HandlerOptions } from './handlers';

export interface TestServer {
  server: SetupServer;
  db: Database;
  /** Absolute base URL to give the API client, e.g. `http://localhost/api`. */
  baseUrl: string;
}

export interface TestServerOptions extends Omit<HandlerOptions, 'db' | 'baseUrl'> {
  db?: Database;
  database?: DatabaseOptions;
  /** Origin the client calls; handlers match any origin. Default `http://localhost`. */
  origin?: string;
}

/** Not listening yet: call `server.listen({ onUnhandledFrame: 'error' })` in `beforeAll`. */
export function createTestServer(options: TestServerOptions = {}): TestServer {
  const { database, origin = 'http://localhost', ...handlerOptions } = options;
  const db = options.db ?? createDatabase(database);
  const server = setupServer(
    ...createHandlers({ ...handlerOptions, db, delayMs: options.delayMs ?? 0 }),
  );
  return { server, db, baseUrl: `${origin}/api` };
}
