import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // tests/docs and tests/consumer drive a browser against built output: vitest.checks.config.ts.
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
    environment: 'node',
    setupFiles: ['tests/setup/vitest.setup.ts'],
    restoreMocks: true,
  },
});
