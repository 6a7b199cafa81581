// What each browser test script of `npm test` shares: named tests that run one after another,
// each printed as it ends, and the tally written for scripts/test.mjs (--json=FILE) at the end.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

/**
 * `npm run build:server` (dist-server/), unless the script was given `--no-build` (npm test's
 * second server script: the first has just built it). Exits 1 when the build fails.
 */
export function buildServer() {
  if (process.argv.includes('--no-build')) return;
  const build = spawnSync('npm', ['run', 'build:server'], {
    stdio: 'inherit',
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
  if (build.status !== 0) {
    console.error('npm run build:server failed');
    process.exit(1);
  }
}

/** How many of a test's last page events a failure prints. */
const TRAIL_SHOWN = 60;

/**
 * A run of named tests; `finish()` reports and exits (0 when all passed).
 *
 * `watch(context)` records what every page of a Playwright browser context does while a test
 * runs: each load of its main frame, its console (every level: the app's own warnings and notes
 * too) and its uncaught errors. A failing test prints that trail under its message, so a failure
 * that happened once on a loaded machine (a page that loaded again, a call that failed) can be
 * told from the one run that showed it.
 */
export function createRunner(title) {
  const jsonArg = process.argv.find((arg) => arg.startsWith('--json='));
  const results = [];
  /** The current test's page events, with the time since it started. */
  let trail = [];
  let testStarted = Date.now();
  let pages = 0;
  const note = (line) => trail.push(`${String(Date.now() - testStarted).padStart(6)} ms  ${line}`);
  return {
    watch(context) {
      context.on('page', (page) => {
        pages += 1;
        const name = `page ${pages}`;
        page.on('framenavigated', (frame) => {
          if (frame === page.mainFrame()) note(`${name} loaded ${frame.url()}`);
        });
        page.on('console', (message) => {
          note(`${name} console.${message.type()}: ${message.text().slice(0, 300)}`);
        });
        page.on('pageerror', (error) => note(`${name} uncaught: ${error.message}`));
        page.on('close', () => note(`${name} closed`));
      });
      return context;
    },
    async test(name, body) {
      // `E2E_ONLY=text`: only the tests whose name holds it, to look into one by hand (a test that
      // builds on an earlier one's state may then fail; npm test never sets it).
      if (process.env.E2E_ONLY && !name.includes(process.env.E2E_ONLY)) return;
      const started = Date.now();
      trail = [];
      testStarted = started;
      try {
        await body();
        results.push({ name, ok: true });
        console.log(`  ✓ ${name} (${Date.now() - started} ms)`);
      } catch (error) {
        const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
        const shown = trail.slice(-TRAIL_SHOWN);
        const message =
          shown.length === 0
            ? stack
            : `${stack}\n  What the test's pages did (the last ${shown.length} of ${trail.length}):\n    ${shown.join('\n    ')}`;
        results.push({ name, ok: false, message });
        console.log(`  ✗ ${name}\n${message}`);
      }
    },
    finish() {
      const failed = results.filter((result) => !result.ok).length;
      if (jsonArg) {
        writeFileSync(
          jsonArg.slice('--json='.length),
          JSON.stringify({
            numPassedTests: results.length - failed,
            numFailedTests: failed,
            // In Vitest's JSON shape, so npm test's summary names the failing tests and why.
            testResults: [
              {
                assertionResults: results
                  .filter((result) => !result.ok)
                  .map((result) => ({
                    fullName: result.name,
                    status: 'failed',
                    failureMessages: [result.message],
                  })),
              },
            ],
          }),
        );
      }
      console.log(`${title}: ${results.length - failed} passed, ${failed} failed`);
      process.exit(failed === 0 ? 0 : 1);
    },
  };
}
