import { getStoryContext, type TestRunnerConfig } from '@storybook/test-runner';
import type { Request } from 'playwright-core';
import { DESKTOP, PHONE } from './viewports.ts';
import {
  checkVisual,
  describePage,
  hasBaseline,
  visualSettings,
  type VisualVariant,
} from './visual.ts';

type Page = Parameters<NonNullable<TestRunnerConfig['postVisit']>>[0];

/**
 * Three checks for every story: its play function and an axe accessibility check (both run by the
 * test-runner itself: the a11y addon checks the story after it rendered, with the rules of
 * ./a11y.ts, and the test-runner fails a story whose report has any violation) and a visual check of its picture and layout against
 * the committed baselines in tests/visual/__baselines__ (exact with the browser build that took
 * them, tolerant with any other: see visual.ts). `npm run test:update-visual` re-takes the
 * baselines; look at the diff images in tests/visual/__diff_output__ first.
 *
 * The screens and the UI primitives (ids `screens-…` and `ui-…`) are then checked once more in
 * the dark theme, so that both stay right: the toolbar's theme global is set to dark, which
 * draws the story again where its play function left it (Storybook re-renders on a globals
 * change without replaying the
 * play function), the a11y addon checks that drawing with the same rules, and its picture and
 * layout are compared with their dark baselines (`<id>.dark.png`, `<id>.dark.layout.txt`). The
 * theme goes back to light before the next story.
 */
const settings = visualSettings();

/** `parameters.reducedMotion`: 'reduce' (the default) or 'no-preference'. */
const motionOf = (parameters: Record<string, unknown>) =>
  parameters.reducedMotion === 'no-preference' ? 'no-preference' : 'reduce';

const config: TestRunnerConfig = {
  async preVisit(given, context) {
    const page = await pageThatDraws(given);
    trackRequests(page);
    // A request the last story left unanswered (a hanging endpoint, a page navigated away from
    // mid-call) never finishes: it is not this story's to wait for.
    inFlight.get(page)?.clear();
    const build = page.context().browser()?.version();
    if (build !== settings.build) {
      throw new Error(
        `The stories run in ${build ?? 'an unknown browser'}, not ${settings.build}.`,
      );
    }
    // A story stopped mid-way through its dark check (a timeout) must not leave the next one dark.
    await resetThemeGlobal(page);
    const { parameters } = await getStoryContext(page, context);
    await page.setViewportSize(parameters.screen === 'phone' ? PHONE : DESKTOP);
    // Stories run with reduced motion, so pictures never catch an animation mid-way; a story that
    // shows motion asks for 'no-preference' (the page is shared, so this is set for each story).
    await page.emulateMedia({ reducedMotion: motionOf(parameters) });
  },

  async postVisit(page, context) {
    // A failed play function is the failure to report; a snapshot taken after it would only
    // replace its message with a pixel diff.
    if (context.hasFailure) return;

    // The picture is always of the still state, also for a story that showed motion.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // The light check's failure does not stop the dark one: both are reported, each saying
    // which theme it is about.
    const failures: string[] = [];
    const note = (error: unknown) =>
      failures.push(error instanceof Error ? error.message : String(error));
    try {
      await checkPicture(page, context.id);
    } catch (error) {
      note(error);
    }

    if (DARK_CHECKED.test(context.id)) {
      try {
        const violations = await drawInTheme(page, 'dark');
        if (violations.length > 0) {
          throw new Error(
            `Accessibility check of ${context.id} in the DARK theme failed:\n` +
              violations.join('\n\n'),
          );
        }
        await checkPicture(page, context.id, DARK);
      } catch (error) {
        note(error);
      } finally {
        await drawInTheme(page, 'light');
      }
    }
    // A picture that timed out may mean the page stopped drawing: ask again before the next story.
    if (failures.some((failure) => failure.includes('page.screenshot'))) pictured.delete(page);
    if (failures.length > 0) throw new Error(failures.join('\n\n'));
  },
};

/**
 * What the test-runner's Jest environment offers the hooks: the page every story runs on, the
 * call that replaces it with a fresh one, and the set-up that loads Storybook into it.
 */
declare global {
  var page: Page;
  var context: ReturnType<Page['context']>;
  var jestPlaywright: { resetPage: () => Promise<void> };
  var __sbSetupPage: (page: Page, context: ReturnType<Page['context']>) => Promise<Page>;
}

