// `npm run size`: after `vite build`, prints the gzipped size of the JavaScript the login page
// needs before its first paint (the entry, its static imports, and the login route's lazy chunk
// with its static imports) and of the mock API chunk (MSW, jose, seed, service), which loads in
// parallel and must stay out of the first paint. Fails when the first exceeds the budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// 132: the machines in the entry gained drafts (A12), rich text (A15) and overlay history (A19).
// Issue 15 reworks the first paint (prerendered HTML) and sets the next budget.
const BUDGET_KB = 132;
const dist = 'dist';
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

function gzippedKb(keys) {
  let bytes = 0;
  for (const key of keys) {
    const file = manifest[key].file;
    if (file.endsWith('.js'))
      bytes += gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  }
  return bytes / 1024;
}

function find(predicate, what) {
  const key = Object.keys(manifest).find(predicate);
  if (!key) throw new Error(`size: no chunk for ${what} in the Vite manifest`);
  return key;
}

const entry = find((key) => manifest[key].isEntry && key.endsWith('index.html'), 'index.html');
const login = find((key) => /src\/app\/pages\/LoginPage\.tsx$/.test(key), 'the login page');
const mock = find((key) => /src\/mocks\/browser\.ts$/.test(key), 'the mock API');

const firstPaint = closure([entry, login]);
const mockChunks = [...closure([mock])].filter((key) => !firstPaint.has(key));

const firstKb = gzippedKb(firstPaint);
const mockKb = gzippedKb(mockChunks);
console.log(
  `login page before first paint: ${firstKb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`,
);
console.log(`mock API chunk (loaded after the first paint): ${mockKb.toFixed(1)} KB gzipped`);
if (firstKb > BUDGET_KB) {
  console.error(`Over budget by ${(firstKb - BUDGET_KB).toFixed(1)} KB.`);
  process.exit(1);
}
