import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { TestRunnerConfig } from '@storybook/test-runner';

type Page = Parameters<NonNullable<TestRunnerConfig['postVisit']>>[0];

/**
 * Visual checks that give the same verdict on any machine.
 *
 * Every story has two committed baselines in tests/visual/__baselines__:
 * - `<id>.png`, its picture;
 * - `<id>.layout.txt`, its page described as text: every element that draws something, with its
 *   box, text, colours, borders, shadow and focus state (see `describePage`). Layout, colours and
 *   text do not depend on how a browser build rasterises them, so this part compares exactly
 *   with every build, and its diff says in words what changed.
 *
 * `browser.json` beside them records the browser build that took them. scripts/visual-mode.mjs
 * picks the mode and prints it once per run:
 * - exact: this is that build. Every pixel must be the same colour, except anti-aliased edge
 *   pixels (which differ between machines even with one build).
 * - tolerant: another build. Pictures are compared ignoring anti-aliased pixels, small colour
 *   differences of blur and edge rendering, and native control chrome (masked), within a small
 *   pixel budget; the layout description must still match (boxes within 1 px). A changed colour
 *   token, a 2 px shift, a missing or extra element or changed text still fails.
 */
export const BASELINES_DIR = path.join(process.cwd(), 'tests', 'visual', '__baselines__');
export const DIFF_DIR = path.join(process.cwd(), 'tests', 'visual', '__diff_output__');

export type VisualMode = 'exact' | 'tolerant';

/** Read from the environment that scripts/test-storybook.mjs sets after choosing the mode. */
export function visualSettings(): { mode: VisualMode; build: string; update: boolean } {
  const mode = process.env.MURMUR_VISUAL_MODE;
  const build = process.env.MURMUR_BROWSER_BUILD;
  if ((mode !== 'exact' && mode !== 'tolerant') || !build) {
    throw new Error(
      'Run the stories through `npm run test:storybook` (or `npm test`): it decides how pictures are compared.',
    );
  }
  return { mode, build, update: process.env.MURMUR_VISUAL_UPDATE === '1' };
}

/** Controls whose drawing is the browser's own, not ours: masked in tolerant mode. */
const NATIVE_CHROME = [
  'select',
  'progress',
  'meter',
  'input[type="checkbox"]',
  'input[type="radio"]',
  'input[type="range"]',
  'input[type="color"]',
  'input[type="date"]',
  'input[type="time"]',
  'input[type="file"]',
].join(', ');

export interface PageDescription {
  /** One line per element, indented by depth. */
  layout: string;
  /** Boxes of native controls, in page pixels. */
  nativeChrome: { x: number; y: number; width: number; height: number }[];
}

/**
 * Describes what the page draws, in the browser. Runs inside the page: self-contained, no
 * imports, no helpers from outside this function.
 */
