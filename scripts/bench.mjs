// `npm run bench`: how fast Murmur is, in one run, beside a floor built in the same run.
//
// 1. Builds the app (dist/) and "the floor": a bare Vite + React login page (a heading, two
//    fields, a button), the least a React page of this kind can cost.
// 2. Serves both gzipped (as any static host would) on 127.0.0.1.
// 3. Lighthouse (mobile and desktop presets, performance only) on the app's `/` and
//    `/signup-page` and on the floor: score, FCP, LCP, TBT, CLS and the bytes loaded. The median
//    of --runs=N (3). Then whether the login and sign-up pages meet their mark beside the floor
//    of this run (mobile ≥ 98 with an LCP no later than the floor's, CLS 0, desktop 100); the
//    run fails when they do not.
// 4. The feed at scale, in desktop Chromium: Home's cold load to its first post (the mock's
//    400 ms delay included), a Like's click to its painted frame, and scrolling's 95th-percentile
//    frame time, with the seed's 8 posts and then with --posts=N (1000) more made through the API.
//    `--no-feed` skips it.
//
// Not part of `npm test`: timings depend on the machine. Lighthouse 12 (13 needs Node 22).
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { BASE_CHROMIUM_ARGS, ensureBrowser } from './find-browser.mjs';
import { postAsGuest } from './post-as-guest.mjs';
import { serveStatic } from './serve-static.mjs';

const arg = (name, fallback) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const RUNS = arg('runs', 3);
const EXTRA_POSTS = arg('posts', 1000);
/** `--no-feed`: Lighthouse only (the feed part takes minutes). */
const FEED = !process.argv.includes('--no-feed');
const WORK = join('node_modules', '.cache', 'murmur-bench');
/**
 * Headless as root, offline, and none of the tests' determinism flags (no threaded scrolling,
 * every compositor stage before a draw): they make pictures stable and pages slower.
 */
const FLAGS = BASE_CHROMIUM_ARGS;

function step(text) {
  console.log(`\n== ${text}`);
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/** Copies a build and writes a .gz beside every text file: sirv serves it to gzip clients. */
function gzipped(from, to) {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(html|js|css|svg|json|txt|mjs)$/.test(name)) {
        writeFileSync(`${path}.gz`, gzipSync(readFileSync(path), { level: 9 }));
      }
    }
  };
  walk(to);
  return to;
}

