/**
 * Where the contract suite sends its calls. `API_TARGET` (set per Vitest project in
 * vitest.config.ts) picks one: `mock` (the browser's mock API through MSW in Node), `pglite` (the
 * Node server on an embedded PGlite) or `postgres` (the Node server on the PostgreSQL at
 * `DATABASE_URL`, or a throwaway cluster: tests/setup/postgres.global.ts). Every target starts from the seed and offers the same few handles; the tests
 * never learn which one they run against.
 */
import type { DatabaseState } from '../../src/service/records';
import { demoPasswords } from '../../src/service/passwords';
import { DEMO_JWT_SECRET } from '../../src/service/tokens';
import { createTestServer } from '../../src/mocks/node';
import { createSharpImageCodec } from '../../src/server/imageCodec';

export interface ApiTarget {
  /** Absolute base URL to give the API client, e.g. `http://127.0.0.1:41234/api`. */
  baseUrl: string;
  /** The secret the target signs its tokens with, so tests can forge or expire one. */
  tokenSecret: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Every stored record, as the service sees them. */
  state(): Promise<DatabaseState>;
  /** Everything back to the seed. */
  reset(): Promise<void>;
  /** Whether a stored password hash is `password`'s (the target's own hasher). */
  verifyPassword(password: string, hash: string): Promise<boolean>;
}

export type TargetName = 'mock' | 'pglite' | 'postgres';

function mockTarget(): ApiTarget {
  const { server, db, baseUrl } = createTestServer({ images: createSharpImageCodec() });
  return {
    baseUrl,
    tokenSecret: DEMO_JWT_SECRET,
    start: () => {
      server.listen({ onUnhandledFrame: 'error' });
      return Promise.resolve();
    },
    stop: () => {
      server.close();
      return Promise.resolve();
    },
    state: () => Promise.resolve(structuredClone(db.state)),
    reset: () => db.reset(),
    verifyPassword: demoPasswords.verify,
  };
}

export function targetName(): TargetName {
  const name = process.env.API_TARGET ?? 'mock';
  if (name !== 'mock' && name !== 'pglite' && name !== 'postgres') {
    throw new Error(`API_TARGET must be mock, pglite or postgres, not "${name}"`);
  }
  return name;
}

export async function createTarget(name: TargetName = targetName()): Promise<ApiTarget> {
  if (name === 'mock') return mockTarget();
  const { serverTarget } = await import('./serverTarget');
  return serverTarget(name);
}