/** How long a page may take to draw one frame before it counts as broken. */
const FRAME_PATIENCE_MS = 10_000;

/**
 * The page, once it draws frames. In long runs on a loaded 2-core machine, Chromium now and then
 * gives a test file a page that never draws a frame: every picture of that file then timed out
 * (`page.screenshot: Timeout 30000ms exceeded` from its first story on: SearchBox, CommentList),
 * or its first story's click never showed its dialog (ShortcutsDialog), and the next file's
 * page was fine. Such a page is not the story's failure: it is replaced by a fresh one (the
 * test-runner does the same after a navigation), and the run says so.
 */
async function pageThatDraws(given: Page): Promise<Page> {
  let page = given;
  for (let attempt = 1; ; attempt += 1) {
    if (await drawsAFrame(page)) return page;
    if (attempt === 3) {
      throw new Error(`Chromium gave ${attempt} pages in a row that draw no frame.`);
    }
    console.warn(
      `test-runner: the page drew no frame within ${FRAME_PATIENCE_MS / 1000} s; a fresh page replaces it.`,
    );
    await globalThis.jestPlaywright.resetPage();
    await globalThis.__sbSetupPage(globalThis.page, globalThis.context);
    page = globalThis.page;
  }
}

/** Pages that have shown once that Chromium can take a picture of them. */
const pictured = new WeakSet<Page>();

/**
 * Whether the page runs an animation frame in time and, the first time it is asked about a page,
 * whether Chromium can take a (one-pixel) picture of it.
 */
