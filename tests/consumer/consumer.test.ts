// The component library as a consumer gets it: `npm pack` (which builds lib/ first, through the
// prepack script) makes the tarball; an app outside the repository (tests/consumer/app) gets it
// unpacked into its node_modules, is type-checked against the package's declarations, built
// with Vite and opened in Chromium, where it renders a Button and a PostCard. Part of `npm test`.
//
// Nothing is downloaded: the app's node_modules holds the unpacked tarball, and links to this
// repository's copies of the packages the tarball's package.json names (dependencies and peer
// dependencies) and of the app's own tools (types, Vite). A package that lib/ imports but
// package.json does not name is therefore missing there, and the build fails.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, ensureBrowser } from '../../scripts/find-browser.mjs';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { lightTheme } from '../../src/components/ui/theme';

const REPO = process.cwd();
const work = mkdtempSync(join(tmpdir(), 'murmur-consumer-'));
const app = join(work, 'app');

interface Packed {
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string }[];
}

interface PackageJson {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  exports?: Record<string, unknown>;
}

/**
 * The packages the app itself uses to type-check and build, beside the tarball's. (@types/node:
 * styled-components' declarations name NodeJS types, and the app checks every declaration file,
 * the package's included, with skipLibCheck off.)
 */
const APP_TOOLS = ['@types/node', '@types/react', '@types/react-dom', 'vite'];

let packed: Packed;
let manifest: PackageJson;
let bundle = '';
let browser: Browser;
let page: Page;
let closeServer: () => Promise<void> = () => Promise.resolve();

/** The environment without Vitest's NODE_ENV, as a person's shell would have it. */
function withoutTestEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_ENV;
  return env;
}

function link(name: string) {
  const target = join(REPO, 'node_modules', name);
  if (!existsSync(target)) throw new Error(`${name} is not installed in this repository`);
  const linkPath = join(app, 'node_modules', name);
  mkdirSync(dirname(linkPath), { recursive: true });
  symlinkSync(target, linkPath, 'dir');
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

beforeAll(async () => {
  // npm pack runs prepack (npm run build:lib), so the tarball holds a fresh lib/.
  const output = execFileSync(
    'npm',
    ['pack', '--json', '--pack-destination', work, '--loglevel', 'error'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: withoutTestEnv() },
  );
  // Lifecycle scripts print before the JSON; the JSON is the last thing written.
  const [first] = JSON.parse(output.slice(output.indexOf('\n[') + 1)) as Packed[];
  if (!first) throw new Error(`npm pack said: ${output}`);
  packed = first;
  console.log(`${packed.filename}: ${packed.size} bytes packed, ${packed.unpackedSize} unpacked`);

  cpSync(join(REPO, 'tests', 'consumer', 'app'), app, { recursive: true });
  mkdirSync(join(app, 'node_modules'));
  execFileSync('tar', ['-xzf', join(work, packed.filename), '-C', work]);
  renameSync(join(work, 'package'), join(app, 'node_modules', 'murmur'));
  manifest = JSON.parse(
    readFileSync(join(app, 'node_modules', 'murmur', 'package.json'), 'utf8'),
  ) as PackageJson;
  const named = [
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ];
  for (const name of new Set([...named, ...APP_TOOLS])) link(name);

  // Built as an app is for production (Vitest runs this with NODE_ENV 'test').
  process.env.NODE_ENV = 'production';
  await build({
    root: app,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: join(app, 'dist'), emptyOutDir: true },
  });
  bundle = filesUnder(join(app, 'dist'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');

  const server = await serveStatic(join(app, 'dist'));
  closeServer = server.close;
  browser = await chromium.launch({
    executablePath: await ensureBrowser(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(server.url);
  await page.getByRole('article').waitFor();
  if (errors.length > 0) throw new Error(`The app logged errors:\n${errors.join('\n')}`);
}, 180_000);

afterAll(async () => {
  await browser.close();
  await closeServer();
  if (!process.env.KEEP_CONSUMER) rmSync(work, { recursive: true, force: true });
});

describe('the packed library', () => {
  it('holds lib/ and nothing of the repository: no stories, tests, mocks or sources', () => {
    const paths = packed.files.map((file) => file.path);
    expect(paths.filter((path) => !path.startsWith('lib/')).sort()).toEqual([
      'README.md',
      'package.json',
    ]);
    const repositoryOnly = (path: string) =>
      /(^|\/)(stories|mocks|tests|\.storybook)\//.test(path) ||
      /\.stories\./.test(path) ||
      (/\.tsx?$/.test(path) && !path.endsWith('.d.ts'));
    expect(paths.filter(repositoryOnly)).toEqual([]);
    for (const entry of [
      'lib/components/index.js',
      'lib/components/index.d.ts',
      'lib/components/ui/font.js',
      'lib/components/ui/Button.js',
      'lib/components/post/PostCard.d.ts',
    ]) {
      expect(paths).toContain(entry);
    }
  });

  it('names react, react-dom and styled-components as peer dependencies, and exports the font apart', () => {
    expect(Object.keys(manifest.peerDependencies ?? {})).toEqual(
      expect.arrayContaining(['react', 'react-dom', 'styled-components']),
    );
    for (const name of ['react', 'react-dom', 'styled-components']) {
      expect(manifest.dependencies ?? {}).not.toHaveProperty(name);
    }
    expect(Object.keys(manifest.exports ?? {})).toEqual(['.', './font', './package.json']);
  });

  it("type-checks an app against the package's declarations", () => {
    const tsc = resolve(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = (() => {
      try {
        execFileSync(process.execPath, [tsc, '-p', join(app, 'tsconfig.json')], {
          encoding: 'utf8',
        });
        return '';
      } catch (error) {
        const { stdout } = error as { stdout?: string };
        return stdout ?? String(error);
      }
    })();
    expect(result).toBe('');
  }, 60_000);

  it('is tree-shaken: the app bundles the components it imports and not the others', () => {
    expect(bundle).toContain('Post options');
    // Strings of components the app does not import: the login screen, who-to-follow, the
    // demo-data card, the post dialog.
    for (const unused of [
      'Add Guest Credentials',
      'Who to follow',
      'Reset demo data',
      'Add Post',
    ]) {
      expect(bundle, unused).not.toContain(unused);
    }
  });

  it('renders a Button and a PostCard with the theme and the font in Chromium', async () => {
    const button = page.getByRole('button', { name: 'Reset' });
    await button.waitFor();
    const post = page.getByRole('article', { name: 'Ada Lovelace' });
    await post.waitFor();
    expect(await post.textContent()).toContain('Hello from a consumer of the murmur package');

    // The components' colours are CSS custom properties that <GlobalStyle /> defines, light by
    // default: the button is drawn in the light theme's primary.
    const primary = await button.evaluate((element) => getComputedStyle(element).backgroundColor);
    const [r, g, b] = [1, 3, 5].map((start) =>
      parseInt(lightTheme.colors.primary.slice(start, start + 2), 16),
    );
    expect(primary).toBe(`rgb(${r}, ${g}, ${b})`);
    expect(
      await page.evaluate(async () => {
        await document.fonts.ready;
        return document.fonts.check('600 16px Inter');
      }),
    ).toBe(true);

    const like = post.getByRole('button', { name: /^Like/ });
    await like.click();
    await page.getByText('Like pressed 1 times').waitFor();
    expect(await like.getAttribute('aria-pressed')).toBe('true');
  });
});
