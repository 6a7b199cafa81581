// Ejected @storybook/test-runner jest config: runs the stories in Debian's Chromium (found by
// scripts/find-browser.mjs, never downloaded) at a fixed desktop viewport, UTC, en-US, with
// reduced motion, so that visual snapshots are identical on every machine of this kind.
import { getJestConfig } from '@storybook/test-runner';
import { CHROMIUM_ARGS, findBrowser } from './scripts/find-browser.mjs';

export default async () => {
  const base = getJestConfig();
  const executablePath = await findBrowser();
  if (!executablePath) throw new Error('No Chromium found: run `node scripts/find-browser.mjs`.');
  return {
    ...base,
    // Screens and UI primitives are drawn and checked twice (light, then dark): on a loaded
    // machine with a changed baseline (diff pictures to write) 30 s was not always enough.
    testTimeout: 60_000,
    testEnvironmentOptions: {
      ...base.testEnvironmentOptions,
      'jest-playwright': {
        ...base.testEnvironmentOptions['jest-playwright'],
        browsers: ['chromium'],
        launchOptions: { executablePath, headless: true, args: CHROMIUM_ARGS },
        contextOptions: {
          viewport: { width: 1280, height: 800 },
          deviceScaleFactor: 1,
          locale: 'en-US',
          timezoneId: 'UTC',
          reducedMotion: 'reduce',
          colorScheme: 'light',
        },
      },
    },
  };
};
