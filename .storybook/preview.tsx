import type { Decorator, Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { addons } from 'storybook/preview-api';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import '../src/components/ui/font';
import { GlobalStyle } from '../src/components/ui/GlobalStyle';
import { theme } from '../src/components/ui/theme';
import { storyApi } from '../src/mocks/storybook';
import { a11y } from './a11y';
import { ComponentPage } from './blocks/ComponentPage';
import { ThemedDocsContainer } from './blocks/ThemedDocsContainer';
import { previewUrl } from './docs';
import { withDocsFocus } from './docsFocus';
import { pinClock } from './clock';
import { plainControls } from './controls';
import { MOCK_DATA_RESET, RESET_MOCK_DATA } from './mockData';
import { schemeOf, THEME_GLOBAL } from './themeGlobal';
import { viewportOptions } from './viewports';

declare module 'storybook/internal/csf' {
  interface Parameters {
    /** Router for the story: MemoryRouter at `initialEntries` (default `['/']`); `false` for none. */
    router?: false | { initialEntries?: string[] };
    /** 'phone' resizes the test-runner page to 390 × 844 before the story renders. */
    screen?: 'phone' | 'desktop';
  }
}

declare global {
  /** Where addon-docs points the iframes of stories it shows in iframes (see docs.ts). */
  var PREVIEW_URL: string | undefined;
}
// Where the iframes of docs pages point (see docs.ts); ThemedDocsContainer adds the theme.
globalThis.PREVIEW_URL ??= previewUrl('light');

/**
 * Every story in the toolbar's theme, so that every story can be seen in both. As in the app,
 * the components' theme is one (its colours are CSS custom properties) and `data-theme` on
 * `<html>` picks the scheme. It is set while rendering, before anything is drawn, so the story
 * never shows in the other scheme first; switching redraws nothing but the colours.
 */
const withTheme: Decorator = (Story, { globals }) => {
  document.documentElement.setAttribute('data-theme', schemeOf(globals));
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <Story />
    </ThemeProvider>
  );
};

const withRouter: Decorator = (Story, { parameters }) => {
  if (parameters.router === false) return <Story />;
  return (
    <MemoryRouter initialEntries={parameters.router?.initialEntries ?? ['/']}>
      <Story />
    </MemoryRouter>
  );
};

const preview: Preview = {
  decorators: [withRouter, withTheme, withDocsFocus],
  argTypesEnhancers: [plainControls],
  globalTypes: {
    [THEME_GLOBAL]: {
      description: 'Murmur’s theme for the stories and docs pages',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { [THEME_GLOBAL]: 'light' },
  // The toolbar's 'Reset mock data' (manager.tsx): restore the seed, then the manager remounts
  // the story.
  beforeAll: () => {
    const channel = addons.getChannel();
    channel.on(RESET_MOCK_DATA, ({ storyId }: { storyId: string }) => {
      void storyApi.reset().then(() => channel.emit(MOCK_DATA_RESET, { storyId }));
    });
  },
  loaders: [
    // MSW 3: give the addon our own start so that unhandled requests use the v3 option name.
    // The full mock API is the worker's initial handlers, so it survives the per-story reset;
    // a story's `parameters.msw.handlers` take precedence over it.
    mswLoader(async () => {
      const worker = setupWorker(...storyApi.handlers);
      await worker.start({ quiet: true, onUnhandledFrame: 'bypass' });
      return worker;
    }),
  ],
  // A fresh in-memory copy of the seed and a clock back at STORY_NOW for every story: stories
  // never see each other's writes, and their pictures do not depend on the order they run in.
  beforeEach: async () => {
    pinClock();
    await storyApi.reset();
  },
  parameters: {
    layout: 'fullscreen',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    viewport: { options: viewportOptions },
    a11y,
    docs: { page: ComponentPage, container: ThemedDocsContainer },
    options: {
      storySort: {
        order: [
          'Introduction',
          'Guides',
          ['Design tokens', 'Writing stories', 'Mock API'],
          'Foundation',
          'UI',
          'Post',
          'User',
          'Layout',
          'Screens',
          'App',
          'API',
        ],
      },
    },
  },
  tags: ['autodocs'],
};

export default preview;