function describeInPage(nativeChromeSelector: string): PageDescription {
  const lines: string[] = [];
  const nativeChrome: PageDescription['nativeChrome'] = [];
  const transparent = 'rgba(0, 0, 0, 0)';
  const ignoredTags = new Set(['SCRIPT', 'STYLE', 'LINK', 'META', 'TEMPLATE', 'NOSCRIPT', 'BR']);
  const alwaysListed = new Set([
    'A',
    'BUTTON',
    'INPUT',
    'TEXTAREA',
    'SELECT',
    'IMG',
    'SVG',
    'DIALOG',
    'VIDEO',
    'CANVAS',
    'H1',
    'H2',
    'H3',
    'LABEL',
    'ARTICLE',
    'LI',
    'TIME',
  ]);
  const focused = document.activeElement;
  const scrollX = window.scrollX;
  const scrollY = window.scrollY;
  const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

  const sides = (style: CSSStyleDeclaration) => {
    const each = (['top', 'right', 'bottom', 'left'] as const).map((side) => {
      const width = style.getPropertyValue(`border-${side}-width`);
      const kind = style.getPropertyValue(`border-${side}-style`);
      if (width === '0px' || kind === 'none' || kind === 'hidden') return '';
      return `${width} ${kind} ${style.getPropertyValue(`border-${side}-color`)}`;
    });
    if (each.every((side) => side === '')) return '';
    return each.every((side) => side === each[0]) ? (each[0] ?? '') : each.join(' / ');
  };

  const visit = (element: Element, depth: number) => {
    if (ignoredTags.has(element.tagName) || element.id === 'storybook-docs') return;
    const style = getComputedStyle(element);
    if (style.display === 'none') return;
    const tag = element.tagName.toUpperCase();
    const box = element.getBoundingClientRect();
    const shown = style.visibility !== 'hidden' && box.width > 0 && box.height > 0;

    let text = '';
    for (const node of Array.from(element.childNodes)) {
      if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
    }
    text = squash(text);
    const parts: string[] = [];
    const role = element.getAttribute('role');
    const label = element.getAttribute('aria-label');
    let name = element.tagName.toLowerCase();
    if (role) name += `[role=${role}]`;
    if (label) name += `[label=${JSON.stringify(label)}]`;
    const alt = element.getAttribute('alt');
    if (tag === 'IMG' && alt !== null) name += `[alt=${JSON.stringify(alt)}]`;
    if (text) parts.push(JSON.stringify(text));
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      if (element.type !== 'file') parts.push(`value=${JSON.stringify(element.value)}`);
      if (element.placeholder) parts.push(`placeholder=${JSON.stringify(element.placeholder)}`);
    }
    if (element.matches(':disabled')) parts.push('disabled');
    if (element.getAttribute('aria-pressed') !== null) {
      parts.push(`pressed=${element.getAttribute('aria-pressed') ?? ''}`);
    }

    const paint: string[] = [];
    const drawsText = text !== '' || tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SVG';
    if (drawsText) paint.push(`color ${style.color}`);
    if (text !== '') paint.push(`font ${style.fontSize} ${style.fontWeight}`);
    if (style.backgroundColor !== transparent) paint.push(`bg ${style.backgroundColor}`);
    if (style.backgroundImage !== 'none') {
      const image = style.backgroundImage;
      paint.push(`bg-image ${image.length > 120 ? `${image.slice(0, 120)}…` : image}`);
    }
    const border = sides(style);
    if (border) paint.push(`border ${border}`);
    if (border || style.backgroundColor !== transparent) {
      if (style.borderRadius !== '0px') paint.push(`radius ${style.borderRadius}`);
    }
    if (style.boxShadow !== 'none') paint.push(`shadow ${style.boxShadow}`);
    if (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') {
      paint.push(
        `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor} ${style.outlineOffset}`,
      );
    }
    if (style.opacity !== '1') paint.push(`opacity ${style.opacity}`);
    if (element === focused && element !== document.body) {
      paint.push(element.matches(':focus-visible') ? 'focused with ring' : 'focused');
    }

    const listed =
      shown &&
      (alwaysListed.has(tag) ||
        role !== null ||
        label !== null ||
        parts.length > 0 ||
        paint.some((entry) => !entry.startsWith('color ') && !entry.startsWith('font ')));
    let childDepth = depth;
    if (listed) {
      const where = `@${Math.round(box.left + scrollX)},${Math.round(box.top + scrollY)} ${Math.round(box.width)}x${Math.round(box.height)}`;
      lines.push(`${'  '.repeat(depth)}${[name, ...parts, where, ...paint].join(' | ')}`);
      childDepth = depth + 1;
    }
    if (shown && element.matches(nativeChromeSelector)) {
      nativeChrome.push({
        x: box.left + scrollX,
        y: box.top + scrollY,
        width: box.width,
        height: box.height,
      });
    }
    // An icon is described by its box and colour; its paths are the picture's business.
    if (tag === 'SVG') return;
    for (const child of Array.from(element.children)) visit(child, childDepth);
  };

  visit(document.body, 0);
  return { layout: `${lines.join('\n')}\n`, nativeChrome };
}

export function describePage(page: Page): Promise<PageDescription> {
  return page.evaluate(describeInPage, NATIVE_CHROME);
}

const BOX = /@(-?\d+),(-?\d+) (\d+)x(\d+)/;

/**
 * Compares two layout descriptions. Exact: the same text. Tolerant: the same lines except that
 * a box may move or grow by at most 1 px (a browser build may round a fraction the other way).
 * Returns the first differing lines as a readable report, or undefined when they match.
 */
