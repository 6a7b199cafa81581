import { defineConfig } from 'vitest/config';

/**
 * Checks that drive Chromium against built output, run by `npm test` after the builds they need:
 * tests/docs (every docs page of storybook-static renders and passes axe; the toolbar) and
 * tests/consumer (the packed library installed in a small app). The unit tests are in
 * vitest.config.ts.
 */
export default defineConfig({
  test: {
    include: ['tests/docs/**/*.test.ts', 'tests/consumer/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Two pages at a time: the machines this runs on have two cores.
    maxConcurrency: 2,
    fileParallelism: false,
  },
});
