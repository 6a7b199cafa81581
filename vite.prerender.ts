/**
 * `vite build` of the app, then its prerender: a first paint that needs no JavaScript.
 *
 * After the client build has written `index.html` and its assets, this plugin builds
 * src/app/prerender.tsx for Node (a Vite SSR build of the same config, in a temporary folder),
 * renders each page of its PAGE_PLANS and writes one HTML file per page from the built
 * `index.html`:
 *
 * - the markup inside `<div id="root">`, and the page's document title;
 * - `<meta name="murmur-prerendered">` (its path and signed-in state) and `<meta
 *   name="murmur-scripts">` (the app's scripts) before the head's boot script, which decides
 *   whether the markup is right for the visitor (src/app/boot.ts) and asks for the scripts, and a
 *   rule that hides `#root` when it is not (`data-boot="fresh"`);
 * - the CSS inline: styled-components' collected rules, and the app's stylesheet (the Inter
 *   `@font-face` rules) in place of its render-blocking `<link>`;
 * - a preload of the Inter faces the page draws above the fold (the core faces, src/app/fonts.css),
 *   so text is not drawn twice;
 * - a `<link rel="expect">` that holds the first frame until `#root` is parsed whole (a marker
 *   after it);
 * - no script tag of the app's: the page is drawn without them, so the boot script fetches them
 *   once the page is drawn with its fonts (or at once when the page must render fresh), and the
 *   first paint shares the network with nothing.
 *
 * Runs in every build of the app (`npm run build`, the e2e test's, the bench's and `npm run
 * size`'s), never in Storybook's (its build has no `index.html` with `#root`), never in dev.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { PRERENDERED_META, SCRIPTS_META } from './src/app/boot';
import { GUEST_OFFERED_ATTRIBUTE } from './src/paths';
import type { PagePlan, RenderedPage } from './src/app/prerender';

interface PrerenderModule {
  PAGE_PLANS: readonly PagePlan[];
  renderPage: (plan: PagePlan) => Promise<RenderedPage>;
}

const ENTRY = 'src/app/prerender.tsx';
/**
 * The Inter weights the login and sign-up pages draw above the fold: text (400), labels and
 * buttons (600), the brand and the heading (700). A face that arrives after the first paint
 * redraws its text; without the 700 preload, the phone's heading moved the form by 1 px.
 */
const PRELOADED_WEIGHTS = ['400', '600', '700'];

/**
 * No frame is drawn until the page's markup is parsed to its end (Chromium 124 and later; other
 * browsers ignore it). On a slow CPU the parser yields partway through the page, and without this
 * the browser drew what it had: the centred form grew by its missing fields, the brand's column
 * by its tagline, and both moved (a layout shift, in about half the loads at 4x CPU throttling).
 * The page is a few tens of KB, so the wait is a few milliseconds.
 */
const PAGE_END_ID = 'prerendered-end';
const EXPECT_WHOLE_PAGE = `<link rel="expect" href="#${PAGE_END_ID}" blocking="render">`;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Replaces exactly one occurrence of `find`, or fails the build: the template changed shape. */
function replaceOnce(html: string, find: string | RegExp, replace: (found: string) => string) {
  const matches =
    typeof find === 'string'
      ? html
          .split(find)
          .slice(1)
          .map(() => find)
      : [...html.matchAll(new RegExp(find, 'g'))].map(([found]) => found);
  const [found] = matches;
  if (matches.length !== 1 || found === undefined) {
    throw new Error(`prerender: index.html should hold ${String(find)} once`);
  }
  const at = html.indexOf(found);
  return html.slice(0, at) + replace(found) + html.slice(at + found.length);
}

/** The app's scripts, taken out of the page: its entry and the modules it imports at once. */
interface Scripts {
  entry: string;
  preloads: string[];
  /**
   * The mock API's modules (none in the server's build): the boot script asks for them with the
   * entry when a session is stored (themeBoot.ts), on any page, since a host may serve any file.
   */
  mock: string[];
}

/**
 * The files of the mock API's chunk (src/mocks/browser.ts, imported when wanted by main.tsx) and
 * of the chunks it imports, but for those the page asks for anyway: what a signed-in page can
 * ask for beside its entry instead of after it.
 */
function mockFiles(
  bundle: Rolldown.OutputBundle,
  base: string,
  loaded: readonly string[],
): string[] {
  const chunks = new Map(
    Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item]] : [])),
  );
  const mock = [...chunks.values()].find((chunk) =>
    chunk.facadeModuleId?.replaceAll('\\', '/').endsWith('/src/mocks/browser.ts'),
  );
  if (mock === undefined) return [];
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const url = `${base}${fileName}`;
    if (files.has(url) || loaded.includes(url)) return;
    files.add(url);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  visit(mock.fileName);
  return [...files];
}

/**
 * Takes the entry script and its module preloads out of the built index.html: they hydrate the
 * page and nothing of its first paint needs them, so the head's boot script asks for them itself
 * (themeBoot.ts), once the page is drawn with its fonts when the markup is hydrated, at once and
 * at high priority when it must render fresh. Requested from the HTML, they would share the
 * network with the fonts the first paint is waiting for.
 */
