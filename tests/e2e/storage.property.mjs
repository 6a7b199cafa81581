// The mock database's storage in a real browser: IndexedDB and the Web Locks API, 2–3 tabs.
// fast-check draws random steps (posts, edits, deletes, likes, comments, votes, bookmarks,
// follows, profile edits, sign-ups), each by a tab; the steps of a wave are fired in all their
// tabs at once, and a tab may reload while the others write. Each tab is its own page running
// storage-harness/harness.ts. The property: the tabs behave exactly like one database running
// the same steps in the order the lock let them run (a reference page, in memory only): each
// step enters with that database's state and succeeds or fails as it would there, and every
// tab ends with its state. No acknowledged write lost, none doubled, none reordered.
// Part of `npm test`; writes { numPassedTests, numFailedTests } to --json=FILE.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureBrowser } from '../../scripts/find-browser.mjs';
import { serveStatic } from '../../scripts/serve-static.mjs';

const RUNS = 30;
const jsonArg = process.argv.find((arg) => arg.startsWith('--json='));
const ACTIONS = [
  'createPost',
  'editPost',
  'deletePost',
  'like',
  'dislike',
  'addComment',
  'upvote',
  'bookmark',
  'follow',
  'unfollow',
  'editUser',
  'signup',
];

const outDir = mkdtempSync(join(tmpdir(), 'murmur-storage-harness-'));
const build = spawnSync(
  'npx',
  ['vite', 'build', '--config', 'tests/e2e/storage-harness/vite.config.mjs', '--outDir', outDir],
  { stdio: 'inherit' },
);
if (build.status !== 0) {
  console.error('building the storage harness failed');
  process.exit(1);
}

const executablePath = await ensureBrowser();
const server = await serveStatic(outDir);
const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
const context = await browser.newContext();
const pages = await Promise.all([1, 2, 3, 4].map(() => context.newPage()));
const reference = pages.pop();
const pageErrors = [];
for (const page of [...pages, reference]) page.on('pageerror', (error) => pageErrors.push(error));

async function open(page, query) {
  await page.goto(`${server.url}?${query}`);
  await page.waitForFunction(() => window.harness !== undefined);
  await page.evaluate(() => window.harness.ready);
}
const call = (page, step, index) =>
  page.evaluate(([s, i]) => window.harness.call(s, i), [step, index]);
const stateOf = (page) => page.evaluate(() => window.harness.state());

const stepArbitrary = fc.record({
  action: fc.constantFrom(...ACTIONS),
  actor: fc.nat({ max: 6 }),
  target: fc.nat({ max: 12 }),
  text: fc.constantFrom('Hello there', '  padded  ', '   ', 'x'.repeat(501), 'Fine words'),
  tab: fc.nat({ max: 2 }),
  sameWave: fc.boolean(),
  /** Another tab of this wave that reloads while the wave's writes run. */
  reloadOther: fc.boolean(),
});

let run = 0;
let passed = false;
const started = Date.now();
try {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 2, max: 3 }),
      fc.array(stepArbitrary, { minLength: 2, maxLength: 12 }),
      async (tabCount, steps) => {
        run += 1;
        const db = `run-${run}`;
        const tabs = pages.slice(0, tabCount);
        await Promise.all(tabs.map((page) => open(page, `db=${db}`)));
        await open(reference, 'reference');

        // Fire the waves; remember what each tab reported.
        const reports = [];
        let wave = [];
        const settle = async () => {
          reports.push(...(await Promise.all(wave)));
          wave = [];
        };
        for (const [index, step] of steps.entries()) {
          if (!step.sameWave) await settle();
          const tab = step.tab % tabCount;
          wave.push(call(tabs[tab], step, index).then((report) => ({ ...report, index })));
          if (step.reloadOther) {
            // A tab with nothing in flight reloads while this wave writes.
            const busy = new Set(
              steps
                .slice(0, index + 1)
                .filter((_, i) => i >= index - wave.length + 1)
                .map((s) => s.tab % tabCount),
            );
            const idle = tabs.findIndex((_, i) => !busy.has(i));
            if (idle !== -1) await open(tabs[idle], `db=${db}`);
          }
        }
        await settle();

        // Replay in the lock's order on the reference: same entry state, same outcome.
        reports.sort((a, b) => a.position - b.position);
        assert.deepEqual(
          reports.map((report) => report.position),
          reports.map((_, i) => i),
          'every step ran once, one at a time',
        );
        for (const report of reports) {
          const expected = await call(reference, steps[report.index], report.index);
          assert.equal(report.entered, expected.entered, `step ${report.index} entered as one db`);
          assert.equal(report.outcome, expected.outcome, `step ${report.index} outcome`);
        }
        const final = await stateOf(reference);
        for (const page of tabs) assert.equal(await stateOf(page), final, 'every tab ends equal');
        // A tab opened afresh reads the same from IndexedDB.
        await open(tabs[0], `db=${db}`);
        assert.equal(await stateOf(tabs[0]), final, 'the stored database equals it');
      },
    ),
    {
      numRuns: RUNS,
      // Replaying a reported failure: STORAGE_SEED=<seed> STORAGE_PATH=<path> npm run …
      ...(process.env.STORAGE_SEED ? { seed: Number(process.env.STORAGE_SEED) } : {}),
      ...(process.env.STORAGE_PATH ? { path: process.env.STORAGE_PATH, endOnFailure: true } : {}),
    },
  );
  assert.deepEqual(pageErrors, []);
  passed = true;
  console.log(`  ✓ ${RUNS} random interleavings of 2–3 tabs (${Date.now() - started} ms)`);
} catch (error) {
  console.log(`  ✗ storage interleavings\n${error instanceof Error ? error.message : error}`);
  // fast-check keeps the property's own failure (which assertion, which step) as the cause.
  if (error instanceof Error && error.cause !== undefined) console.log('Cause:', error.cause);
} finally {
  await browser.close();
  await server.close();
}

if (jsonArg) {
  writeFileSync(
    jsonArg.slice('--json='.length),
    JSON.stringify({ numPassedTests: passed ? 1 : 0, numFailedTests: passed ? 0 : 1 }),
  );
}
process.exit(passed ? 0 : 1);
