/**
 * Test harness for the mock API: one MSW server per test file, a fresh copy of the seed before
 * every test, the typed client pointed at it, and the seeded people's tokens.
 */
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { ApiError, createApiClient, type ApiClient } from '../../../src/api/client';
import { GUEST_CREDENTIALS } from '../../../src/api/types';
import { SEED_PASSWORD } from '../../../src/seed/users';
import type { Database } from '../../../src/mocks/db/database';
import type { DatabaseState, PostRecord, UserRecord } from '../../../src/service/records';
import { createTestServer } from '../../../src/mocks/node';

export const USERNAMES = {
  guest: GUEST_CREDENTIALS.username,
  maya: 'maya_okafor',
  liam: 'liam_chen',
  sofia: 'sofia_bakes',
  noah: 'noah_runs',
} as const;

export type SeedPerson = keyof typeof USERNAMES;

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
  const { server, db, baseUrl } = createTestServer();
  const api: MockApi = {
    server,
    db,
    baseUrl,
    client: createApiClient({ baseUrl }),
    tokens: { guest: '', maya: '', liam: '', sofia: '', noah: '' },
  };
  beforeAll(async () => {
    server.listen({ onUnhandledFrame: 'error' });
    for (const person of Object.keys(USERNAMES) as SeedPerson[]) {
      const password = person === 'guest' ? GUEST_CREDENTIALS.password : SEED_PASSWORD;
      const { encodedToken } = await api.client.login({ username: USERNAMES[person], password });
      api.tokens[person] = encodedToken;
    }
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

/** Runs `call`, expects it to fail, and returns the ApiError (status and server message). */
export async function failure(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('Expected the call to fail, but it succeeded');
}

/** Asserts-and-returns helpers over the stored state. */
export function storedPost(state: DatabaseState, postId: string): PostRecord {
  const post = state.posts.find((candidate) => candidate._id === postId);
  if (post === undefined) throw new Error(`No stored post ${postId}`);
  return post;
}

export function storedUser(state: DatabaseState, username: string): UserRecord {
  const user = state.users.find((candidate) => candidate.username === username);
  if (user === undefined) throw new Error(`No stored user ${username}`);
  return user;
}

/** A deep copy to compare the database before and after a refused call. */
export const snapshot = (db: Database): DatabaseState => structuredClone(db.state);

export { TIMESTAMP } from './invariants';

/** Expects a refused call: the status, the exact message, and a database left as it was. */
export async function expectRefused(
  db: Database,
  call: () => Promise<unknown>,
  status: number,
  message: string,
): Promise<void> {
  const before = snapshot(db);
  const error = await failure(call());
  expect({ status: error.status, message: error.message }).toEqual({ status, message });
  expect(db.state).toEqual(before);
}
