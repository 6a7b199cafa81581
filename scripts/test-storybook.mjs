// Builds Storybook, serves the static build on 127.0.0.1 and runs @storybook/test-runner
// against it: play function + axe + visual snapshot for every story. The server is started and
// stopped here, so no process is left behind.
//   node scripts/test-storybook.mjs            build + test
//   node scripts/test-storybook.mjs --update   build + test, rewriting visual baselines
//   node scripts/test-storybook.mjs --no-build reuse storybook-static/
//   node scripts/test-storybook.mjs --out-dir=/tmp/sb   build into (or reuse) another folder
// Extra arguments after `--` go to test-storybook (e.g. `-- stories/ui/Button.stories.tsx`).
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { ensureBrowser } from './find-browser.mjs';
import { serveStatic } from './serve-static.mjs';

export const STORYBOOK_RESULTS = '.test-results/storybook.json';

function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function testStorybook(argv = []) {
  const update = argv.includes('--update');
  const build = !argv.includes('--no-build');
  const dashdash = argv.indexOf('--');
  const extra = dashdash >= 0 ? argv.slice(dashdash + 1) : [];
  const outArg = argv.find((arg) => arg.startsWith('--out-dir='));
  const outDir = outArg ? outArg.slice('--out-dir='.length) : 'storybook-static';

  await ensureBrowser();
  if (build) {
    const code = await run('npx', ['storybook', 'build', '--quiet', '-o', outDir]);
    if (code !== 0) return code;
  }
  mkdirSync('.test-results', { recursive: true });
  const server = await serveStatic(outDir, { single: false });
  try {
    return await run(
      'npx',
      [
        'test-storybook',
        '--url',
        server.url,
        ...(update ? ['--updateSnapshot'] : []),
        '--maxWorkers=2',
        '--json',
        '--outputFile',
        STORYBOOK_RESULTS,
        ...extra,
      ],
      { env: { ...process.env, TZ: 'UTC' } },
    );
  } finally {
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  testStorybook(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