async function drawsAFrame(page: Page): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), FRAME_PATIENCE_MS);
  });
  const drawn = (async () => {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    if (pictured.has(page)) return true;
    await page.screenshot({
      clip: { x: 0, y: 0, width: 1, height: 1 },
      timeout: FRAME_PATIENCE_MS,
    });
    pictured.add(page);
    return true;
  })().catch(() => false);
  try {
    return await Promise.race([drawn, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Puts the theme global back to light if it is not, without waiting for the story on the page
 * (the next story is about to replace it) beyond the preview's acknowledgement.
 */
async function resetThemeGlobal(page: Page): Promise<void> {
  await page.evaluate(async () => {
    interface GlobalsChannel {
      on: (event: string, listener: () => void) => void;
      off: (event: string, listener: () => void) => void;
      emit: (event: string, payload: unknown) => void;
      last: (event: string) => [{ globals?: Record<string, unknown> }] | undefined;
    }
    const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__?: GlobalsChannel })
      .__STORYBOOK_ADDONS_CHANNEL__;
    if (!channel) return;
    const last = channel.last('globalsUpdated') ?? channel.last('setGlobals');
    if (last?.[0]?.globals?.theme !== 'dark') return;
    await new Promise<void>((resolve) => {
      const done = () => {
        channel.off('globalsUpdated', done);
        resolve();
      };
      channel.on('globalsUpdated', done);
      channel.emit('updateGlobals', { globals: { theme: 'light' } });
      setTimeout(done, 5_000);
    });
  });
}

/** The stories also checked in the dark theme: the screens and the UI primitives. */
const DARK_CHECKED = /^(screens|ui)-/;
const DARK: VisualVariant = { suffix: '.dark', name: 'the DARK theme' };

/** The live stream (`GET /api/stream`) stays open by design: no request to wait for. */
const LIVE_STREAM = /\/api\/stream(\?|$)/;

/** The requests of each page not answered yet, but the live stream. */
const inFlight = new WeakMap<Page, Set<Request>>();

/** Counts a page's requests in flight from now on (once per page: the stories share it). */
function trackRequests(page: Page): void {
  if (inFlight.has(page)) return;
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on('request', (request) => {
    if (!LIVE_STREAM.test(request.url())) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
}

/**
 * How long no request may be in flight before the page counts as quiet. Playwright's
 * `networkidle` waits 500 ms because it cannot see requests about to start; here every request
 * in flight is counted, so the window only has to cover one started by another's answer (a
 * lazily loaded chunk, the next page of a list), which follows within a few milliseconds. A play
 * function ends with the page at rest (stories/docs/WritingStories.mdx), so nothing is left to
 * start on a timer. 150 ms instead of 500 saves about a third of the stories' time.
 */
const QUIET_MS = 150;

/**
 * Playwright's `networkidle` (the test-runner's `waitForPageReady`), but for the live stream: no
 * request in flight for QUIET_MS, within 30 s.
 */
async function networkQuiet(page: Page): Promise<void> {
  const open = inFlight.get(page);
  const deadline = Date.now() + 30_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (open !== undefined && open.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) return;
    await page.waitForTimeout(25);
  }
  // Said, not failed: a story may show a call that hangs by design; the picture is taken anyway.
  const urls = [...(open ?? [])].map((request) => request.url());
  console.warn(`test-runner: still in flight after 30 s, pictured anyway: ${urls.join(', ')}`);
}

/**
 * The story's picture and layout against its baselines. The first picture of the still page
 * (`readyToShoot`) nearly always is the settled one, and one that matches its baseline is: only
 * a picture that does not (or one taken to become a baseline) is taken again until two in a row
 * are identical, so that a frame caught mid-raster on a loaded machine is never what fails or is
 * kept. That saves a full-page picture of almost every story.
 */
async function checkPicture(page: Page, id: string, variant?: VisualVariant): Promise<void> {
  await readyToShoot(page);
  if (!settings.update && hasBaseline(id, variant)) {
    try {
      await checkVisual(id, await shoot(page), await describePage(page), settings, variant);
      return;
    } catch {
      // Perhaps caught mid-raster: the settled picture decides.
    }
  }
  await checkVisual(id, await settledPicture(page), await describePage(page), settings, variant);
}

const shoot = (page: Page) =>
  page.screenshot({ animations: 'disabled', caret: 'hide', fullPage: true });

/** Pictures until two in a row are identical (as Playwright's toHaveScreenshot does). */
async function settledPicture(page: Page): Promise<Buffer> {
  let image = await shoot(page);
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const next = await shoot(page);
    if (next.equals(image)) break;
    image = next;
  }
  return image;
}

/** Waits for the page to be still: loaded, no request in flight, fonts and images ready. */
async function readyToShoot(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await networkQuiet(page);
  await page.evaluate(() => document.fonts.ready);
  // Let every image decode (a freshly inserted one may be drawn at a lower quality first) and
  // toasts and menus settle before the picture is taken.
  await page.evaluate(async () => {
    await Promise.all(
      Array.from(document.images).map((img) => img.decode().catch(() => undefined)),
    );
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Sets the toolbar's theme global, waits until Storybook has drawn the story again in it, and
 * returns the a11y addon's violations of that drawing, one readable paragraph each.
 */
async function drawInTheme(page: Page, theme: 'light' | 'dark'): Promise<string[]> {
  return page.evaluate(async (wanted) => {
    interface Violation {
      id: string;
      help: string;
      helpUrl: string;
      nodes: { target: unknown[]; html: string; failureSummary?: string }[];
    }
    interface Finished {
      status: string;
      reporters: { type: string; result?: { violations?: Violation[] } }[];
    }
    interface StorybookChannel {
      on: (event: string, listener: (payload: Finished) => void) => void;
      off: (event: string, listener: (payload: Finished) => void) => void;
      emit: (event: string, payload: unknown) => void;
    }
    const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: StorybookChannel })
      .__STORYBOOK_ADDONS_CHANNEL__;
    const finished = new Promise<Finished>((resolve, reject) => {
      const timer = setTimeout(() => {
        channel.off('storyFinished', onFinished);
        reject(new Error(`The story was not drawn again in the ${wanted} theme within 15 s.`));
      }, 15_000);
      const onFinished = (payload: Finished) => {
        clearTimeout(timer);
        channel.off('storyFinished', onFinished);
        resolve(payload);
      };
      channel.on('storyFinished', onFinished);
    });
    channel.emit('updateGlobals', { globals: { theme: wanted } });
    const { reporters } = await finished;
    const violations = reporters.find((report) => report.type === 'a11y')?.result?.violations;
    return (violations ?? []).map(
      (violation) =>
        `${violation.help} (${violation.id}; ${violation.helpUrl})\n` +
        violation.nodes
          .map(
            (node) =>
              `  at ${node.target.join(' ')}: ${node.html}\n  ${(node.failureSummary ?? '').replace(/\n/g, '\n  ')}`,
          )
          .join('\n'),
    );
  }, theme);
}

export default config;