export function compareLayouts(
  expected: string,
  actual: string,
  mode: VisualMode,
): string | undefined {
  if (expected === actual) return undefined;
  const before = expected.split('\n');
  const after = actual.split('\n');
  const report: string[] = [];
  const count = Math.max(before.length, after.length);
  for (let index = 0; index < count && report.length < 12; index += 1) {
    const was = before[index] ?? '(nothing)';
    const now = after[index] ?? '(nothing)';
    if (was === now || (mode === 'tolerant' && withinOnePixel(was, now))) continue;
    report.push(`  line ${index + 1}\n    - ${was.trim()}\n    + ${now.trim()}`);
  }
  if (report.length === 0) return undefined;
  return report.join('\n');
}

function withinOnePixel(was: string, now: string): boolean {
  const a = BOX.exec(was);
  const b = BOX.exec(now);
  if (!a || !b) return false;
  if (was.replace(BOX, '@box') !== now.replace(BOX, '@box')) return false;
  return a.slice(1).every((value, index) => Math.abs(Number(value) - Number(b[index + 1])) <= 1);
}

/**
 * Pixel comparison for tolerant mode. A browser update redraws edges (anti-aliasing), blurs and
 * native controls a little differently; it does not move or recolour whole areas.
 * - `threshold` 0.1: pixelmatch's YIQ colour distance below which two pixels count as the same
 *   (a changed colour token is far above it, and the layout description catches it exactly);
 * - anti-aliased pixels, as pixelmatch detects them, are ignored;
 * - native controls are masked in both pictures;
 * - a budget of 0.05% of the picture (at least 50 px) for what is left.
 */
const TOLERANT = { threshold: 0.1, budgetShare: 0.0005, minBudget: 50 };

function mask(png: PNG, boxes: PageDescription['nativeChrome']) {
  for (const box of boxes) {
    const x0 = Math.max(0, Math.floor(box.x) - 2);
    const y0 = Math.max(0, Math.floor(box.y) - 2);
    const x1 = Math.min(png.width, Math.ceil(box.x + box.width) + 2);
    const y1 = Math.min(png.height, Math.ceil(box.y + box.height) + 2);
    for (let y = y0; y < y1; y += 1) {
      for (let x = x0; x < x1; x += 1) {
        const offset = (y * png.width + x) * 4;
        png.data[offset] = 255;
        png.data[offset + 1] = 0;
        png.data[offset + 2] = 255;
        png.data[offset + 3] = 255;
      }
    }
  }
}

/** A decoded picture: its RGBA bytes, row by row. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface PictureVerdict {
  /** Pixels counted as different. */
  different: number;
  /** Largest number that passes. */
  allowed: number;
  /** A picture of baseline | differences | now, when they differ at all. */
  diff?: Pixels;
  sizeChanged?: string;
}

/** A copy of the picture with the boxes painted over, the same in both pictures compared. */
function masked(picture: Pixels, boxes: PageDescription['nativeChrome']): PNG {
  const png = new PNG({ width: picture.width, height: picture.height });
  png.data = Buffer.from(picture.data);
  mask(png, boxes);
  return png;
}

export function comparePictures(
  before: Pixels,
  after: Pixels,
  mode: VisualMode,
  nativeChrome: PageDescription['nativeChrome'],
): PictureVerdict {
  if (before.width !== after.width || before.height !== after.height) {
    return {
      different: Infinity,
      allowed: 0,
      sizeChanged: `${before.width}x${before.height} → ${after.width}x${after.height}`,
    };
  }
  const { width, height } = before;
  const [was, now] =
    mode === 'tolerant'
      ? [masked(before, nativeChrome).data, masked(after, nativeChrome).data]
      : [before.data, after.data];
  const differences = new Uint8Array(width * height * 4);
  const different = pixelmatch(was, now, differences, width, height, {
    threshold: mode === 'exact' ? 0 : TOLERANT.threshold,
    // Anti-aliased edge pixels differ between machines even with one browser build (Chromium 150
    // on two machines drew 13 stories' rounded corners and avatars differently), so neither mode
    // counts them; any other pixel that changes at all fails exact mode.
    includeAA: false,
    alpha: 0.3,
  });
  const allowed =
    mode === 'exact'
      ? 0
      : Math.max(TOLERANT.minBudget, Math.round(width * height * TOLERANT.budgetShare));
  if (different === 0) return { different, allowed };
  // Side by side, row by row: the baseline (unmasked), the differences, the picture now.
  const row = width * 4;
  const diff = new Uint8Array(row * 3 * height);
  for (let y = 0; y < height; y += 1) {
    const from = y * row;
    const to = y * row * 3;
    diff.set(before.data.subarray(from, from + row), to);
    diff.set(differences.subarray(from, from + row), to + row);
    diff.set(after.data.subarray(from, from + row), to + row * 2);
  }
  return { different, allowed, diff: { width: width * 3, height, data: diff } };
}

