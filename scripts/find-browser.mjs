// One place that finds the Chromium every browser test uses (see ../shared/guides/browser-testing.md).
// Order: $CHROME_BIN, a Playwright-managed Chromium, /usr/bin/chromium, chromium-browser,
// google-chrome. Never downloads a browser. `ensureBrowser()` installs Debian's `chromium` when
// none is found and we are root with apt-get; otherwise it explains how to install one.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Launch flags that work headless as root here, without reaching for the internet. */
export const BASE_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The tests' flags: the base ones, and what makes pictures the same on every run. */
export const CHROMIUM_ARGS = [
  ...BASE_CHROMIUM_ARGS,
  // Deterministic pixels for visual snapshots, also when the machine is loaded: no partial or
  // checker-imaged raster, every compositor stage done before a frame is drawn, sRGB, no LCD text.
  '--font-render-hinting=none',
  '--force-color-profile=srgb',
  '--disable-lcd-text',
  '--disable-partial-raster',
  '--disable-checker-imaging',
  '--disable-skia-runtime-opts',
  '--run-all-compositor-stages-before-draw',
  '--disable-threaded-animation',
  '--disable-threaded-scrolling',
  '--disable-image-animation-resync',
  '--disable-new-content-rendering-timeout',
];

function onPath(name) {
  const result = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  const found = result.stdout.trim();
  return result.status === 0 && found ? found : undefined;
}

async function playwrightManaged() {
  try {
    const { chromium } = await import('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

export async function findBrowser() {
  const fromEnv = process.env.CHROME_BIN;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_BIN is set to ${fromEnv}, but no file is there.`);
  }
  const candidates = [
    await playwrightManaged(),
    existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    onPath('chromium-browser'),
    onPath('google-chrome'),
  ];
  return candidates.find(Boolean);
}

const HOW_TO_INSTALL =
  'No Chromium found. Install one (Debian/Ubuntu: `sudo apt-get install -y chromium`) ' +
  'or point CHROME_BIN at a Chrome/Chromium executable, then run the command again.';

export async function ensureBrowser({ log = console.log } = {}) {
  const found = await findBrowser();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && onPath('apt-get')) {
    log("No Chromium found: installing Debian's chromium with apt-get (one-time).");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = await findBrowser();
    if (installed) return installed;
  }
  throw new Error(HOW_TO_INSTALL);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureBrowser()
    .then((path) => console.log(path))
    .catch((error) => {
      console.error(error.message);
      process.exit(1);
    });
}
