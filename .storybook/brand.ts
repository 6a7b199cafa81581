import { create } from 'storybook/theming';
import { darkTheme, lightTheme } from '../src/components/ui/theme';

/**
 * Murmur's brand on Storybook's own frame: the wordmark at the top of the sidebar (it links to
 * the Introduction), 'Murmur' in the browser tab's title, and the app's violet for Storybook's
 * accents (the selected sidebar entry, links, focus rings) where Storybook's blue would be. The
 * manager (manager.tsx) is drawn in the light one; the docs pages in the one the toolbar's Theme
 * switch picks (blocks/ThemedDocsContainer.tsx). The colours are the theme's own values, so they
 * pass the same contrast checks as the app.
 */
const brand = {
  brandTitle: 'Murmur',
  brandUrl: './?path=/docs/introduction--docs',
  brandTarget: '_self',
  // Drawn from public/favicon.svg and the name in Inter Bold (staticDirs in main.ts serves it).
  brandImage: './brand/murmur-logo.png',
} as const;

export const murmurLight = create({
  ...brand,
  base: 'light',
  colorPrimary: lightTheme.colors.primary,
  colorSecondary: lightTheme.colors.primary,
});

export const murmurDark = create({
  ...brand,
  base: 'dark',
  colorPrimary: darkTheme.colors.primary,
  colorSecondary: darkTheme.colors.primary,
});