/**
 * PNG decoding and encoding, done in a worker thread (pngWorker.mjs): in the test-runner's Jest
 * sandbox pngjs is about 25 times slower than in plain Node.
 */
type PngRequest = { op: 'decode'; bytes: Uint8Array } | { op: 'encode'; pixels: Pixels };
interface PngAnswer {
  id: number;
  error?: string;
  pixels?: Pixels;
  bytes?: Uint8Array;
}
let pngWorker: Worker | undefined;
let nextRequest = 0;
const waiting = new Map<number, (answer: PngAnswer) => void>();
let idleTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The worker ends a moment after its last answer. An unref'd worker still kept the test-runner's
 * process from exiting when it ran one story file in its own process (the run hung after its last
 * story), so the worker does not outlive its work.
 */
const IDLE_MS = 1_000;

function endPngWorker() {
  void pngWorker?.terminate();
  pngWorker = undefined;
}

function askPngWorker(request: PngRequest): Promise<PngAnswer> {
  clearTimeout(idleTimer);
  if (!pngWorker) {
    const worker = new Worker(path.join(process.cwd(), '.storybook', 'pngWorker.mjs'));
    worker.on('message', (answer: PngAnswer) => {
      waiting.get(answer.id)?.(answer);
      waiting.delete(answer.id);
      if (waiting.size === 0) idleTimer = setTimeout(endPngWorker, IDLE_MS);
    });
    worker.on('error', (error) => {
      pngWorker = undefined;
      for (const [id, answer] of waiting) answer({ id, error: error.message });
      waiting.clear();
    });
    pngWorker = worker;
  }
  const id = (nextRequest += 1);
  const worker = pngWorker;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    worker.postMessage({ id, ...request });
  });
}

export async function decodePng(bytes: Uint8Array): Promise<Pixels> {
  const { error, pixels } = await askPngWorker({ op: 'decode', bytes });
  if (!pixels) throw new Error(`Could not decode a picture: ${error ?? 'no answer'}`);
  return pixels;
}

export async function encodePng(pixels: Pixels): Promise<Buffer> {
  const { width, height, data } = pixels;
  const { error, bytes } = await askPngWorker({ op: 'encode', pixels: { width, height, data } });
  if (!bytes) throw new Error(`Could not encode a picture: ${error ?? 'no answer'}`);
  return Buffer.from(bytes);
}

/**
 * Compares two PNG files' pictures. The same bytes are the same picture, which is what a story
 * gives with the browser build that took its baseline, so most checks decode nothing.
 */
async function comparePngs(
  expected: Buffer,
  actual: Buffer,
  mode: VisualMode,
  nativeChrome: PageDescription['nativeChrome'],
): Promise<PictureVerdict> {
  if (expected.equals(actual)) return { different: 0, allowed: 0 };
  const [before, after] = await Promise.all([decodePng(expected), decodePng(actual)]);
  return comparePictures(before, after, mode, nativeChrome);
}

/**
 * A second look at a story, e.g. in the dark theme: its files are `<id><suffix>.png` and
 * `<id><suffix>.layout.txt`, and its failures name it (`… in the DARK theme`). The story's own
 * baselines keep their names.
 */
export interface VisualVariant {
  suffix: string;
  name: string;
}

/** A story's name among the baselines (its variant's suffix added) and its two baseline files. */
function baselineFiles(storyId: string, variant?: VisualVariant) {
  const id = `${storyId}${variant?.suffix ?? ''}`;
  return {
    id,
    pictureFile: path.join(BASELINES_DIR, `${id}.png`),
    layoutFile: path.join(BASELINES_DIR, `${id}.layout.txt`),
  };
}

