/**
 * Test harness for what only the mock API has (MSW overrides, storage, its database object):
 * one MSW server per test file, a fresh copy of the seed before every test, the typed client
 * pointed at it, and the seeded people's tokens. The API's contract itself is tested against
 * every target in tests/contract.
 */
import { createSharpImageCodec } from '../../../src/server/imageCodec';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createApiClient, type ApiClient } from '../../../src/api/client';
import type { Database } from '../../../src/mocks/db/database';
import type { DatabaseState } from '../../../src/service/records';
import { createTestServer } from '../../../src/mocks/node';
import { signInSeedPeople, type SeedPerson } from '../../contract/harness';

export interface MockApi {
  /** For `server.use(...)` overrides; they are reset after every test. */
  server: SetupServer;
  db: Database;
  client: ApiClient;
  baseUrl: string;
  /** Tokens of the seeded people, from real logins (they stay valid across resets). */
  tokens: Record<SeedPerson, string>;
}

export function useMockApi(): MockApi {
  const { server, db, baseUrl } = createTestServer({ images: createSharpImageCodec() });
  const api: MockApi = {
    server,
    db,
    baseUrl,
    client: createApiClient({ baseUrl }),
    tokens: { guest: '', maya: '', liam: '', sofia: '', noah: '' },
  };
  beforeAll(async () => {
    server.listen({ onUnhandledFrame: 'error' });
    api.tokens = await signInSeedPeople(api.client);
  });
  beforeEach(async () => {
    await db.reset();
  });
  afterEach(() => {
    server.resetHandlers();
  });
  afterAll(() => {
    server.close();
  });
  return api;
}

/** A deep copy to compare the database before and after a refused call. */
export const snapshot = (db: Database): DatabaseState => structuredClone(db.state);

export { failure, TIMESTAMP, USERNAMES, type SeedPerson } from '../../contract/harness';