/** The floor: the smallest honest React login page, built by the same Vite. */
function buildFloor() {
  const root = join(WORK, 'floor');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(join(root, 'src'), { recursive: true });
  writeFileSync(
    join(root, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1.0" />
<meta name="description" content="A bare Vite + React login page." />
<title>Floor</title></head><body><div id="root"></div>
<script type="module" src="/src/main.jsx"></script></body></html>`,
  );
  writeFileSync(
    join(root, 'src', 'main.jsx'),
    `import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
function Login() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  return (
    <main style={{ maxWidth: 400, margin: '4rem auto', fontFamily: 'system-ui, sans-serif' }}>
      <h1>Log in</h1>
      <form onSubmit={(event) => event.preventDefault()}>
        <p><label>Username <input value={username} onChange={(e) => setUsername(e.target.value)} /></label></p>
        <p><label>Password <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} /></label></p>
        <button type="submit">Login</button>
      </form>
    </main>
  );
}
createRoot(document.getElementById('root')).render(<StrictMode><Login /></StrictMode>);
`,
  );
  writeFileSync(
    join(root, 'vite.config.mjs'),
    `import react from '@vitejs/plugin-react';
export default { plugins: [react()], logLevel: 'warn' };
`,
  );
  run('npx', [
    'vite',
    'build',
    root,
    '--config',
    join(root, 'vite.config.mjs'),
    '--logLevel',
    'warn',
  ]);
  return join(root, 'dist');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function lighthouseOf(url, formFactor, chromePath) {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const { launch } = await import('chrome-launcher');
  const scores = [];
  for (let i = 0; i < RUNS; i += 1) {
    const chrome = await launch({
      chromePath,
      chromeFlags: ['--headless=new', ...FLAGS],
    });
    try {
      const result = await lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
        formFactor === 'desktop' ? desktopConfig : undefined,
      );
      const { categories, audits } = result.lhr;
      scores.push({
        score: Math.round((categories.performance.score ?? 0) * 100),
        fcp: audits['first-contentful-paint'].numericValue,
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
        // Everything the page loaded while Lighthouse watched (until the network was quiet).
        bytes: audits['total-byte-weight'].numericValue,
      });
    } finally {
      await chrome.kill();
    }
  }
  // The run with the median score, so the figures shown belong together.
  const byScore = [...scores].sort((a, b) => a.score - b.score);
  return byScore[Math.floor(byScore.length / 2)];
}

function table(rows, columns) {
  const widths = columns.map((c) =>
    Math.max(c.title.length, ...rows.map((row) => String(c.value(row)).length)),
  );
  const line = (cells) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join('  ');
  console.log(line(columns.map((c) => c.title)));
  for (const row of rows) console.log(line(columns.map((c) => c.value(row))));
}

/**
 * What the issue asks of the login and sign-up pages, in this very run: mobile 98 or more with an
 * LCP no later than the floor's, no layout shift, desktop 100. Says which holds; the run fails
 * (exit code 1) when one does not, so a regression is not read past.
 */
function verdict(rows) {
  const floor = rows.find((r) => r.formFactor === 'mobile' && r.name.startsWith('floor'));
  const checks = rows
    .filter((r) => r.name.startsWith('Murmur'))
    .flatMap((r) =>
      r.formFactor === 'mobile'
        ? [
            [`${r.name} mobile score ${r.score} ≥ 98`, r.score >= 98],
            [
              `${r.name} mobile LCP ${Math.round(r.lcp)} ms ≤ the floor's ${Math.round(floor.lcp)} ms`,
              r.lcp <= floor.lcp,
            ],
            [`${r.name} mobile CLS ${r.cls.toFixed(3)} = 0`, r.cls === 0],
          ]
        : [
            [`${r.name} desktop score ${r.score} = 100`, r.score === 100],
            [`${r.name} desktop CLS ${r.cls.toFixed(3)} = 0`, r.cls === 0],
          ],
    );
  console.log('');
  for (const [text, ok] of checks) console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${text}`);
  if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
}

/** Logs the guest in, in a page of the context: the session is then kept for its other pages. */
async function logIn(context, baseUrl) {
  const page = await context.newPage();
  await page.goto(baseUrl);
  await page.getByRole('button', { name: 'Add Guest Credentials' }).click();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.locator('article').first().waitFor({ timeout: 60_000 });
  await page.close();
}

/**
 * The feed's figures in a signed-in context (its mock database is the context's IndexedDB):
 * cold load, like, scroll.
 */
async function feedFigures(context, baseUrl, label) {
  const page = await context.newPage();
  try {
    // Cold load: a new page (the session is kept), navigation start to the first post drawn.
    const coldPage = await context.newPage();
    await coldPage.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.querySelector('article')) {
          observer.disconnect();
          requestAnimationFrame(() => {
            window.__firstPost = performance.now();
          });
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await coldPage.goto(`${baseUrl}home-page`);
    await coldPage.waitForFunction(() => typeof window.__firstPost === 'number', null, {
      timeout: 120_000,
    });
    const coldLoad = await coldPage.evaluate(() => window.__firstPost);
    await coldPage.close();
    await page.goto(`${baseUrl}home-page`);
    await page.locator('article').first().waitFor({ timeout: 120_000 });

    // Like → painted: from the click to the frame after the button shows the new state.
    const likes = [];
    for (let i = 0; i < 6; i += 1) {
      likes.push(
        await page.evaluate(
          () =>
            new Promise((resolve) => {
              const button = document.querySelector('article button[aria-pressed]');
              const before = button.getAttribute('aria-pressed');
              const started = performance.now();
              const observer = new MutationObserver(() => {
                if (button.getAttribute('aria-pressed') === before) return;
                observer.disconnect();
                requestAnimationFrame(() => resolve(performance.now() - started));
              });
              observer.observe(button, { attributes: true });
              button.click();
            }),
        ),
      );
      // Let the call settle before the next toggle (a pending like ignores presses).
      await page.waitForTimeout(700);
    }

    // Scrolling: 150 frames, 60 px each, frame times from requestAnimationFrame.
    const frames = await page.evaluate(
      () =>
        new Promise((resolve) => {
          window.scrollTo(0, 0);
          const times = [];
          let last = performance.now();
          let count = 0;
          const tick = (now) => {
            times.push(now - last);
            last = now;
            window.scrollBy(0, 60);
            count += 1;
            if (count < 150) requestAnimationFrame(tick);
            else resolve(times.slice(1));
          };
          requestAnimationFrame(tick);
        }),
    );
    const articles = await page.locator('article').count();
    return {
      label,
      articles,
      coldLoad: Math.round(coldLoad),
      like: Math.round(median(likes)),
      scrollP95: percentile(frames, 95).toFixed(1),
      // Intervals longer than one and a half 60 Hz frames: a frame missed. (At 60 Hz the p95
      // itself reads 16.7 or 16.8 ms, the timer's jitter around one frame.)
      missed: frames.filter((time) => time > 25).length,
    };
  } finally {
    await page.close();
  }
}

/** Makes `count` posts as the guest through the API, 50 calls at a time. */
async function addPosts(context, baseUrl, count) {
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}home-page`);
    await page.locator('article').first().waitFor({ timeout: 60_000 });
    await postAsGuest(page, { count, batch: 50, text: 'a bench post, a line of text.' });
  } finally {
    await page.close();
  }
}