/** Whether the story (in `variant`) has both its baselines, picture and layout. */
export function hasBaseline(storyId: string, variant?: VisualVariant): boolean {
  const { pictureFile, layoutFile } = baselineFiles(storyId, variant);
  return existsSync(pictureFile) && existsSync(layoutFile);
}

/**
 * Checks one story's picture and layout against its baselines (or writes them when updating or
 * when there are none yet) and throws a readable error when they differ.
 */
export async function checkVisual(
  storyId: string,
  picture: Buffer,
  description: PageDescription,
  settings: { mode: VisualMode; update: boolean },
  variant?: VisualVariant,
) {
  const { id, pictureFile, layoutFile } = baselineFiles(storyId, variant);
  const what = variant ? `${storyId} in ${variant.name}` : storyId;
  const diffFile = path.join(DIFF_DIR, `${id}.diff.png`);
  const receivedLayout = path.join(DIFF_DIR, `${id}.layout.txt`);
  const receivedPicture = path.join(DIFF_DIR, `${id}.png`);
  for (const stale of [diffFile, receivedLayout, receivedPicture]) rmSync(stale, { force: true });

  // A missing baseline is taken now (CI refuses: baselines are committed). When updating, only
  // what changed is rewritten, so an update touches just the baselines that moved.
  const hasPicture = existsSync(pictureFile);
  const hasLayout = existsSync(layoutFile);
  if ((!hasPicture || !hasLayout) && process.env.CI === 'true') {
    throw new Error(
      `No visual baseline for ${what} (${id}). Take it with \`npm run test:update-visual\` and commit it.`,
    );
  }
  mkdirSync(BASELINES_DIR, { recursive: true });
  if (!hasLayout || (settings.update && readFileSync(layoutFile, 'utf8') !== description.layout)) {
    writeFileSync(layoutFile, description.layout);
  }
  if (
    !hasPicture ||
    (settings.update &&
      (await comparePngs(readFileSync(pictureFile), picture, 'exact', [])).different !== 0)
  ) {
    writeFileSync(pictureFile, picture);
  }
  if (settings.update) return;

  const problems: string[] = [];
  const layoutReport =
    hasLayout &&
    compareLayouts(readFileSync(layoutFile, 'utf8'), description.layout, settings.mode);
  if (layoutReport) {
    mkdirSync(DIFF_DIR, { recursive: true });
    writeFileSync(receivedLayout, description.layout);
    problems.push(
      `The layout differs from ${path.relative(process.cwd(), layoutFile)} (now: ${path.relative(process.cwd(), receivedLayout)}):\n${layoutReport}`,
    );
  }
  const verdict = hasPicture
    ? await comparePngs(readFileSync(pictureFile), picture, settings.mode, description.nativeChrome)
    : { different: 0, allowed: 0 };
  if (verdict.sizeChanged) {
    problems.push(`The picture's size changed: ${verdict.sizeChanged}.`);
  } else if (verdict.different > verdict.allowed) {
    mkdirSync(DIFF_DIR, { recursive: true });
    if (verdict.diff) writeFileSync(diffFile, await encodePng(verdict.diff));
    problems.push(
      `${verdict.different} pixels differ (${settings.mode} comparison allows ${verdict.allowed}); ` +
        `see ${path.relative(process.cwd(), diffFile)} (baseline | differences | now).`,
    );
  }
  if (problems.length > 0) {
    mkdirSync(DIFF_DIR, { recursive: true });
    writeFileSync(receivedPicture, picture);
    // A layout failure below the tolerant colour threshold still gets its picture of what moved.
    const any = existsSync(diffFile)
      ? undefined
      : hasPicture && (await comparePngs(readFileSync(pictureFile), picture, 'exact', [])).diff;
    if (any) writeFileSync(diffFile, await encodePng(any));
    throw new Error(
      `Visual check of ${what} failed (${settings.mode} comparison):\n${problems.join('\n')}\n` +
        `The picture now: ${path.relative(process.cwd(), receivedPicture)}. If the change is meant, ` +
        'look at the diff, then run `npm run test:update-visual`.',
    );
  }
}
