// The production build in a real browser: build dist/ (with a sub-path BASE_URL, as a static host
// might serve it), serve it statically with an SPA fallback, and drive Debian's Chromium through
// guest login → create a post → reload → the post is still there (IndexedDB) → logout.
// Part of `npm test`; writes { numPassedTests, numFailedTests } to --json=FILE for the tally.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureBrowser } from '../../scripts/find-browser.mjs';
import { createRunner } from './runner.mjs';
import { postAsGuest } from '../../scripts/post-as-guest.mjs';
import { serveStatic } from '../../scripts/serve-static.mjs';

const BASE = '/murmur/';
const { test, watch, finish } = createRunner('production build');

/**
 * The page stayed at `pathname` after a Back or Forward that only closed an overlay. The app
 * answers such a move by going straight back (`history.go`), which the browser completes a
 * moment later: the address may show the other entry for that moment, never for longer.
 */
async function stayedAt(page, pathname) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 2000 });
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
const context = watch(
  await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
  }),
);
const consoleErrors = [];
/** Any error or warning about hydration: the prerendered HTML and the app disagreed. */
const hydrationMessages = [];
/** A tab of the app whose console errors are collected. */
async function openTab() {
  const tab = await context.newPage();
  tab.on('console', (message) => {
    const kind = message.type();
    if ((kind === 'error' || kind === 'warning') && /hydrat/i.test(message.text())) {
      hydrationMessages.push(message.text());
    }
    if (kind === 'error') consoleErrors.push(message.text());
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
/**
 * Where the element marked `data-probe="focused"` is on the screen, and the focused element's
 * probe: to check that focus and the reader's place stayed put while posts arrived.
 */
function focusProbe(tab) {
  return tab.evaluate(() => ({
    probe: document.activeElement?.getAttribute('data-probe'),
    top: document.querySelector('[data-probe="focused"]')?.getBoundingClientRect().top,
  }));
}
/** Clicks `control` and resolves when the server has answered the write it sends. */
async function clickAndAwaitAnswer(control) {
  const tab = control.page();
  await Promise.all([
    tab.waitForResponse(
      (response) => response.url().includes('/api/') && response.request().method() !== 'GET',
    ),
    control.click(),
  ]);
}

/**
 * What is wrong with the mock's database as IndexedDB holds it (the mock's invariants, checked
 * on the raw records): empty when everything holds.
 */
function storedProblems(tab) {
  return tab.evaluate(async () => {
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open('murmur-mock-api');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const store = db.transaction('keyval').objectStore('keyval');
    const [keys, values] = await Promise.all(
      [store.getAllKeys(), store.getAll()].map(
        (request) => new Promise((resolve) => (request.onsuccess = () => resolve(request.result))),
      ),
    );
    db.close();
    const records = (prefix) =>
      keys.flatMap((key, i) => (String(key).startsWith(prefix) ? [values[i].record] : []));
    const users = records('users:');
    const posts = records('posts:');
    const problems = [];
    const userIds = new Set(users.map((user) => user._id));
    const postIds = new Set(posts.map((post) => post._id));
    if (userIds.size !== users.length) problems.push('repeated user ids');
    if (new Set(users.map((user) => user.username.toLowerCase())).size !== users.length) {
      problems.push('repeated usernames');
    }
    for (const user of users) {
      for (const id of user.followingIds) {
        const other = users.find((candidate) => candidate._id === id);
        if (!other?.followerIds.includes(user._id)) problems.push(`${user._id} → ${id} one-sided`);
      }
      for (const id of user.bookmarkIds) {
        if (!postIds.has(id)) problems.push(`${user._id} bookmarks missing ${id}`);
      }
    }
    for (const post of posts) {
      if (!userIds.has(post.authorId)) problems.push(`${post._id} has no author`);
      if (post.likedByIds.some((id) => post.dislikedByIds.includes(id))) {
        problems.push(`${post._id} liked and disliked by one person`);
      }
      if (post.likeCount < 0) problems.push(`${post._id} likeCount < 0`);
    }
    return problems;
  });
}

/** A second tab of the same browser: it shares the session with the first. */
let otherTab;

const postText = `Shipped from the production build at ${new Date().toISOString()}`;

/**
 * `#root`'s tree as text: elements with their attributes sorted, text joined, React's boundary
 * comments left out and useId's ids named alike (the server's and the client's differ in case).
 */
function markupOf(tab) {
  return tab.evaluate(() => {
    const ids = /_[rR]_[0-9a-z]+_/g;
    const text = (node) => {
      if (node.nodeType === Node.TEXT_NODE) return node.data;
      if (node.nodeType !== Node.ELEMENT_NODE) return '';
      const attributes = [...node.attributes]
        .map(({ name, value }) => ` ${name}="${value.replace(ids, 'ID')}"`)
        .sort()
        .join('');
      const children = [...node.childNodes].map(text).join('');
      return `<${node.localName}${attributes}>${children}</${node.localName}>`;
    };
    return text(document.getElementById('root'));
  });
}

/**
 * Opens `path` in a fresh context and returns `#root`'s markup once the app runs: hydrated from
 * the prerendered HTML, or (`fresh`) with the prerender's meta taken out, so that the boot script
 * says fresh and the app renders from nothing. Also counts the nodes removed from `#root` on the
 * way: hydration removes none.
 */
async function renderedAt(path, { fresh = false } = {}) {
  const isolated = watch(await browser.newContext({ viewport: { width: 1280, height: 800 } }));
  try {
    const tab = await isolated.newPage();
    const messages = [];
    tab.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    tab.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
    if (fresh) {
      await tab.route(`${server.url}${path.slice(1)}`, async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(/<meta name="murmur-prerendered"[^>]*>/, '');
        await route.fulfill({ response, body });
      });
    }
    await tab.addInitScript(() => {
      window.__removedFromRoot = 0;
      new MutationObserver((records) => {
        for (const record of records) {
          if (record.target instanceof Element && record.target.closest('#root')) {
            window.__removedFromRoot += record.removedNodes.length;
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await tab.goto(`${server.url}${path.slice(1)}`);
    const boot = await tab.evaluate(() => document.documentElement.dataset.boot ?? 'fresh');
    await tab.getByRole('heading', { level: 1 }).waitFor();
    // Every chunk loaded (the page's, the toasts', the mock's) and rendered.
    await tab.waitForLoadState('networkidle');
    await tab.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))),
    );
    const markup = await markupOf(tab);
    const removed = await tab.evaluate(() => window.__removedFromRoot);
    return { boot, markup, removed, messages };
  } finally {
    await isolated.close();
  }
}

try {
  await test('the login page’s first paint and the code that hydrates it keep their budgets (npm run size)', async () => {
    const size = spawnSync('node', ['scripts/size.mjs', `--dist=${outDir}`], { encoding: 'utf8' });
    assert.equal(size.status, 0, `${size.stdout}${size.stderr}`);
  });

  await test('the built / and /signup-page are the login and sign-up pages, styles inline', async () => {
    for (const [file, form] of [
      ['index.html', 'Log in to Murmur'],
      ['signup-page/index.html', 'Join Murmur'],
    ]) {
      const html = readFileSync(join(outDir, file), 'utf8');
      assert.match(html, new RegExp(`<div id="root">.*<h1[^>]*>${form}</h1>.*<form`, 's'));
      assert.match(html, /<style data-styled="true"[^>]*>[^<]*\.[a-zA-Z]+\{/);
      assert.doesNotMatch(html, /<link rel="stylesheet"/);
    }
  });

  await test('without JavaScript, / and /signup-page are drawn with their styles', async () => {
    const noScript = watch(
      await browser.newContext({
        viewport: { width: 390, height: 844 },
        javaScriptEnabled: false,
      }),
    );
    try {
      const tab = await noScript.newPage();
      await tab.goto(server.url);
      await tab.getByRole('heading', { name: 'Log in to Murmur' }).waitFor();
      const login = tab.getByRole('button', { name: 'Login', exact: true });
      // The theme's primary colour, not the browser's grey button.
      assert.equal(
        await login.evaluate((el) => getComputedStyle(el).backgroundColor),
        'rgb(82, 52, 201)',
      );
      assert.equal(await tab.title(), 'Log in · Murmur');
      await tab.goto(`${server.url}signup-page`);
      await tab.getByRole('heading', { name: 'Join Murmur' }).waitFor();
      await tab.getByRole('textbox', { name: 'First name' }).waitFor();
    } finally {
      await noScript.close();
    }
  });

  await test('the tab is named in the same frame as the address changes: never the last page’s title', async () => {
    const isolated = watch(await browser.newContext({ viewport: { width: 1280, height: 800 } }));
    try {
      const tab = await isolated.newPage();
      await tab.goto(server.url);
      // Every frame, before it is painted: the address and the title it is painted with.
      await tab.evaluate(() => {
        window.__frames = [];
        const sample = () => {
          window.__frames.push([location.pathname, document.title]);
          requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
      });
      await tab.getByRole('button', { name: 'Add Guest Credentials' }).click();
      await tab.getByRole('button', { name: 'Login', exact: true }).click();
      await tab.getByRole('heading', { name: 'Home' }).waitFor();
      await tab.getByRole('link', { name: 'Explore' }).first().click();
      await tab.getByRole('heading', { name: 'Explore' }).waitFor();
      await tab.getByRole('link', { name: 'Bookmark', exact: true }).first().click();
      await tab.getByRole('heading', { name: 'Bookmarks' }).waitFor();
      const frames = await tab.evaluate(() => window.__frames);
      const expected = { 'home-page': 'Home · Murmur', 'explore-page': 'Explore · Murmur' };
      const wrong = frames.filter(([pathname, title]) =>
        Object.entries(expected).some(([page, want]) => pathname.endsWith(page) && title !== want),
      );
      assert.deepEqual(wrong, []);
      for (const page of Object.keys(expected)) {
        assert.ok(
          frames.some(([pathname]) => pathname.endsWith(page)),
          `no frame at ${page}`,
        );
      }
      assert.equal(await tab.title(), 'Bookmarks · Murmur');
    } finally {
      await isolated.close();
    }
  });

  await test('the prerendered login and sign-up pages are hydrated into what a fresh render draws', async () => {
    for (const path of ['/', '/signup-page']) {
      const hydrated = await renderedAt(path);
      const fresh = await renderedAt(path, { fresh: true });
      assert.equal(hydrated.boot, 'hydrate', path);
      assert.equal(fresh.boot, 'fresh', path);
      assert.equal(hydrated.removed, 0, `${path}: hydration replaced nodes`);
      assert.equal(hydrated.markup, fresh.markup, path);
      assert.deepEqual(hydrated.messages, [], path);
      assert.deepEqual(fresh.messages, [], path);
    }
  });

  await test('what is typed into the prerendered login form before the app runs is kept, and Enter then logs in', async () => {
    const isolated = watch(await browser.newContext({ viewport: { width: 1280, height: 800 } }));
    try {
      const tab = await isolated.newPage();
      // The app's scripts arrive late: the form is filled in before hydration.
      await tab.route('**/assets/*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
      await tab.goto(server.url, { waitUntil: 'commit' });
      await tab.getByLabel('Username').fill('guest');
      await tab.getByLabel('Password', { exact: true }).fill('guest1234');
      // Enter before the app runs: the browser must not send the form itself (a GET would put
      // the password in the address).
      await tab.getByLabel('Password', { exact: true }).press('Enter');
      await tab.waitForTimeout(100);
      assert.equal(tab.url(), server.url, 'the address did not change');
      const hydrated = await tab.evaluate(() =>
        Object.keys(document.querySelector('input')).some((key) => key.startsWith('__react')),
      );
      assert.equal(hydrated, false, 'the form was filled in after hydration: nothing tested');
      // The Enter pressed Login (a form's Enter presses its submit button), which the app
      // presses again once it runs, with the typed text.
      await tab.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    } finally {
      await isolated.close();
    }
  });

  await test('the guest button and Login pressed before the app runs are not lost: they log in once it does', async () => {
    const isolated = watch(await browser.newContext({ viewport: { width: 1280, height: 800 } }));
    try {
      const tab = await isolated.newPage();
      await tab.route('**/assets/*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
      await tab.goto(server.url, { waitUntil: 'commit' });
      await tab.getByRole('button', { name: 'Add Guest Credentials' }).click();
      await tab.getByRole('button', { name: 'Login', exact: true }).click();
      const hydrated = await tab.evaluate(() =>
        Object.keys(document.querySelector('button')).some((key) => key.startsWith('__react')),
      );
      assert.equal(hydrated, false, 'pressed after hydration: nothing tested');
      await tab.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
      assert.equal(new URL(tab.url()).pathname, `${BASE}home-page`);
    } finally {
      await isolated.close();
    }
  });

  await test('the guest button and Login pressed after the app started, while the page’s code downloads, are not lost', async () => {
    // The window a person meets on a slow network: the entry has run (it asked for the login
    // page's chunk), the chunk is on its way, and the prerendered form looks ready. React drops a
    // press on markup it has not hydrated yet, so the page must not be hydrated before its code.
    const isolated = watch(await browser.newContext({ viewport: { width: 1280, height: 800 } }));
    try {
      const tab = await isolated.newPage();
      const pageCode = /\/assets\/LoginPage-[\w-]+\.js$/;
      let release;
      const held = new Promise((resolve) => (release = resolve));
      await tab.route(pageCode, async (route) => {
        await held;
        await route.continue();
      });
      const asked = tab.waitForRequest(pageCode);
      await tab.goto(server.url);
      await asked;
      await tab.getByRole('button', { name: 'Add Guest Credentials' }).click();
      await tab.getByRole('button', { name: 'Login', exact: true }).click();
      release();
      await tab.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
      assert.equal(new URL(tab.url()).pathname, `${BASE}home-page`);
    } finally {
      await isolated.close();
    }
  });

  await test('the guest button and Login pressed as soon as the page shows log in, every time of ten', async () => {
    // What a person in a hurry does. The guest press can come before the app runs (listed, and
    // pressed again once the page has taken what was typed) and Login just after the page came
    // alive: Login must wait its turn (handled at once, it sent blank fields, and the guest's
    // credentials landed after it: 4 to 11 loads of 40 stayed on the login page). Ten fresh loads,
    // as the timing falls.
    for (let load = 1; load <= 10; load += 1) {
      const isolated = watch(await browser.newContext({ viewport: { width: 1280, height: 800 } }));
      try {
        const tab = await isolated.newPage();
        await tab.goto(server.url);
        await tab.getByRole('button', { name: 'Add Guest Credentials' }).click();
        await tab.getByRole('button', { name: 'Login', exact: true }).click();
        await tab
          .getByRole('heading', { name: 'Home', level: 1 })
          .waitFor({ timeout: 10_000 })
          .catch((error) => {
            throw new Error(`load ${load} of 10 stayed at ${tab.url()}: ${error.message}`);
          });
      } finally {
        await isolated.close();
      }
    }
  });

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

  await test('every signed-in screen, wide and on a phone, passes axe with every rule, landmarks included', async () => {
    // The stories' check leaves out `region` (a story is one component, not a page): here the
    // whole page is read, so everything on it must sit in a landmark.
    const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
    const found = [];
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      for (const path of [
        'home-page',
        'explore-page?tag=sourdough',
        'notifications',
        'profile-page/maya_okafor',
        'post/post-maya-launch',
      ]) {
        await page.goto(`${server.url}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        // Loaded: nothing says it is busy (the live stream keeps the network from going idle).
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
        await page.waitForTimeout(300);
        await page.addScriptTag({ path: axePath });
        const violations = await page.evaluate(async () =>
          (await window.axe.run(document)).violations.map(
            (violation) =>
              `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          ),
        );
        for (const violation of violations)
          found.push(`${viewport.width} px, /${path}: ${violation}`);
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}home-page`);
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    assert.deepEqual(found, []);
  });

  await test('a signed-in reload hydrates the prerendered shell, then shows the user', async () => {
    assert.equal(await page.evaluate(() => document.documentElement.dataset.boot), 'hydrate');
    await page.getByText('@guest', { exact: true }).first().waitFor();
    await page.getByRole('radio', { name: 'System' }).first().waitFor({ state: 'attached' });
    // Its page drawn, the list of presses made before the app ran has ended: the boot script's
    // listener lists nothing more for the page's life.
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    assert.equal(await page.evaluate(() => window.__murmurPressed), null);
  });

  await test('Copy link gives a post’s own address under the sub-path; that address opens it on a fresh load', async () => {
    const origin = new URL(page.url()).origin;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const card = page.getByRole('article').filter({ hasText: postText });
    await card.getByRole('button', { name: 'Post options' }).click();
    await page.getByRole('menuitem', { name: 'Copy link' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(link, new RegExp(`^${origin}${BASE}post/[\\w-]+$`));
    // A fresh load of the permalink: the static host's fallback, the app, the post read alone.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Post', level: 1 }).waitFor();
    await page.getByRole('article').filter({ hasText: postText }).waitFor();
    // Titled after its author and the start of its text (the text is longer than a title holds).
    assert.equal(await page.title(), `Guest User: “${postText.slice(0, 40).trimEnd()}…” · Murmur`);
    await page.getByRole('textbox', { name: 'Add a comment' }).waitFor();
  });

  await test('Back and Forward close an open dialog or menu before they change the page', async () => {
    const path = () => new URL(page.url()).pathname;
    const heading = (name) => page.getByRole('heading', { name, level: 1 });
    await page.getByRole('link', { name: 'Explore' }).first().click();
    await heading('Explore').waitFor();
    await page.getByRole('link', { name: 'Home' }).first().click();
    await heading('Home').waitFor();

    await page.getByRole('button', { name: 'Write something interesting...' }).click();
    const composer = page.getByRole('dialog', { name: 'Add Post' });
    await composer.waitFor();
    await page.goBack({ waitUntil: 'commit' });
    await composer.waitFor({ state: 'hidden' });
    await stayedAt(page, `${BASE}home-page`);
    await heading('Home').waitFor();

    const options = page
      .getByRole('article')
      .filter({ hasText: postText })
      .getByRole('button', { name: 'Post options' });
    await options.click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await page.goBack({ waitUntil: 'commit' });
    await menu.waitFor({ state: 'hidden' });
    await stayedAt(page, `${BASE}home-page`);
    assert.ok(await options.evaluate((button) => button === document.activeElement));

    await page.goBack({ waitUntil: 'commit' });
    await heading('Explore').waitFor();
    assert.equal(path(), `${BASE}explore-page`);

    await page.getByRole('button', { name: 'New Post' }).click();
    await composer.waitFor();
    await page.goForward({ waitUntil: 'commit' });
    await composer.waitFor({ state: 'hidden' });
    await stayedAt(page, `${BASE}explore-page`);
    await page.goForward({ waitUntil: 'commit' });
    await heading('Home').waitFor();
    assert.equal(path(), `${BASE}home-page`);
  });

  await test('a draft survives Back, a reload and closing; Discard throws it away', async () => {
    const draft = `Half a thought, kept at ${Date.now()}`;
    const composer = page.getByRole('dialog', { name: 'Add Post' });
    const open = async () => {
      await page.getByRole('button', { name: 'Write something interesting...' }).click();
      await composer.waitFor();
      return composer.getByRole('textbox', { name: 'Post text' });
    };
    await (await open()).fill(draft);
    await page.goBack({ waitUntil: 'commit' });
    await composer.waitFor({ state: 'hidden' });
    await stayedAt(page, `${BASE}home-page`);
    assert.equal(await (await open()).inputValue(), draft);

    // Reloading with the dialog still open, then with it closed.
    await page.reload();
    assert.equal(await (await open()).inputValue(), draft);
    await page.keyboard.press('Escape');
    await composer.waitFor({ state: 'hidden' });
    await page.reload();
    assert.equal(await (await open()).inputValue(), draft);

    await composer.getByRole('button', { name: 'Discard' }).click();
    await composer.waitFor({ state: 'hidden' });
    assert.equal(await (await open()).inputValue(), '');
    await page.keyboard.press('Escape');
    await composer.waitFor({ state: 'hidden' });
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

  // ── Every tab, one truth: three tabs of one browser ──────────────────────────────────────
  let thirdTab;
  const article = (tab, text) => tab.getByRole('article').filter({ hasText: text });

  await test('a post waits in the other two tabs’ pill within a second, focus and scroll kept; a like and a comment show within a second', async () => {
    thirdTab = await openTab();
    await thirdTab.goto(`${server.url}home-page`);
    await article(thirdTab, postText).waitFor();
    await otherTab.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    // In tab B: scrolled down, keyboard focus on the Like button of the third post.
    const focused = otherTab.getByRole('article').nth(2).getByRole('button', { name: 'Like' });
    const topBefore = await focused.evaluate(async (element) => {
      element.setAttribute('data-probe', 'focused');
      const { top } = element.getBoundingClientRect();
      window.scrollTo(0, window.scrollY + top - 300);
      element.focus({ preventScroll: true });
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return element.getBoundingClientRect().top;
    });
    assert.ok(await otherTab.evaluate(() => window.scrollY > 0), 'tab B is scrolled down');

    const live = `Live from tab A at ${Date.now()}`;
    await createPost(page, live);
    // The new post waits in each other tab's pill (nothing moves under the reader) until asked for.
    for (const tab of [otherTab, thirdTab]) {
      await tab.getByRole('button', { name: 'Show 1 new post' }).waitFor({ timeout: 1000 });
    }
    // Tab B: keyboard focus and what it looked at stayed put while the post arrived.
    const waited = await focusProbe(otherTab);
    assert.equal(waited.probe, 'focused', 'focus stayed on the same button');
    assert.ok(Math.abs(waited.top - topBefore) <= 2, `moved from ${topBefore} to ${waited.top}`);
    for (const tab of [otherTab, thirdTab]) {
      await tab.getByRole('button', { name: 'Show 1 new post' }).click();
      await article(tab, live).waitFor({ timeout: 2000 });
    }

    const target = article(page, live);
    // Within a second of the answer (the click shows at once; the server answers 400 ms later).
    await clickAndAwaitAnswer(target.getByRole('button', { name: 'Like' }));
    for (const tab of [otherTab, thirdTab]) {
      await article(tab, live)
        .getByRole('button', { name: 'Like', pressed: true })
        .waitFor({ timeout: 1000 });
    }

    await target.getByRole('button', { name: 'Comment', exact: true }).click();
    const comment = `A comment at ${Date.now()}`;
    await target.getByRole('textbox', { name: /comment/i }).fill(comment);
    await Promise.all([
      page.waitForResponse((response) => /\/api\/post\/[^/]+\/comments$/.test(response.url())),
      target.getByRole('textbox', { name: /comment/i }).press('Enter'),
    ]);
    // The third tab's card shows it as its latest comment, without being opened.
    await article(thirdTab, live).getByText(comment).waitFor({ timeout: 1000 });
  });

  await test('follow, bookmark and a profile edit in one tab show in the others within a second', async () => {
    const panelA = page.getByRole('complementary', { name: 'Who to follow' });
    const follow = panelA.getByRole('button', { name: /^Follow / }).first();
    const label = await follow.getAttribute('aria-label');
    const name = String(label).replace(/^Follow /, '');
    await clickAndAwaitAnswer(follow);
    // Followed from this panel, they stay in it showing Unfollow; the other tabs' panels list
    // only people not followed yet, so they leave those.
    await panelA.getByRole('button', { name: `Unfollow ${name}` }).waitFor({ timeout: 1000 });
    for (const tab of [otherTab, thirdTab]) {
      await tab
        .getByRole('complementary', { name: 'Who to follow' })
        .getByRole('button', { name: `Follow ${name}`, exact: true })
        .waitFor({ state: 'detached', timeout: 1000 });
    }

    const bookmarked = `Bookmark me at ${Date.now()}`;
    await createPost(page, bookmarked);
    await otherTab.getByRole('link', { name: 'Bookmark', exact: true }).first().click();
    await otherTab.getByRole('heading', { name: 'Your Bookmarks' }).waitFor();
    await clickAndAwaitAnswer(article(page, bookmarked).getByRole('button', { name: 'Bookmark' }));
    await article(otherTab, bookmarked).waitFor({ timeout: 1000 });

    const bio = `Bio edited in tab A at ${Date.now()}`;
    await thirdTab.getByRole('link', { name: 'Profile' }).first().click();
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByLabel('Bio').fill(bio);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(bio).first().waitFor();
    await thirdTab.getByText(bio).first().waitFor({ timeout: 1000 });
  });

  await test('three tabs writing at once, one reloading mid-write: every acknowledged post is kept', async () => {
    for (const tab of [page, otherTab, thirdTab]) {
      await tab.getByRole('link', { name: 'Home' }).first().click();
      await tab.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    }
    const stamp = Date.now();
    const texts = ['A', 'B', 'C'].map((tab) => `Written at once in tab ${tab} (${stamp})`);
    await Promise.all([page, otherTab, thirdTab].map((tab, i) => createPost(tab, texts[i])));
    // Tab C sends a post and reloads before its answer; tab A writes meanwhile.
    const interrupted = `Interrupted in tab C (${stamp})`;
    await thirdTab.getByRole('button', { name: 'Write something interesting...' }).click();
    const dialog = thirdTab.getByRole('dialog', { name: 'Add Post' });
    await dialog.getByRole('textbox').fill(interrupted);
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    const afterReload = `Written while tab C reloaded (${stamp})`;
    await Promise.all([thirdTab.reload(), createPost(page, afterReload)]);
    for (const tab of [page, otherTab, thirdTab]) {
      await tab.reload();
      for (const text of [...texts, afterReload]) await article(tab, text).waitFor();
    }
    // The interrupted post is there whole or not at all, and the same in every tab.
    const counts = await Promise.all(
      [page, otherTab, thirdTab].map((tab) => article(tab, interrupted).count()),
    );
    assert.ok(
      counts.every((count) => count === counts[0] && count <= 1),
      `counts ${counts}`,
    );
    assert.deepEqual(await storedProblems(page), []);
  });

  await test('signing up as someone else in one tab switches the others; logging out there logs them out', async () => {
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.getByRole('button', { name: 'Log out' }).click();
    for (const tab of [otherTab, thirdTab]) {
      await tab.getByRole('button', { name: 'Add Guest Credentials' }).waitFor({ timeout: 1500 });
    }
    await page.goto(`${server.url}signup-page`);
    const username = `switch_${Date.now().toString(36)}`;
    await page.getByLabel('First name').fill('Switched');
    await page.getByLabel('Last name').fill('Person');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Create New Account' }).click();
    await page.getByRole('heading', { name: 'Explore', level: 1 }).waitFor();
    for (const tab of [otherTab, thirdTab]) {
      await tab.getByRole('heading', { name: 'Home', level: 1 }).waitFor({ timeout: 1500 });
      await tab.getByRole('link', { name: 'Profile' }).first().click();
      await tab.getByText(`@${username}`).first().waitFor();
    }
    assert.deepEqual(await storedProblems(page), []);
  });

  await test('a worker update that fails on a quick reload is no uncaught error, and the app still works', async () => {
    const tab = await openTab();
    // What happens when the previous page's worker unregisters itself during this page's start.
    await tab.addInitScript(() => {
      ServiceWorkerRegistration.prototype.update = function update() {
        return Promise.reject(
          new TypeError(`Failed to update a ServiceWorker for scope ('${this.scope}'): Not found`),
        );
      };
    });
    await tab.goto(`${server.url}explore-page`);
    await tab.getByRole('article').first().waitFor();
    await tab.reload();
    await tab.getByRole('article').first().waitFor();
    await tab.close();
  });

  await test('a worker that cannot start shows the mock-unavailable screen, not an uncaught error', async () => {
    // The same build without its worker script: registering it fails, on the retry too.
    const broken = mkdtempSync(join(tmpdir(), 'murmur-dist-no-worker-'));
    cpSync(outDir, broken, { recursive: true });
    rmSync(join(broken, 'mockServiceWorker.js'));
    const brokenServer = await serveStatic(broken, { base: BASE });
    const isolated = watch(await browser.newContext({ viewport: { width: 1280, height: 800 } }));
    try {
      const tab = await isolated.newPage();
      const errors = [];
      tab.on('pageerror', (error) => errors.push(error.message));
      await tab.goto(brokenServer.url);
      // A signed-out page starts the mock at the person's first interaction (src/app/main.tsx).
      await tab.getByLabel('Username').click();
      await tab.getByRole('heading', { name: 'Murmur could not start' }).waitFor();
      await tab.getByRole('button', { name: 'Reload the page' }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await isolated.close();
      await brokenServer.close();
    }
  });

  await test('a post from another tab waits in the pill, focus and place kept; a long feed mounts only the cards near the screen, and Back to it shows the same card, focused', async () => {
    // Its own browser context: its own mock database, with 35 and then 120 more posts than the seed.
    const isolated = watch(await browser.newContext({ viewport: { width: 1280, height: 800 } }));
    try {
      const openIsolatedTab = async () => {
        const tab = await isolated.newPage();
        tab.on('console', (message) => {
          if (message.type() === 'error') consoleErrors.push(message.text());
        });
        tab.on('pageerror', (error) => consoleErrors.push(error.message));
        return tab;
      };
      const tab = await openIsolatedTab();
      await tab.goto(server.url);
      await tab.getByRole('button', { name: 'Add Guest Credentials' }).click();
      await tab.getByRole('button', { name: 'Login', exact: true }).click();
      await tab.getByRole('article').first().waitFor();
      const addPosts = (from, count) => postAsGuest(tab, { from, count, text: 'in a long feed.' });

      // One post short of a windowed feed in tab B, scrolled down, focus on a Like button.
      await addPosts(0, 34);
      const other = await openIsolatedTab();
      await other.goto(`${server.url}home-page`);
      const otherFeed = other.getByRole('list', { name: 'Home feed' });
      await otherFeed.getByRole('article').first().waitFor();
      assert.equal(await otherFeed.locator(':scope > li[aria-setsize]').count(), 0, 'not windowed');
      const focusedTop = await other.evaluate(async () => {
        window.scrollTo(0, 3000);
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const list = document.querySelector('ul[aria-label="Home feed"]');
        const card = Array.from(list.children).find(
          (item) => item.getBoundingClientRect().top > 200,
        );
        const like = card.querySelector('button[aria-label="Like"]');
        like.setAttribute('data-probe', 'focused');
        like.focus();
        return like.getBoundingClientRect().top;
      });
      // Tab A posts: tab B's feed grows past the windowing threshold while it is read.
      await tab.bringToFront();
      await tab.goto(`${server.url}home-page`);
      await createPost(tab, 'The post that makes it long.');
      // It waits above the reader, in the pill: nothing is put in the feed under them.
      await other.getByRole('button', { name: 'Show 1 new post' }).waitFor({ timeout: 2000 });
      assert.equal(await otherFeed.locator(':scope > li[aria-setsize]').count(), 0, 'not grown');
      const kept = await focusProbe(other);
      assert.equal(kept.probe, 'focused', 'focus stayed on the same button');
      assert.ok(Math.abs(kept.top - focusedTop) <= 2, `moved from ${focusedTop} to ${kept.top}`);
      await other.close();

      await addPosts(34, 86);
      await tab.goto(`${server.url}home-page`);
      const feed = tab.getByRole('list', { name: 'Home feed' });
      await feed.getByRole('article').first().waitFor();
      const cards = feed.locator(':scope > li');
      // Home reads a page at a time: to the end of the page until the last one has been read.
      for (let tries = 0; tries < 40; tries += 1) {
        const read = await tab.evaluate(() => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          return document.querySelector('[data-feed-end="end"]') !== null;
        });
        if (read) break;
        await tab.waitForTimeout(500);
      }
      const setSize = Number(await cards.first().getAttribute('aria-setsize'));
      assert.ok(setSize >= 120, `the feed knows all ${setSize} posts`);
      assert.ok((await cards.count()) < 25, `${await cards.count()} cards mounted`);

      // Scrolled deep into the feed, then to a person's page and Back.
      await tab.evaluate(() => window.scrollTo(0, 12_000));
      const firstOnScreen = () =>
        tab.evaluate(() => {
          const list = document.querySelector('ul[aria-label="Home feed"]');
          const card = Array.from(list.children).find(
            (item) => item.getBoundingClientRect().bottom > 100,
          );
          return { key: card.getAttribute('data-key'), top: card.getBoundingClientRect().top };
        });
      await tab.waitForTimeout(300);
      const before = await firstOnScreen();
      // By the keyboard: the card's author link focused, Enter.
      await tab.evaluate(
        (key) => document.querySelector(`li[data-key="${key}"] a[href*="profile-page"]`).focus(),
        before.key,
      );
      await tab.keyboard.press('Enter');
      await tab
        .getByRole('heading', { level: 1, name: /Guest User|Maya|Liam|Sofia|Noah/ })
        .waitFor();
      await tab.goBack();
      await feed.getByRole('article').first().waitFor();
      await tab.waitForTimeout(300);
      const after = await firstOnScreen();
      assert.equal(after.key, before.key, 'the same card is first on screen');
      assert.ok(Math.abs(after.top - before.top) <= 2, `moved from ${before.top} to ${after.top}`);
      // Focus is back on the card the reader left from, not on the page's body.
      const focusedCard = await tab.evaluate(() =>
        document.activeElement?.closest('li[data-key]')?.getAttribute('data-key'),
      );
      assert.equal(focusedCard, before.key, 'focus is back on the card left from');
      assert.ok((await cards.count()) < 25, `${await cards.count()} cards mounted after Back`);
    } finally {
      await isolated.close();
    }
  });

  await test('no console errors on the way', async () => {
    assert.deepEqual(consoleErrors, []);
  });

  await test('no hydration error or warning on the way', async () => {
    assert.deepEqual(hydrationMessages, []);
  });
} finally {
  await browser.close();
  await server.close();
}

finish();
