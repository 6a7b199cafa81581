// What the browser checks of the built Storybook share: its index, a static server and Chromium,
// and axe run in a page or an iframe with the rules of .storybook/a11y.ts.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AxeResults, RunOptions } from 'axe-core';
import { chromium, type Browser, type Frame } from 'playwright-core';
import { CHROMIUM_ARGS, ensureBrowser } from '../../scripts/find-browser.mjs';
import { serveStatic } from '../../scripts/serve-static.mjs';

/** The static Storybook to check: `storybook-static/`, or `$STORYBOOK_DIR`. */
export const STORYBOOK_DIR = process.env.STORYBOOK_DIR ?? 'storybook-static';

export interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'docs' | 'story';
  importPath: string;
  tags?: string[];
}

/** The entries of the built Storybook's index.json, in sidebar order. */
export function readIndex(): IndexEntry[] {
  const file = join(STORYBOOK_DIR, 'index.json');
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: build Storybook first (npm run build-storybook; npm test does).`,
    );
  }
  const index = JSON.parse(readFileSync(file, 'utf8')) as { entries: Record<string, IndexEntry> };
  return Object.values(index.entries);
}

export interface Session {
  browser: Browser;
  url: string;
  close: () => Promise<void>;
}

/** Serves the static Storybook on 127.0.0.1 and launches the project's Chromium. */
export async function openStorybook(): Promise<Session> {
  const executablePath = await ensureBrowser();
  const server = await serveStatic(STORYBOOK_DIR, { single: false, cache: true });
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  return {
    browser,
    url: server.url,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** Which part of the document axe checks, as CSS selectors. */
export interface AxeContext {
  include: string[];
  exclude?: string[];
}

/**
 * Runs axe in one document (a page or one iframe) and returns its violations, one readable line
 * per element. Each document is checked on its own (`iframes: false`), as each story is in the
 * test-runner: a docs page's iframes are separate documents with landmarks of their own.
 */
export async function axeViolations(
  frame: Frame,
  context: AxeContext,
  options: RunOptions,
): Promise<string[]> {
  if (!(await frame.evaluate(() => 'axe' in window)))
    await frame.addScriptTag({ content: axeSource });
  return frame.evaluate(
    async ({ elementContext, runOptions }) => {
      const { axe } = window as unknown as {
        axe: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> };
      };
      const results = await axe.run(elementContext, { ...runOptions, iframes: false });
      return results.violations.flatMap((violation) =>
        violation.nodes.map(
          (node) =>
            `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}\n    at ${node.target.join(' ')}: ${node.html.slice(0, 200)}`,
        ),
      );
    },
    { elementContext: context, runOptions: options },
  );
}
