import { defineConfig } from 'vitest/config';
import { findPostgresBin } from './scripts/postgres.mjs';

/**
 * A contract run: the same files in tests/contract against one API target
 * (tests/contract/targets.ts). The random call sequences run fewer times against a server, whose
 * calls cost a real HTTP exchange and SQL transactions.
 */
const contract = (target: string, name: string, propertyRuns: number) => ({
  extends: true as const,
  test: {
    name,
    include: ['tests/contract/**/*.test.ts'],
    env: { API_TARGET: target, CONTRACT_PROPERTY_RUNS: String(propertyRuns) },
  },
});

/**
 * A PostgreSQL to run on: DATABASE_URL, or one installed here (tests/setup/postgres.global.ts
 * starts it). MURMUR_NO_POSTGRES=1 runs as a machine without one would.
 */
const postgres =
  process.env.MURMUR_NO_POSTGRES !== '1' &&
  (Boolean(process.env.DATABASE_URL) || findPostgresBin() !== undefined);
// Once per process: Vitest loads this file again for each project that extends it.
const told = globalThis as { murmurToldNoPostgres?: boolean };
if (!postgres && told.murmurToldNoPostgres !== true) {
  told.murmurToldNoPostgres = true;
  console.info(
    'No PostgreSQL here (no DATABASE_URL, none installed): the contract and the SQL store run on PGlite only, and the two-process race (tests/unit/server/race.test.ts) is left out.',
  );
}

export default defineConfig({
  test: {
    environment: 'node',
    setupFiles: ['tests/setup/vitest.setup.ts'],
    globalSetup: ['tests/setup/postgres.global.ts', 'tests/setup/pglite.global.ts'],
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // tests/docs and tests/consumer drive a browser against built output: vitest.checks.config.ts.
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          // Two processes need a database they can share: PGlite is one process's.
          exclude: postgres ? [] : ['tests/unit/server/race.test.ts'],
        },
      },
      contract('mock', 'contract: mock', 160),
      contract('pglite', 'contract: server on PGlite', 30),
      ...(postgres ? [contract('postgres', 'contract: server on PostgreSQL', 30)] : []),
    ],
  },
});
