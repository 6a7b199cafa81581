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
import { browserBuild, chooseVisualMode, recordBuild } from './visual-mode.mjs';

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

  const browser = await ensureBrowser();
  const browserVersion = await browserBuild(browser);
  const partial = extra.some((arg) => !arg.startsWith('-'));
  const visual = chooseVisualMode(browserVersion, { update, partial });
  console.log(visual.line);
  if (build) {
    const code = await run('npx', ['storybook', 'build', '--quiet', '-o', outDir]);
    if (code !== 0) return code;
  }
  mkdirSync('.test-results', { recursive: true });
  const server = await serveStatic(outDir, { single: false });
  try {
    const code = await run(
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
      {
        env: {
          ...process.env,
          TZ: 'UTC',
          CHROME_BIN: browser,
          MURMUR_BROWSER_BUILD: browserVersion,
          MURMUR_VISUAL_MODE: visual.mode,
          MURMUR_VISUAL_UPDATE: update ? '1' : '0',
        },
      },
    );
    if (update && !partial) {
      if (code === 0) recordBuild(browserVersion);
      else
        console.log('visual: some stories failed, so the record of the browser build is unchanged');
    }
    console.log(visual.line);
    return code;
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
