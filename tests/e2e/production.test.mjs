// The production build in a real browser: build dist/ (with a sub-path BASE_URL, as a static host
// might serve it), serve it statically with an SPA fallback, and drive Debian's Chromium through
// guest login → create a post → reload → the post is still there (IndexedDB) → logout.
// Part of `npm test`; writes { numPassedTests, numFailedTests } to --json=FILE for the tally.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureBrowser } from '../../scripts/find-browser.mjs';
import { serveStatic } from '../../scripts/serve-static.mjs';

const BASE = '/murmur/';
const jsonArg = process.argv.find((arg) => arg.startsWith('--json='));
const results = [];

async function test(name, body) {
  const started = Date.now();
  try {
    await body();
    results.push({ name, ok: true });
    console.log(`  ✓ ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    results.push({ name, ok: false });
    console.log(`  ✗ ${name}\n${error instanceof Error ? error.stack : error}`);
  }
}

const outDir = mkdtempSync(join(tmpdir(), 'murmur-dist-'));
const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--logLevel', 'warn'], {
  stdio: 'inherit',
  env: { ...process.env, BASE_URL: BASE },
});
if (build.status !== 0) {
  console.error('vite build failed');
  process.exit(1);
}

const executablePath = await ensureBrowser();
const server = await serveStatic(outDir, { base: BASE });
const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
const context = await browser.newContext({
  viewport: { width: 1280, height: 800 },
  locale: 'en-US',
});
const consoleErrors = [];
/** A tab of the app whose console errors are collected. */
async function openTab() {
  const tab = await context.newPage();
  tab.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  tab.on('pageerror', (error) => consoleErrors.push(error.message));
  return tab;
}
const page = await openTab();

/** Writes a post through the composer of a signed-in tab and waits for it in the feed. */
async function createPost(tab, text) {
  await tab.getByRole('button', { name: 'Write something interesting...' }).click();
  const dialog = tab.getByRole('dialog', { name: 'Add Post' });
  await dialog.getByRole('textbox').fill(text);
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await tab.getByRole('article').filter({ hasText: text }).waitFor();
}
/** A second tab of the same browser: it shares the session with the first. */
let otherTab;

const postText = `Shipped from the production build at ${new Date().toISOString()}`;

try {
  await test('a protected deep link while logged out goes to login', async () => {
    await page.goto(`${server.url}bookmark-page`);
    await page.getByRole('button', { name: 'Add Guest Credentials' }).waitFor();
    assert.equal(new URL(page.url()).pathname, BASE);
  });

  await test('guest login returns to the page it was going to', async () => {
    await page.getByRole('button', { name: 'Add Guest Credentials' }).click();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('heading', { name: 'Your Bookmarks' }).waitFor();
    assert.equal(new URL(page.url()).pathname, `${BASE}bookmark-page`);
  });

  await test('create a post from Home', async () => {
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    await createPost(page, postText);
  });

  await test('the post survives a reload', async () => {
    await page.reload();
    await page.getByRole('article').filter({ hasText: postText }).waitFor();
  });

  await test('a second tab opens signed in with the same session', async () => {
    otherTab = await openTab();
    await otherTab.goto(`${server.url}home-page`);
    await otherTab.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
  });

  await test('posts written in two tabs in turn are all kept, and every tab sees them after a reload', async () => {
    const written = ['first from tab A', 'then from tab B', 'again from tab A'].map(
      (words) => `${words} at ${Date.now()}`,
    );
    await createPost(page, written[0]);
    await createPost(otherTab, written[1]);
    await createPost(page, written[2]);
    for (const tab of [page, otherTab]) {
      await tab.reload();
      for (const text of written)
        await tab.getByRole('article').filter({ hasText: text }).waitFor();
    }
  });

  await test('logout returns to login', async () => {
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByText('Loggedout Successfully.').waitFor();
    await page.getByRole('button', { name: 'Add Guest Credentials' }).waitFor();
    assert.equal(new URL(page.url()).pathname, BASE);
  });

  await test('the other tab follows the logout to the login page within a second', async () => {
    await otherTab
      .getByRole('button', { name: 'Add Guest Credentials' })
      .waitFor({ timeout: 1500 });
    assert.equal(new URL(otherTab.url()).pathname, BASE);
  });

  await test('logging in in one tab logs in the other', async () => {
    await otherTab.goto(server.url);
    await otherTab.getByRole('button', { name: 'Add Guest Credentials' }).waitFor();
    await page.getByRole('button', { name: 'Add Guest Credentials' }).click();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    await otherTab.getByRole('heading', { name: 'Home', level: 1 }).waitFor({ timeout: 1500 });
    assert.equal(new URL(otherTab.url()).pathname, `${BASE}home-page`);
  });

  await test('no console errors on the way', async () => {
    assert.deepEqual(consoleErrors, []);
  });
} finally {
  await browser.close();
  await server.close();
}

const failed = results.filter((result) => !result.ok).length;
if (jsonArg) {
  writeFileSync(
    jsonArg.slice('--json='.length),
    JSON.stringify({ numPassedTests: results.length - failed, numFailedTests: failed }),
  );
}
console.log(`production build: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
