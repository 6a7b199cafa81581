import { chromium } from 'playwright-core';
import { serveStatic } from '/work/wt14d/scripts/serve-static.mjs';
const server = await serveStatic('/tmp/sb-dark', { single: false });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } }); page.on('console', (m) => m.type() === 'error' && console.log('console', m.text().slice(0, 300))); page.on('pageerror', (e) => console.log('pageerror', e.message.slice(0, 300)));
for (const [id, g] of [['screens-login--docs', 'theme:dark'], ['guides-design-tokens--docs', 'theme:dark'], ['ui-button--docs', 'theme:dark'], ['ui-button--docs', 'a11y.manual:!true']]) {
  await page.goto(`${server.url}iframe.html?viewMode=docs&id=${id}&globals=${g}`);
  await page.waitForTimeout(4000);
  const info = await page.evaluate(() => ({
    docsBg: getComputedStyle(document.querySelector('.sbdocs-wrapper') ?? document.body).backgroundColor,
    iframes: Array.from(document.querySelectorAll('iframe')).map((f) => f.src.replace(/^.*\?/, '')).slice(0, 2),
  }));
  console.log(id, JSON.stringify(info));
  await page.screenshot({ path: `/tmp/dark-shots/docs-${id}.png` });
}
await browser.close(); await server.close();
