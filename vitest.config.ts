import { defineConfig } from 'vitest/config';

/** A contract run: the same files in tests/contract against one API target (tests/contract/targets.ts). */
const contract = (target: string, name: string) => ({
  extends: true as const,
  test: {
    name,
    include: ['tests/contract/**/*.test.ts'],
    env: { API_TARGET: target },
  },
});

export default defineConfig({
  test: {
    environment: 'node',
    setupFiles: ['tests/setup/vitest.setup.ts'],
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // tests/docs and tests/consumer drive a browser against built output: vitest.checks.config.ts.
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
        },
      },
      contract('mock', 'contract: mock'),
    ],
  },
});