function takeScripts(template: string): { html: string; scripts: Scripts } {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(template);
  if (!entry?.[1]) throw new Error('prerender: index.html should hold its entry script');
  const preloads: string[] = [];
  const html = template
    .replace(entry[0], '')
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_tag, href: string) => {
      preloads.push(href);
      return '';
    });
  return { html, scripts: { entry: entry[1], preloads, mock: [] } };
}

/** The built index.html's stylesheet links inlined as `<style>`, and the Inter preloads. */
function inlineStylesheets(template: string, outDir: string, base: string): string {
  let html = template;
  const links = [...template.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)];
  for (const [tag, href] of links) {
    if (!href?.startsWith(base)) throw new Error(`prerender: unexpected stylesheet ${href}`);
    const css = readFileSync(path.join(outDir, href.slice(base.length)), 'utf8');
    const fonts = PRELOADED_WEIGHTS.flatMap((weight) => {
      const url = css.match(new RegExp(`url\\(([^)]*inter-core-${weight}-[^)]*\\.woff2)\\)`));
      return url?.[1] ? [url[1]] : [];
    });
    const preloads = fonts.map(
      (url) => `<link rel="preload" href="${url}" as="font" type="font/woff2" crossorigin>`,
    );
    html = html.replace(tag, [...preloads, `<style>${css}</style>`].join('\n    '));
  }
  return html;
}

function pageHtml(template: string, scripts: Scripts, plan: PagePlan, page: RenderedPage): string {
  const meta =
    `<meta name="${PRERENDERED_META}" content="${escapeAttribute(plan.path)}" ` +
    `data-session="${plan.signedIn ? 'signed-in' : 'signed-out'}"` +
    (plan.guest ? ` ${GUEST_OFFERED_ATTRIBUTE}` : '') +
    ' />\n    ' +
    `<meta name="${SCRIPTS_META}" content="${escapeAttribute(scripts.entry)}" ` +
    `data-preload="${escapeAttribute(scripts.preloads.join(' '))}"` +
    (scripts.mock.length > 0 ? ` data-mock="${escapeAttribute(scripts.mock.join(' '))}"` : '') +
    ' />';
  let html = replaceOnce(template, '<head>', (head) => `${head}\n    ${meta}`);
  html = replaceOnce(
    html,
    /<title>[^<]*<\/title>/,
    () => `<title>${escapeText(plan.title)}</title>`,
  );
  html = replaceOnce(
    html,
    '</head>',
    (end) =>
      `  <style>html[data-boot="fresh"] #root{display:none}</style>\n    ${page.styleTags}\n` +
      `    ${EXPECT_WHOLE_PAGE}\n  ${end}`,
  );
  // The element the head's `rel="expect"` waits for: Chromium lets frames through once it is
  // inserted (at its start tag), so it comes after the root, not on it.
  return replaceOnce(
    html,
    '<div id="root"></div>',
    () => `<div id="root">${page.html}</div><template id="${PAGE_END_ID}"></template>`,
  );
}

/** The plugin: see the file's comment. */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'murmur-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(options, bundle) {
      const index = bundle['index.html'];
      if (config.build.ssr || !index || index.type !== 'asset') return;
      if (!String(index.source).includes('<div id="root"></div>')) return;
      const outDir = options.dir ?? path.resolve(config.root, config.build.outDir);
      // Inside the project, so that Node finds react & co. from the server bundle's imports.
      const cache = path.join(config.root, 'node_modules', '.cache');
      mkdirSync(cache, { recursive: true });
      const serverDir = mkdtempSync(path.join(cache, 'murmur-prerender-'));
      try {
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          // Bundled rather than imported: Node's ESM import of its CommonJS build has no default.
          ssr: { noExternal: ['styled-components'] },
          build: {
            ssr: ENTRY,
            outDir: serverDir,
            emptyOutDir: true,
            copyPublicDir: false,
            manifest: false,
            rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
          },
        });
        const server = (await import(
          pathToFileURL(path.join(serverDir, 'prerender.mjs')).href
        )) as PrerenderModule;
        const { html: template, scripts: taken } = takeScripts(
          inlineStylesheets(
            readFileSync(path.join(outDir, 'index.html'), 'utf8'),
            outDir,
            config.base,
          ),
        );
        const scripts: Scripts = {
          ...taken,
          mock: mockFiles(bundle, config.base, [taken.entry, ...taken.preloads]),
        };
        for (const plan of server.PAGE_PLANS) {
          const file = path.join(outDir, plan.file);
          mkdirSync(path.dirname(file), { recursive: true });
          writeFileSync(file, pageHtml(template, scripts, plan, await server.renderPage(plan)));
        }
        config.logger.info(`prerendered ${server.PAGE_PLANS.map((plan) => plan.file).join(', ')}`);
      } finally {
        if (!process.env.MURMUR_KEEP_PRERENDER) rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}
