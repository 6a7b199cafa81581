// `npm test`: every check of the project, each run even when an earlier one failed, then one plain
// tally line for the whole suite: "N passed, N failed". Exit code 1 if anything failed.
//   unit tests (Vitest), and beside them, one after another: type-check · lint · format · the
//   packed library in a consumer app (npm pack, type-check, build, Chromium) · the Storybook build
//   · every docs page of it (renders + axe) · the mock's storage across tabs in the browser;
//   then the test-runner on that build (play + axe + visual snapshot per story) · production
//   build + browser test of dist/ · the app built for the Node server, on it, in the browser · the
//   server's production install (npm ci --omit=dev of dist-server/, PGlite, and two workers on
//   PostgreSQL).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import { ensureBrowser } from './find-browser.mjs';
import { STORYBOOK_RESULTS, testStorybook } from './test-storybook.mjs';

const VITEST_RESULTS = '.test-results/vitest.json';
const DOCS_RESULTS = '.test-results/docs.json';
const PACKAGE_RESULTS = '.test-results/package.json';
const E2E_RESULTS = '.test-results/e2e.json';

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Runs `command` with its output held back until it ends, then printed whole under the step's
 * heading: for the steps that run beside the unit tests, whose output would otherwise interleave.
 */
function runHeld(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('exit', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(output).toString() }),
    );
  });
}

/** Vitest's browser checks (vitest.checks.config.ts) in `dir`, with a JSON report. */
const vitestChecksCommand = (dir, results) => [
  'npx',
  [
    'vitest',
    'run',
    '--config',
    'vitest.checks.config.ts',
    dir,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${results}`,
  ],
];

/** Counts from a Jest- or Vitest-style JSON report; undefined when the report is missing. */
function readCounts(file) {
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0),
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failures: (report.testResults ?? []).flatMap((file) =>
      (file.assertionResults ?? [])
        .filter((test) => test.status === 'failed')
        .map((test) => {
          const reason = reasonOf(String(test.failureMessages?.[0] ?? ''));
          return `${test.fullName ?? test.title}${reason ? `: ${reason}` : ''}`;
        }),
    ),
  };
}

/**
 * The lines of a failure worth a place in the closing summary, which is all a CI page may keep:
 * the first line, and for a visual check the lines that say what differs (pixels, size, layout).
 */
function reasonOf(message) {
  const lines = stripVTControlCharacters(message)
    .split('\n')
    .map((line) => line.trim());
  const telling = lines
    .slice(1)
    .filter((line) => /pixels differ|size changed|layout differs|^[-+] /.test(line))
    .slice(0, 4);
  return [lines[0], ...telling]
    .filter((line) => line !== '')
    .map((line) => line.slice(0, 200))
    .join('\n           ');
}

/**
 * The checks held to run beside the unit tests, one after another: Vitest runs one worker on a
 * 2-core machine and much of its time waits on databases and child processes, so these take the
 * other core instead of adding their minutes after it (the unit tests still end last). Each is
 * `[command, args]`, run only when the step it `needs` passed; its output is printed whole when
 * it ends.
 */
const besideUnitTests = [
  { name: 'type-check', command: ['npx', ['tsc', '--noEmit', '-p', '.']] },
  { name: 'lint', command: ['npx', ['eslint', '.', '--max-warnings', '0']] },
  { name: 'format', command: ['npx', ['prettier', '--check', '.', '--log-level', 'warn']] },
  {
    name: 'package (npm pack, then an app that installs it, in Chromium)',
    results: PACKAGE_RESULTS,
    command: vitestChecksCommand('tests/consumer', PACKAGE_RESULTS),
  },
  {
    // Built here, tested by the stories step and the docs pages step.
    name: 'Storybook build',
    command: ['npx', ['storybook', 'build', '--quiet', '-o', 'storybook-static']],
  },
  {
    // The unit tests outlast everything above by minutes, so these browser checks fill that time.
    name: 'docs pages (render + axe)',
    needs: 'Storybook build',
    results: DOCS_RESULTS,
    command: vitestChecksCommand('tests/docs', DOCS_RESULTS),
  },
  {
    name: 'storage across tabs in the browser (property)',
    results: '.test-results/storage.json',
    command: ['node', ['tests/e2e/storage.property.mjs', '--json=.test-results/storage.json']],
  },
];

const steps = [
  {
    name: 'unit tests (vitest)',
    results: VITEST_RESULTS,
    run: () =>
      run('npx', [
        'vitest',
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${VITEST_RESULTS}`,
      ]),
  },
  {
    // On the Storybook built beside the unit tests, in storybook-static/.
    name: 'stories (play + axe + visual)',
    results: STORYBOOK_RESULTS,
    needs: 'Storybook build',
    run: () => testStorybook(['--no-build']),
  },
];

