// `npm run size`: after `vite build` (which prerenders the first pages, vite.prerender.ts), checks
// the split of the login page's first paint, gzipped:
//
// 1. Its HTML, `dist/index.html`: the login markup, its CSS inline and the boot script. This is
//    all the first paint needs: no stylesheet, no script before it is drawn.
// 2. The JavaScript that hydrates it: the entry, its static imports, and the login route's lazy
//    chunk with its static imports. No prerendered page has a script tag or a module preload:
//    the boot script asks for them once the page is drawn with its fonts (src/app/themeBoot.ts),
//    so they never share the network with what the first paint waits for.
// 3. The mock API chunk (MSW, jose, the seed, the service), loaded on a signed-out page at the
//    person's first key press, touch or focus, and at the first call on a signed-in one
//    (src/app/main.tsx). A prerendered page names its files only in its scripts meta's
//    `data-mock`, which the boot script asks for beside the entry when someone is signed in
//    (src/app/themeBoot.ts); nowhere else.
//
// Fails when a budget is exceeded or a rule is broken. `npm test` runs these checks on the
// production browser test's build (tests/e2e/production.test.mjs).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

// 8 KB: measured 6.0 (the markup with its SVG illustration 2 KB, styled-components' CSS 10 KB
// raw, the theme's custom properties for both schemes, the Inter @font-face rules, the boot
// script 2.2 KB raw); 5.4 before the theme defined both schemes and the boot script asked for
// the app's scripts itself. Room for a little more markup; much more would show in the first
// paint on a slow network.
const HTML_BUDGET_KB = 8;
// 150: main measured 143.2 just before the theme became CSS custom properties (already over
// the 136 it had been given when it measured 134.7; that growth came with other work), and
// 143.3 with it (its CSS for both schemes, and the wait for the first interaction before the
// mock API loads). It then grew to 148.6 with the store of posts by id, the paged feeds, the
// route table's feeds and the presses kept before hydration, unnoticed: this command was
// failing on its mock-chunk rule meanwhile. 1.4 KB of room. None of it delays the first paint,
// which no script precedes; it is the page's blocking time on a phone (docs/testing.md).
// 152: images as media added 1.8 KB (the endpoint table the client reads gained the upload and
// its schemas, the client sends forms, the card's picture its sources; the ThumbHash decoder
// and the header reader stay out: one loads with the first picture, the other in the mock),
// measured 150.4.
// 153: it was 151.8 after the post dialog's background upload; the profile machine then took
// the avatar's upload and the dialog's state (open, picked, uploading, saving) and the views
// the avatars' `srcset`: 152.1. Both are machines the app starts at boot; the dialogs
// themselves load with their pages.
// 157: live events and notifications put two machines the app starts at boot (the stream's and
// the inbox's), the feeds' waiting posts and the routes of the stream's events into the system:
// 155.9. The stream's reader (eventsource-parser and the event schema) loads after a sign-in.
// 158: the endpoint table the client reads gained ten entries (a post's page, the app's five
// comment writes, a person's card, who to follow, follow and unfollow) and the `Person` schema
// their answers are checked against: 157.0.
// 159: the people machine the app starts at boot (each person once by id, the lists a page at a
// time, the reads as child actors) replaced the users list, and the `Person` schema gained the
// server's `mentions`: 158.6; 158.2 once the bookmarks machine went (a post says whether it
// is bookmarked).
// 160: the feeds read from the top until they meet what was read (a follow reads Home down to
// its last post read, the pill reads on past one page): 159.3, in the feed machine the posts
// machine starts with each feed.
const HYDRATE_BUDGET_KB = 160;
// `--dist=DIR`: a build elsewhere (the production browser test checks its own build with it).
const dist =
  process.argv.find((arg) => arg.startsWith('--dist='))?.slice('--dist='.length) ?? 'dist';
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const failures = [];

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const gzippedKbOf = (text) => gzipSync(text, { level: 9 }).length / 1024;

function gzippedKb(keys) {
  let kb = 0;
  for (const key of keys) {
    const file = manifest[key].file;
    if (file.endsWith('.js')) kb += gzippedKbOf(readFileSync(join(dist, file)));
  }
  return kb;
}

function find(predicate, what) {
  const key = Object.keys(manifest).find(predicate);
  if (!key) throw new Error(`size: no chunk for ${what} in the Vite manifest`);
  return key;
}

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '.vite' ? [] : htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

const entry = find((key) => manifest[key].isEntry && key.endsWith('index.html'), 'index.html');
const login = find((key) => /src\/app\/pages\/LoginPage\.tsx$/.test(key), 'the login page');
const mock = find((key) => /src\/mocks\/browser\.ts$/.test(key), 'the mock API');

const hydrate = closure([entry, login]);
const mockChunks = [...closure([mock])].filter((key) => !hydrate.has(key));
const mockFiles = mockChunks.map((key) => manifest[key].file);

const indexHtml = readFileSync(join(dist, 'index.html'), 'utf8');
const htmlKb = gzippedKbOf(indexHtml);
const hydrateKb = gzippedKb(hydrate);
const mockKb = gzippedKb(mockChunks);

if (!/<div id="root"><!--\$--><main[\s\S]*<form[\s\S]*Login/.test(indexHtml)) {
  failures.push('dist/index.html does not hold the prerendered login form');
}
for (const file of htmlFiles(dist)) {
  const html = readFileSync(file, 'utf8');
  const name = relative(dist, file);
  if (!html.includes('<style data-styled')) failures.push(`${name}: no inline styles`);
  if (/<link rel="stylesheet"/.test(html)) failures.push(`${name}: a render-blocking stylesheet`);
  if (/<script(?![^>]*type="module")[^>]*\ssrc=/.test(html)) {
    failures.push(`${name}: a render-blocking script`);
  }
  if (/<script[^>]*\ssrc=|<link rel="modulepreload"/.test(html)) {
    failures.push(`${name}: a script asked for by the HTML, before its first paint`);
  }
  // Everywhere but the scripts meta's data-mock, which names them for a signed-in visitor.
  const outsideDataMock = html.replace(/\sdata-mock="[^"]*"/, '');
  for (const mockFile of mockFiles) {
    if (outsideDataMock.includes(mockFile)) {
      failures.push(`${name}: references the mock chunk ${mockFile} outside data-mock`);
    }
  }
}

console.log(
  `login page HTML (markup, inline CSS, boot script): ${htmlKb.toFixed(1)} KB gzipped ` +
    `(budget ${HTML_BUDGET_KB} KB); all its first paint needs`,
);
console.log(
  `JavaScript to hydrate it: ${hydrateKb.toFixed(1)} KB gzipped (budget ${HYDRATE_BUDGET_KB} KB)`,
);
console.log(`mock API chunk (loaded at the first interaction): ${mockKb.toFixed(1)} KB gzipped`);
if (htmlKb > HTML_BUDGET_KB) {
  failures.push(`the HTML is over budget by ${(htmlKb - HTML_BUDGET_KB).toFixed(1)} KB`);
}
if (hydrateKb > HYDRATE_BUDGET_KB) {
  failures.push(`hydration is over budget by ${(hydrateKb - HYDRATE_BUDGET_KB).toFixed(1)} KB`);
}
if (failures.length > 0) {
  for (const failure of failures) console.error(failure);
  process.exit(1);
}