async function main() {
  const chromePath = await ensureBrowser();

  step('Building the app and the floor');
  run('npx', ['vite', 'build', '--logLevel', 'warn']);
  const floorDist = buildFloor();
  const app = await serveStatic(gzipped('dist', join(WORK, 'app-gz')), { gzip: true });
  const floor = await serveStatic(gzipped(floorDist, join(WORK, 'floor-gz')), { gzip: true });

  try {
    step(`Lighthouse (performance; median of ${RUNS} runs each; ${chromePath})`);
    const pages = [
      { name: 'Murmur /', url: app.url },
      { name: 'Murmur /signup-page', url: `${app.url}signup-page` },
      { name: 'floor (bare Vite + React)', url: floor.url },
    ];
    const rows = [];
    for (const formFactor of ['mobile', 'desktop']) {
      for (const target of pages) {
        const result = await lighthouseOf(target.url, formFactor, chromePath);
        rows.push({ ...target, formFactor, ...result });
        console.log(`  ${formFactor} ${target.name}: ${result.score}`);
      }
    }
    console.log('');
    table(rows, [
      { title: 'page', value: (r) => r.name },
      { title: 'preset', value: (r) => r.formFactor },
      { title: 'score', value: (r) => r.score },
      { title: 'FCP ms', value: (r) => Math.round(r.fcp) },
      { title: 'LCP ms', value: (r) => Math.round(r.lcp) },
      { title: 'TBT ms', value: (r) => Math.round(r.tbt) },
      { title: 'CLS', value: (r) => r.cls.toFixed(3) },
      { title: 'KB', value: (r) => Math.round(r.bytes / 1024) },
    ]);
    verdict(rows);

    if (!FEED) return;
    step('The feed at scale (desktop Chromium, 1280×800)');
    const browser = await chromium.launch({ executablePath: chromePath, args: FLAGS });
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await logIn(context, app.url);
      const feed = [await feedFigures(context, app.url, 'seed')];
      console.log(`  measured: ${feed[0].label}; adding ${EXTRA_POSTS} posts through the API…`);
      await addPosts(context, app.url, EXTRA_POSTS);
      feed.push(await feedFigures(context, app.url, `+${EXTRA_POSTS} posts`));
      console.log('');
      table(feed, [
        { title: 'posts', value: (r) => r.label },
        { title: 'articles mounted', value: (r) => r.articles },
        { title: 'Home first post ms', value: (r) => r.coldLoad },
        { title: 'like→painted ms', value: (r) => r.like },
        { title: 'scroll p95 frame ms', value: (r) => r.scrollP95 },
        { title: 'frames missed of 149', value: (r) => r.missed },
      ]);
    } finally {
      await browser.close();
    }
  } finally {
    await app.close();
    await floor.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
