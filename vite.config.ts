import react from '@vitejs/plugin-react';
import { msw } from 'msw/vite';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { themeBootScript } from './src/app/themeBoot';
import { prerender } from './vite.prerender';

/**
 * The app's index.html gets the first-paint theme script (src/app/themeBoot.ts) inline in its
 * head, so a reload in dark mode is dark from the first frame. Storybook's iframe.html does not:
 * there the toolbar chooses the theme.
 */
function themeBoot(base: string): Plugin {
  return {
    name: 'murmur-theme-boot',
    transformIndexHtml: {
      order: 'pre',
      handler: (_html, { filename }) =>
        path.basename(filename) === 'index.html'
          ? [{ tag: 'script', children: themeBootScript(base), injectTo: 'head-prepend' }]
          : [],
    },
  };
}

// BASE_URL lets `dist/` be served from a sub-path (e.g. BASE_URL=/murmur/ npm run build).
const base = process.env.BASE_URL ?? '/';

export default defineConfig({
  base,
  // `worker-only`: serve mockServiceWorker.js in dev and emit it next to every client bundle
  // (the app's dist/ and storybook-static/), so the worker always matches the installed msw.
  // `prerender`: after the build, the first pages as HTML with their CSS (vite.prerender.ts).
  plugins: [themeBoot(base), react(), msw({ mode: 'worker-only' }), prerender()],
  // styled-components' ids from each component's file and place, not from the order modules
  // happen to load in: the prerendered HTML (vite.prerender.ts) and the browser's hydration
  // then agree on every class name, whichever lazy screen arrives first. Only that: the CSS
  // text is left as written.
  oxc: {
    plugins: {
      styledComponents: {
        ssr: true,
        displayName: false,
        fileName: false,
        transpileTemplateLiterals: false,
        minify: false,
        pure: false,
      },
    },
  },
  // The manifest lets `npm run size` measure what the login page needs before its first paint.
  build: { manifest: true },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
});
