// Takes the pictures of the Introduction (stories/docs/Introduction.mdx) from the built Storybook:
// each a real story, drawn as the test-runner draws it, cropped to what it shows and saved as a
// small WebP in stories/docs/pictures/. Run after `npm run build-storybook` when a pictured
// component changes: `node scripts/docs-pictures.mjs`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureBrowser } from './find-browser.mjs';
import { serveStatic } from './serve-static.mjs';

const OUT = 'stories/docs/pictures';

/** story id, file name, page size, theme, the element to crop to (the story's root by default). */
const PICTURES = [
  { id: 'screens-home--feed', file: 'home-screen', width: 1280, height: 800, scale: 0.5 },
  { id: 'screens-home--phone', file: 'home-screen-phone', width: 390, height: 844, scale: 0.5 },
  { id: 'post-postcard--with-image', file: 'post-card', width: 700, height: 800, scale: 0.75 },
  {
    id: 'post-postcard--with-image',
    file: 'post-card-dark',
    width: 700,
    height: 800,
    scale: 0.75,
    theme: 'dark',
  },
  { id: 'ui-button--all-variants', file: 'buttons', width: 700, height: 500, scale: 0.75 },
  { id: 'user-profilecard--default', file: 'profile-card', width: 700, height: 600, scale: 0.75 },
];

const server = await serveStatic('storybook-static', { single: false, cache: true });
const browser = await chromium.launch({
  executablePath: await ensureBrowser(),
  headless: true,
  args: CHROMIUM_ARGS,
});
mkdirSync(OUT, { recursive: true });
try {
  for (const { id, file, width, height, scale, theme } of PICTURES) {
    const page = await browser.newPage({
      viewport: { width, height },
      deviceScaleFactor: scale,
      reducedMotion: 'reduce',
      locale: 'en-US',
      timezoneId: 'UTC',
    });
    const globals = theme === 'dark' ? '&globals=theme:dark' : '';
    await page.goto(`${server.url}iframe.html?id=${id}&viewMode=story${globals}`);
    await page.waitForFunction(() => {
      const preview = /** @type {any} */ (window).__STORYBOOK_PREVIEW__;
      return (
        preview?.currentRender?.phase === 'completed' ||
        preview?.currentRender?.phase === 'finished'
      );
    });
    await page.evaluate(() => document.fonts.ready);
    // A full-page story is pictured whole; a component, cropped to its own box.
    const root = page.locator('#storybook-root > *').first();
    const box = width >= 1280 || width <= 390 ? null : await root.boundingBox();
    const png = await page.screenshot(
      box
        ? {
            clip: {
              x: 0,
              y: 0,
              width: Math.min(width, box.x + box.width + 16),
              height: Math.min(height, box.y + box.height + 16),
            },
          }
        : {},
    );
    // Chromium encodes WebP; a picture of flat colours and text is a few KB at this quality.
    const webp = await page.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      canvas.getContext('2d')?.drawImage(image, 0, 0);
      return canvas.toDataURL('image/webp', 0.8).split(',')[1] ?? '';
    }, png.toString('base64'));
    writeFileSync(`${OUT}/${file}.webp`, Buffer.from(webp, 'base64'));
    console.log(`${OUT}/${file}.webp`, Math.round(Buffer.from(webp, 'base64').length / 1024), 'KB');
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