if (existsSync('tests/e2e/production.test.mjs')) {
  steps.push({
    name: 'production build in the browser',
    results: E2E_RESULTS,
    run: () => run('node', ['tests/e2e/production.test.mjs', `--json=${E2E_RESULTS}`]),
  });
}

steps.push({
  name: 'the app on the Node server in the browser (two people, a restart, one person on two devices, the CSP)',
  results: '.test-results/server.json',
  run: () => run('node', ['tests/e2e/server.test.mjs', '--json=.test-results/server.json']),
});

steps.push({
  name: 'the server’s production install (npm ci --omit=dev; PGlite; two workers on PostgreSQL)',
  results: '.test-results/production-server.json',
  run: () =>
    run('node', [
      'tests/e2e/production-server.test.mjs',
      // The step before has just built dist-server/.
      '--no-build',
      '--json=.test-results/production-server.json',
    ]),
});

async function main() {
  rmSync('.test-results', { recursive: true, force: true });
  mkdirSync('.test-results', { recursive: true });
  await ensureBrowser();

  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const summary = [];
  const codes = new Map();
  const record = (step, code, seconds) => {
    codes.set(step.name, code);
    const took = seconds === undefined ? '' : ` (${Math.round(seconds)} s)`;
    const counts = step.results ? readCounts(step.results) : undefined;
    if (counts) {
      passed += counts.passed;
      failed += counts.failed;
      skipped += counts.skipped;
      // A step that failed without a failing test (a build error, a crash) still counts.
      if (code !== 0 && counts.failed === 0) failed += 1;
      summary.push(
        `${code === 0 ? 'ok  ' : 'FAIL'} ${step.name}: ${counts.passed} passed, ${counts.failed} failed${took}`,
        // The failing tests' names and first lines, so the summary (all a CI page may keep) says
        // which tests failed and why.
        ...counts.failures.map((line) => `       ✗ ${line}`),
      );
    } else {
      if (code === 0) passed += 1;
      else failed += 1;
      summary.push(`${code === 0 ? 'ok  ' : 'FAIL'} ${step.name}${took}`);
    }
  };

  // The browserless checks start beside the unit tests, one after another; the unit tests print
  // as they go, the others when the unit tests are done.
  const beside = (async () => {
    const ended = [];
    for (const step of besideUnitTests) {
      const failedNeed = ended.find((entry) => entry.step.name === step.needs && entry.code !== 0);
      if (failedNeed) {
        ended.push({ step, code: 1, output: `not run: ${step.needs} failed`, seconds: 0 });
        continue;
      }
      const started = Date.now();
      const [command, args] = step.command;
      ended.push({
        step,
        ...(await runHeld(command, args)),
        seconds: (Date.now() - started) / 1000,
      });
    }
    return ended;
  })();
  const [unitTests, ...after] = steps;
  const suiteStarted = Date.now();
  console.log(
    `\n━━ ${unitTests.name} (${besideUnitTests.map((step) => step.name).join(', ')} beside it) ━━`,
  );
  const unitCode = await unitTests.run();
  const unitSeconds = (Date.now() - suiteStarted) / 1000;
  for (const { step, code, output, seconds } of await beside) {
    console.log(`\n━━ ${step.name} (${seconds.toFixed(0)} s, beside the unit tests) ━━`);
    if (output.trim() !== '') console.log(output.trimEnd());
    record(step, code, seconds);
  }
  record(unitTests, unitCode, unitSeconds);

  for (const step of after) {
    console.log(`\n━━ ${step.name} ━━`);
    if (step.needs !== undefined && codes.get(step.needs) !== 0) {
      console.log(`not run: ${step.needs} failed`);
      record(step, 1);
      continue;
    }
    const started = Date.now();
    const code = await step.run();
    record(step, code, (Date.now() - started) / 1000);
  }
  // Skipped tests are defects here (see README): count them as failures.
  failed += skipped;
  console.log(
    `\n${summary.join('\n')}${skipped ? `\n${skipped} skipped test(s) counted as failed` : ''}\n`,
  );
  console.log(`the suite took ${Math.round((Date.now() - suiteStarted) / 60000)} min`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
