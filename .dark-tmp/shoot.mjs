import { chromium } from 'playwright-core';
import { serveStatic } from '/work/wt14d/scripts/serve-static.mjs';
const server = await serveStatic('/work/wt14d/dist', { single: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const out = '/tmp/dark-shots';
const report = [];
for (const [label, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
  const context = await browser.newContext({ viewport, colorScheme: 'light' });
  const page = await context.newPage();
  page.on('pageerror', (e) => report.push(`${label} pageerror ${e.message}`));
  await page.goto(server.url + '/');
  await page.getByRole('button', { name: 'Add Guest Credentials' }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
  await page.getByText('Hello Murmur!').first().waitFor();
  const group = page.getByRole('group', { name: 'Theme' });
  // a real mouse click on the Dark segment
  const dark = group.getByRole('radio', { name: 'Dark' });
  const box = await group.locator('label').nth(1).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  report.push(`${label} after click: checked=${await dark.isChecked()} focused=${await dark.evaluate((e) => e === document.activeElement)} focusVisible=${await dark.evaluate((e) => e.matches(':focus-visible'))} outline=${await group.locator('label').nth(1).evaluate((e) => getComputedStyle(e).outlineStyle)}`);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(3500); // toasts gone
  await page.screenshot({ path: `${out}/home-${label}.png` });
  // keyboard: ring shows
  await page.keyboard.press('ArrowRight');
  report.push(`${label} after ArrowRight: system checked=${await group.getByRole('radio', { name: 'System' }).isChecked()} focusVisible=${await group.getByRole('radio', { name: 'System' }).evaluate((e) => e.matches(':focus-visible'))}`);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  for (const [name, heading] of [['Explore', 'Explore'], ['Profile', null]]) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
    if (heading) await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    else await page.waitForURL(/profile-page/);
    await page.waitForTimeout(800);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${out}/${name.toLowerCase()}-${label}.png` });
  }
  // reload: first paint should be dark
  await page.reload({ waitUntil: 'commit' });
  const early = await page.evaluate(() => [document.documentElement.dataset.theme, getComputedStyle(document.documentElement).backgroundColor, document.readyState]);
  report.push(`${label} right after reload: ${early.join(' ')}`);
  await page.waitForTimeout(1500);
  report.push(`${label} after reload switch says dark: ${await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).isChecked()}`);
  // login page in dark: log out via storage session removal -> new context with stored choice
  await context.close();
  const c2 = await browser.newContext({ viewport });
  await c2.addInitScript(() => localStorage.setItem('murmur:appearance', 'dark'));
  const p2 = await c2.newPage();
  await p2.goto(server.url + '/');
  await p2.getByRole('button', { name: 'Login' }).waitFor();
  await p2.waitForTimeout(500);
  await p2.screenshot({ path: `${out}/login-${label}.png` });
  await c2.close();
  // system: device dark, nothing stored
  const c3 = await browser.newContext({ viewport, colorScheme: 'dark' });
  const p3 = await c3.newPage();
  await p3.goto(server.url + '/');
  await p3.getByRole('button', { name: 'Login' }).waitFor();
  report.push(`${label} system+device dark: ${await p3.evaluate(() => document.documentElement.dataset.theme)}`);
  await c3.close();
}
console.log(report.join('\n'));
await browser.close();
await server.close();
