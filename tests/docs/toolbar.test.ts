// The toolbar of the built Storybook, used as a person would: 'Reset mock data' puts the mock
// database back to its seed and remounts the story (.storybook/manager.tsx), and the viewport
// menu offers the desktop and phone sizes (.storybook/viewports.ts).
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorybook, type Session } from './storybook';

let session: Session;
let browser: Browser;
let page: Page;
let preview: FrameLocator;

beforeAll(async () => {
  session = await openStorybook();
  browser = session.browser;
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${session.url}?path=/story/api-explorer--idle`);
  preview = page.frameLocator('#storybook-preview-iframe');
  await preview.getByRole('button', { name: 'Log in' }).waitFor();
});

afterAll(async () => {
  await session.close();
});

/** Logs in as the guest in the API explorer and publishes a post; returns the status line. */
async function guestPublishes(text: string): Promise<string> {
  await preview.getByLabel('Username').fill('guest');
  await preview.getByLabel('Password').fill('guest1234');
  await preview.getByRole('button', { name: 'Log in' }).click();
  await preview.getByText('Logged in as @guest', { exact: true }).waitFor();
  await preview.getByLabel('Post text').fill(text);
  await preview.getByRole('button', { name: 'Create post' }).click();
  const status = preview.getByRole('status');
  await status.filter({ hasText: '201 Created' }).waitFor();
  return (await status.textContent()) ?? '';
}

describe('the toolbar', () => {
  it("'Reset mock data' restores the seed and starts the story again", async () => {
    // The seed has 8 posts: the first post makes 9.
    expect(await guestPublishes('First, before the reset')).toContain('9 posts');

    await page.getByRole('button', { name: 'Reset mock data' }).click();
    await page.getByText('Mock data reset').waitFor();
    // Remounted: the explorer starts again, logged out.
    await preview.getByText('Not logged in').waitFor();

    // Without the reset this would be the 10th post.
    expect(await guestPublishes('Second, after the reset')).toContain('9 posts');
  });

  it('offers the desktop and phone viewports, and shows the story at phone width', async () => {
    await page.getByRole('button', { name: 'Viewport size' }).click();
    const phone = page.getByText('Phone (390 × 844)');
    await phone.waitFor();
    expect(await page.getByText('Desktop (1280 × 800)').isVisible()).toBe(true);
    await phone.click();
    await expect
      .poll(() => page.locator('#storybook-preview-iframe').evaluate((frame) => frame.clientWidth))
      .toBe(390);
  });
});
