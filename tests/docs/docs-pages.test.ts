// Every docs page of the built Storybook, as a reader opens it: it renders (every story on it,
// inline or in its iframe, with no error), passes axe with the rules the stories pass
// (.storybook/a11y.ts), the page and each iframe on it, describes every prop in its table, with
// the default its description names, and opens at its top.
// Part of `npm test`, after the Storybook build; alone: `npm run build-storybook && npm run
// test:docs`.
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a11y } from '../../.storybook/a11y';
import { axeViolations, openStorybook, readIndex, type Session } from './storybook';

const entries = readIndex();
const docsPages = entries.filter((entry) => entry.type === 'docs');
const storyTitles = [
  ...new Set(entries.filter((entry) => entry.type === 'story').map((entry) => entry.title)),
];

/** The guides written in MDX (stories/docs). */
const GUIDES = [
  'Introduction',
  'Guides/Design tokens',
  'Guides/Writing stories',
  'Guides/Mock API',
];

/**
 * How long one docs page may take. A page that shows each story in an iframe of its own loads the
 * preview once per story: Profile, ProfileCard, Explore and AppLayout take 25-28 s on an idle
 * 2-core machine and passed 60 s in a loaded CI run, so they get room for that.
 */
const PAGE_TIMEOUT = 180_000;

/** What the a11y addon leaves out of a story's document: Storybook's own elements. */
const STORYBOOK_ELEMENTS = ['.sb-wrapper', '#storybook-docs', '#storybook-highlights-root'];

let session: Session;

/**
 * Two pages are checked at a time, each in a lane of its own: a browser context (two contexts
 * render in two processes, so both cores work) with one preview page that goes from docs page to
 * docs page as Storybook's own navigation does, through the preview's channel, without loading
 * the preview again. After a failure the lane's next page starts from a fresh load.
 */
interface Lane {
  context: BrowserContext;
  page: Page;
  errors: string[];
  loaded: boolean;
}

const idle: Lane[] = [];
const waiting: ((lane: Lane) => void)[] = [];

beforeAll(async () => {
  session = await openStorybook();
  for (let count = 0; count < 2; count += 1) {
    const context = await session.browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
      timezoneId: 'UTC',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    idle.push({ context, page, errors: watchErrors(page), loaded: false });
  }
});

afterAll(async () => {
  await session.close();
});

async function inLane<T>(use: (lane: Lane) => Promise<T>): Promise<T> {
  const lane = idle.pop() ?? (await new Promise<Lane>((resolve) => waiting.push(resolve)));
  try {
    lane.errors.length = 0;
    return await use(lane);
  } catch (error) {
    lane.loaded = false;
    throw error;
  } finally {
    const next = waiting.shift();
    if (next) next(lane);
    else idle.push(lane);
  }
}

/** Collects what goes wrong in a page: uncaught exceptions and console errors. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    // The preview's HTML names no icon, so the browser asks for /favicon.ico and gets a 404.
    if (message.type() !== 'error' || message.location().url.endsWith('/favicon.ico')) return;
    errors.push(`console.error: ${message.text()}`);
  });
  return errors;
}

/** Shows a docs entry in the lane's preview, and waits until Storybook has rendered it. */
async function openDocs(lane: Lane, id: string) {
  if (!lane.loaded) {
    await lane.page.goto(`${session.url}iframe.html?id=${id}&viewMode=docs`);
    await lane.page.locator('#storybook-docs .sbdocs-content').waitFor();
    lane.loaded = true;
    return;
  }
  await lane.page.evaluate(
    (storyId) =>
      new Promise<void>((resolve) => {
        interface Channel {
          on(event: string, listener: () => void): void;
          off(event: string, listener: () => void): void;
          emit(event: string, payload: unknown): void;
        }
        const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: Channel })
          .__STORYBOOK_ADDONS_CHANNEL__;
        const rendered = () => {
          channel.off('docsRendered', rendered);
          resolve();
        };
        channel.on('docsRendered', rendered);
        // The lane's last page may have been left scrolled; this page is checked from its top.
        window.scrollTo(0, 0);
        channel.emit('setCurrentStory', { storyId, viewMode: 'docs' });
      }),
    id,
  );
}

/** Waits until every story drawn inline on the docs page has rendered something. */
async function inlineStoriesRendered(page: Page) {
  await page.waitForFunction(() => {
    const docs = document.querySelector('#storybook-docs .sbdocs-content');
    if (!docs) return false;
    const inline = Array.from(docs.querySelectorAll('[id^="story--"][id$="-inner"]'));
    return inline.every((story) => story.childElementCount > 0);
  });
}

/**
 * Loads every iframe of the page at once (they load lazily, as they come into view) and waits
 * until the story in each has finished rendering. Returns the frames, or throws when the story in
 * one failed to render.
 */
