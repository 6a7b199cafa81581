import type { StoryObj } from '@storybook/react-vite';

/** The phone viewport of issue #5: 390 × 844 (an iPhone 12–15). */
export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/**
 * Spread into a story to show it at phone size, in the Storybook UI (viewport global) and in the
 * test-runner (which reads `parameters.screen` and resizes the page before the story renders).
 */
export const phoneStory = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: { screen: 'phone' },
} satisfies Partial<StoryObj>;

export const viewportOptions = {
  phone: { name: 'Phone (390 × 844)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
  desktop: {
    name: 'Desktop (1280 × 800)',
    styles: { width: '1280px', height: '800px' },
    type: 'desktop',
  },
} as const;
