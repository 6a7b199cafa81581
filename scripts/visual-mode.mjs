// Which way the stories' pictures are compared, decided once per run (see .storybook/visual.ts):
// exact when this browser build is the one that took the baselines (recorded in
// tests/visual/__baselines__/browser.json), tolerant with any other build.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './find-browser.mjs';

export const BROWSER_RECORD = 'tests/visual/__baselines__/browser.json';

/** The browser's build, e.g. "156.0.8078.79", as the test-runner's browser will report it. */
export async function browserBuild(executablePath) {
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  try {
    return browser.version();
  } finally {
    await browser.close();
  }
}

export function recordedBuild() {
  if (!existsSync(BROWSER_RECORD)) return undefined;
  return JSON.parse(readFileSync(BROWSER_RECORD, 'utf8')).build;
}

export function recordBuild(build) {
  writeFileSync(BROWSER_RECORD, `${JSON.stringify({ browser: 'Chromium', build }, null, 2)}\n`);
}

/**
 * `{ mode, line }`: the mode, and the one line that says which mode runs and why.
 * Re-taking only some baselines with another build would mix builds: refused.
 */
export function chooseVisualMode(build, { update = false, partial = false } = {}) {
  const recorded = recordedBuild();
  if (update) {
    if (partial && recorded && recorded !== build) {
      throw new Error(
        `The baselines were taken with Chromium ${recorded}; this is ${build}. Re-take all of ` +
          'them (`npm run test:update-visual`, no story filter) so they come from one build.',
      );
    }
    return {
      mode: 'exact',
      line: `visual: re-taking the baselines that changed with Chromium ${build}`,
    };
  }
  if (recorded === build) {
    return {
      mode: 'exact',
      line: `visual: exact comparison: Chromium ${build} took the baselines (${BROWSER_RECORD})`,
    };
  }
  return {
    mode: 'tolerant',
    line:
      `visual: tolerant comparison: this is Chromium ${build}, the baselines were taken with ` +
      `${recorded ? `Chromium ${recorded}` : 'an unrecorded build'} (${BROWSER_RECORD}); ` +
      'anti-aliasing and native controls are ignored, layout, colours and text compared as ever',
  };
}