async function framedStories(page: Page): Promise<Frame[]> {
  try {
    return await framedStoriesOnce(page);
  } catch (error) {
    // Storybook can draw a freshly loaded page's iframes a second time as the page's globals
    // arrive: the documents first found are then gone ("Frame was detached"), or an iframe
    // found is already being replaced and has none ("no document"; seen once in a CI run under
    // load, at Layout/ShortcutsDialog, which passed alone). That is no fault of the page; its
    // iframes are read once more, and a page that is broken fails then.
    if (!(error instanceof Error) || !/detached|no document/.test(error.message)) throw error;
    return framedStoriesOnce(page);
  }
}

async function framedStoriesOnce(page: Page): Promise<Frame[]> {
  await page.evaluate(() => {
    for (const iframe of document.querySelectorAll('#storybook-docs iframe')) {
      if (iframe instanceof HTMLIFrameElement) iframe.loading = 'eager';
    }
  });
  const elements = await page.locator('#storybook-docs iframe').elementHandles();
  return Promise.all(
    elements.map(async (element) => {
      const frame = await element.contentFrame();
      if (!frame) throw new Error('An iframe on the page has no document.');
      const phase = await frame.waitForFunction(() => {
        const preview = (
          window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } }
        ).__STORYBOOK_PREVIEW__;
        const current = preview?.currentRender?.phase;
        return current === 'finished' || current === 'errored' || current === 'aborted'
          ? current
          : false;
      });
      const reached = await phase.jsonValue();
      if (reached !== 'finished') throw new Error(`The story in ${frame.url()} ${reached}.`);
      return frame;
    }),
  );
}

/**
 * The rows of the page's props table whose description cell holds nothing but the type (the
 * type is set in code chips, so only text in another font counts as a description).
 */
function undescribedProps(page: Page): Promise<string[]> {
  return page.locator('#storybook-docs .docblock-argstable tbody tr').evaluateAll((rows) =>
    rows.flatMap((row) => {
      const [name, description] = Array.from(row.querySelectorAll('td'));
      if (!name || !description) return [];
      const walker = document.createTreeWalker(description, NodeFilter.SHOW_TEXT);
      let prose = '';
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (parent && !getComputedStyle(parent).fontFamily.includes('monospace')) {
          prose += node.textContent ?? '';
        }
      }
      return prose.trim() === '' ? [`${name.textContent.trim()} has no description`] : [];
    }),
  );
}

/**
 * The rows of the page's props table whose description names a default ("Default 'md'.") while
 * the Default column shows none: the docs could not read it from the component's parameters
 * (a default set in another function, or behind memo()) and no `@default` tag gives it.
 */
function defaultsNotShown(page: Page): Promise<string[]> {
  return page.locator('#storybook-docs .docblock-argstable tbody tr').evaluateAll((rows) =>
    rows.flatMap((row) => {
      const [name, description, shown] = Array.from(row.querySelectorAll('td'));
      if (!name || !description || !shown) return [];
      const says = /\bDefault\b/.test(description.textContent);
      const none = ['', '-'].includes(shown.textContent.trim());
      return says && none
        ? [`${name.textContent.trim()} names a default the table does not show`]
        : [];
    }),
  );
}

describe('the docs pages of the built Storybook', () => {
  it('has a docs page for every title in the sidebar, and the guides', () => {
    const documented = new Set(docsPages.map((entry) => entry.title));
    expect(storyTitles.filter((title) => !documented.has(title))).toEqual([]);
    expect(GUIDES.filter((title) => !documented.has(title))).toEqual([]);
  });

  it.concurrent.each(docsPages.map((entry) => [entry.title, entry] as const))(
    '%s renders, passes axe, describes every prop and opens at its top',
    async (_title, entry) => {
      await inLane(async (lane) => {
        const { page, errors } = lane;
        await openDocs(lane, entry.id);
        await inlineStoriesRendered(page);
        const frames = await framedStories(page);
        await page.evaluate(() => document.fonts.ready);

        // A reader finds the page at its top: no story's focus or scrolling moved it.
        expect(await page.evaluate(() => window.scrollY), 'the page opened scrolled').toBe(0);

        const heading = await page.locator('#storybook-docs h1').first().textContent();
        expect(heading?.trim()).not.toBe('');
        expect(await page.locator('.sb-errordisplay').isVisible()).toBe(false);

        const violations = await axeViolations(
          page.mainFrame(),
          { include: ['#storybook-docs'] },
          a11y.options,
        );
        for (const frame of frames) {
          const story = new URL(frame.url()).searchParams.get('id') ?? frame.url();
          const found = await axeViolations(
            frame,
            { include: ['body'], exclude: STORYBOOK_ELEMENTS },
            a11y.options,
          );
          violations.push(...found.map((line) => `in the iframe of ${story}: ${line}`));
        }
        expect(violations, violations.join('\n')).toEqual([]);
        expect(await undescribedProps(page)).toEqual([]);
        expect(await defaultsNotShown(page)).toEqual([]);
        expect(errors, errors.join('\n')).toEqual([]);
      });
    },
    PAGE_TIMEOUT,
  );
});
