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

/** A run of named tests; `finish()` reports and exits (0 when all passed). */
export function createRunner(title) {
  const jsonArg = process.argv.find((arg) => arg.startsWith('--json='));
  const results = [];
  return {
    async test(name, body) {
      const started = Date.now();
      try {
        await body();
        results.push({ name, ok: true });
        console.log(`  ✓ ${name} (${Date.now() - started} ms)`);
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
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
