// `npm run trace:like`: the files one like passes through in the mock build, from the click to
// the painted answer, read from the browser's own call stacks (not from reading the code).
//
// The app runs from Vite's dev server (each module is its own file, so a stack frame names its
// source file), on the mock API, signed in as the guest. Chromium's debugger, with async stacks
// on, pauses during one like of Home's first card at:
//   - request: `fetch` to …/like (the click's path through the card, the machine, its effect and
//     the client);
//   - optimistic: the posts machine taking the like (postRecords.ts, 'TOGGLE_LIKE');
//   - store write: the mock store's `write` (memoryStore.ts), counted: one transaction is the mark
//     (the request's path through the API wrapper and the service);
//   - IndexedDB put: the write reaching the browser's storage;
//   - answer: the answer merged into the posts' records (mergeAnswer);
//   - render: the liked card's container, selectors, view and components drawing;
//   - painted: the Like button drawn with the answer (pressed, no longer pending); tracing stops.
// Every frame of every pause, synchronous and async, is kept, except React's development-only
// element tasks ('<PostCard>': where an element was created, not what this like ran). A pause
// whose stack holds the live stream's reader is the like's echo on the stream (the mock sends it
// to every open page, this one too), printed apart. MSW's hop through its service worker and the
// endpoint table (data, not calls) leave no frame. TRACE_DEBUG=1 prints every pause's stack.
//
// Not part of `npm test`: a measurement, like the benches.
import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureBrowser } from './find-browser.mjs';
import { freePort } from './compiled-server.mjs';

