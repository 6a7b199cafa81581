import path from 'node:path';
import { getStoryContext, waitForPageReady, type TestRunnerConfig } from '@storybook/test-runner';
import { checkA11y, injectAxe } from 'axe-playwright';
import { toMatchImageSnapshot } from 'jest-image-snapshot';
import { DESKTOP, PHONE } from './viewports.ts';

/**
 * Three checks for every story: its play function (run by the test-runner itself), an axe
 * accessibility check (any violation fails) and a visual snapshot compared pixel-for-pixel with
 * the committed baseline in tests/visual/__baselines__. `npm run test:update-visual` refreshes
 * the baselines; look at the diff images in tests/visual/__diff_output__ first.
 */
const snapshotsDir = path.join(process.cwd(), 'tests', 'visual', '__baselines__');

const config: TestRunnerConfig = {
  setup() {
    expect.extend({ toMatchImageSnapshot });
  },

  async preVisit(page, context) {
    const { parameters } = await getStoryContext(page, context);
    await page.setViewportSize(parameters.screen === 'phone' ? PHONE : DESKTOP);
    await injectAxe(page);
  },

  async postVisit(page, context) {
    // A failed play function is the failure to report; a snapshot taken after it would only
    // replace its message with a pixel diff.
    if (context.hasFailure) return;
    const { parameters } = await getStoryContext(page, context);

    // 'v2': silent when clean, a detailed failure (rule, element, fix) on any violation.
    await checkA11y(
      page,
      '#storybook-root',
      { axeOptions: { rules: { region: { enabled: false } } } },
      false,
      'v2',
    );

    const skip = parameters.visual?.skip;
    if (typeof skip === 'string' && skip.trim() !== '') return;

    await waitForPageReady(page);
    // Let images decode and toasts/menus settle before the picture is taken.
    await page.evaluate(async () => {
      await Promise.all(
        Array.from(document.images)
          .filter((img) => !img.complete)
          .map((img) => img.decode().catch(() => undefined)),
      );
    });
    // Shoot until two pictures in a row are identical (as Playwright's toHaveScreenshot does), so
    // a frame caught mid-raster on a loaded machine never reaches the comparison.
    const shoot = () => page.screenshot({ animations: 'disabled', caret: 'hide', fullPage: true });
    let image = await shoot();
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const next = await shoot();
      if (next.equals(image)) break;
      image = next;
    }
    expect(image).toMatchImageSnapshot({
      customSnapshotsDir: snapshotsDir,
      customDiffDir: path.join(snapshotsDir, '..', '__diff_output__'),
      customSnapshotIdentifier: context.id,
      failureThreshold: 0,
      failureThresholdType: 'pixel',
      customDiffConfig: { threshold: 0 },
      storeReceivedOnFailure: true,
    });
  },
};

export default config;