const port = await freePort();
const vite = spawn(
  process.execPath,
  ['node_modules/vite/bin/vite.js', '--port', String(port), '--strictPort'],
  {
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
const stop = () => vite.kill();
process.on('exit', stop);
await new Promise((resolve, reject) => {
  vite.stdout.on('data', (chunk) => {
    if (String(chunk).includes('Local')) resolve(undefined);
  });
  vite.once('exit', (code) => reject(new Error(`vite ended (${code})`)));
});
const origin = `http://localhost:${port}`;

const browser = await chromium.launch({
  executablePath: await ensureBrowser(),
  headless: true,
  args: CHROMIUM_ARGS,
});
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
const cdp = await page.context().newCDPSession(page);
const scripts = new Map();
cdp.on('Debugger.scriptParsed', (event) => scripts.set(event.scriptId, event.url));
await cdp.send('Debugger.enable');
await cdp.send('Debugger.setAsyncCallStackDepth', { maxDepth: 128 });

await page.goto(origin);
await page.getByRole('button', { name: 'Add Guest Credentials' }).click();
await page.getByRole('button', { name: 'Login', exact: true }).click();
const like = page.locator('[data-post-action="like"][aria-pressed="false"]').first();
await like.waitFor();

/** Breakpoint `offset` lines after the first line of the script `file` that matches `pattern`. */
async function breakAt(file, pattern, condition, point, offset = 1) {
  const found = [...scripts].find(([, url]) => new URL(url, origin).pathname === file);
  if (found === undefined) throw new Error(`${file} is not loaded`);
  const [scriptId] = found;
  const { scriptSource } = await cdp.send('Debugger.getScriptSource', { scriptId });
  const lines = scriptSource.split('\n');
  const line = lines.findIndex((text) => pattern.test(text));
  if (line < 0) throw new Error(`${pattern} is not in ${file}`);
  const { breakpointId } = await cdp.send('Debugger.setBreakpoint', {
    // On an arrow function's own line, its body: the line's start is the module binding it.
    location: {
      scriptId,
      lineNumber: line + offset,
      columnNumber:
        offset === 0 && lines[line].includes('=>') ? lines[line].indexOf('=>') + 3 : undefined,
    },
    condition: `window.__tracing === true && (${condition})`,
  });
  points.set(breakpointId, point);
}
const points = new Map();
await breakAt('/src/mocks/db/memoryStore.ts', /async write\(work\)/, 'true', 'store write');
await breakAt(
  '/src/components/post/PostActions.tsx',
  /const countId = useId\(\)/,
  "rest.label === 'Like' && !pending && rest['aria-pressed'] === true",
  'painted',
  0,
);
await breakAt('/src/components/post/PostActions.tsx', /function PostActions\(/, 'true', 'render');
await breakAt('/src/components/post/PostCard.tsx', /function PostCard\(/, 'true', 'render');
await breakAt(
  '/src/app/pages/PostCardContainer.tsx',
  /function PostCardContainer\(/,
  'true',
  'render',
);
// The machine: the like's optimistic change (postRecords.ts 'TOGGLE_LIKE') and the
// answer's merge (mergeAnswer), each with the stack that brought it there.
await breakAt('/src/machines/postRecords.ts', /case ["']TOGGLE_LIKE["']:/, 'true', 'optimistic');
await breakAt('/src/machines/postRecords.ts', /export function mergeAnswer\(/, 'true', 'answer');
// What the card reads of the answer: its record and its view.
// Only for the liked post (its id is taken from the request): other cards and other readers of
// the posts' store are not on this like's path.
const liked = 'postId === window.__likedPostId';
await breakAt('/src/machines/postRecords.ts', /export const isLikePending/, liked, 'render', 0);
await breakAt(
  '/src/machines/views.ts',
  /export function postViewOf\(/,
  'post._id === window.__likedPostId',
  'render',
);
await breakAt('/src/components/ui/Button.tsx', /function IconButton\(/, 'true', 'render', 0);
await page.evaluate(() => {
  const send = window.fetch;
  window.fetch = function tracedFetch(input, init) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (window.__tracing === true && url.includes('/like')) {
      window.__likedPostId = /\/post\/([^/]+)\/like/.exec(url)?.[1];
      // eslint-disable-next-line no-debugger -- the pause this script reads the stack at
      debugger;
    }
    return send.call(this, input, init);
  };
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function tracedPut(...args) {
    // eslint-disable-next-line no-debugger -- the pause this script reads the stack at
    if (window.__tracing === true) debugger;
    return put.apply(this, args);
  };
  window.__tracing = true;
});

const seen = new Map(); // file → Set of points
const counts = new Map();
let painted = false;
const note = (url, point) => {
  if (!url) return;
  const path = new URL(url, origin).pathname;
  if (!seen.has(path)) seen.set(path, new Set());
  seen.get(path).add(point);
};
/** A frame's file and function, for TRACE_DEBUG=1's print of every pause. */
const named = (url, name) => `${name}@${(url ?? '').replace(/.*\//, '').replace(/\?.*/, '')}`;

cdp.on('Debugger.paused', async (event) => {
  if (painted) {
    // After the answer is drawn: not this path.
    await cdp.send('Debugger.resume');
    return;
  }
  const frames = event.callFrames.map((frame) => ({
    url: scripts.get(frame.location.scriptId),
    name: frame.functionName,
  }));
  const lines = [frames.map((frame) => named(frame.url, frame.name)).join(' < ')];
  let trace = event.asyncStackTrace;
  while (trace !== undefined) {
    lines.push(
      `  ${trace.description} ${trace.callFrames.map((f) => named(f.url, f.functionName)).join(' < ')}`,
    );
    // React's development build runs an element's handlers and effects inside a task named after
    // the element ('<PostCard>'), whose stack is where the element was created: the page's tree,
    // not this like's path.
    if (!trace.description?.startsWith('<')) {
      frames.push(
        ...trace.callFrames.map((frame) => ({ url: frame.url, name: frame.functionName })),
      );
    }
    trace =
      trace.parent ??
      (trace.parentId === undefined
        ? undefined
        : (await cdp.send('Debugger.getStackTrace', { stackTraceId: trace.parentId })).stackTrace);
  }
  const hit =
    event.hitBreakpoints?.map((id) => points.get(id)).find(Boolean) ??
    (frames.some((frame) => frame.name === 'tracedFetch') ? 'request' : 'IndexedDB put');
  // The same like's event on the live stream, which the mock sends every open page (this one
  // too), can reach the card before the answer does: a path of its own, shown apart.
  const point = frames.some((frame) => frame.url?.includes('/src/api/liveStream.ts'))
    ? 'live echo'
    : hit;
  counts.set(point, (counts.get(point) ?? 0) + 1);
  for (const frame of frames) note(frame.url, point);
  if (process.env.TRACE_DEBUG) console.log(`PAUSE ${point} ${lines.join('\n')}`);
  if (point === 'painted') painted = true;
  await cdp.send('Debugger.resume');
});

await like.click();
const deadline = Date.now() + 20_000;
while (!painted && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
await new Promise((resolve) => setTimeout(resolve, 500));
await page.evaluate(() => {
  window.__tracing = false;
});
await browser.close();
stop();
if (!painted) {
  console.error('The answer was not painted within 20 s');
  process.exit(1);
}

const inSrc = [...seen]
  .filter(([path]) => path.startsWith('/src/'))
  .sort(([a], [b]) => (a < b ? -1 : 1));
const onPath = inSrc.filter(([, at]) => [...at].some((point) => point !== 'live echo'));
const echoOnly = inSrc.filter(([, at]) => [...at].every((point) => point === 'live echo'));
const libraries = [...seen].filter(([path]) => path.startsWith('/node_modules/'));
const list = (entries) =>
  entries.map(([path, at]) => `  ${path.slice(1).padEnd(48)} ${[...at].join(', ')}`).join('\n');
console.log(`Pauses: ${[...counts].map(([point, n]) => `${point} ${n}`).join(', ')}`);
console.log(`Store transactions for the like: ${counts.get('store write') ?? 0}`);
console.log(`\nFiles under src/ from the click to the painted answer: ${onPath.length}`);
console.log(list(onPath));
if (echoOnly.length > 0) {
  console.log(`\nOnly on the live stream's echo of the like: ${echoOnly.length}`);
  console.log(list(echoOnly));
}
console.log(`\nLibrary modules on the way (React, XState, MSW, ...): ${libraries.length}`);
