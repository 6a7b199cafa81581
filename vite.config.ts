import react from '@vitejs/plugin-react';
import { msw } from 'msw/vite';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { SERVER_MODE } from './src/app/buildMode';
import { themeBootScript } from './src/app/themeBoot';
import { precompress } from './vite.precompress';
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

/**
 * Where the app built for the Node server goes (`vite build --mode server`): a folder of its own,
 * so that `npm run build` (dist/, the mock's) and the server's build never overwrite each other.
 * src/server/main.ts serves it from there.
 */
export const SERVER_APP_DIR = 'dist-server/app';

export default defineConfig(({ mode }) => {
  const forServer = mode === SERVER_MODE;
  // BASE_URL lets `dist/` be served from a sub-path (e.g. BASE_URL=/murmur/ npm run build); the
  // Node server serves its app at the root.
  const base = forServer ? '/' : (process.env.BASE_URL ?? '/');
  return {
    base,
    // `worker-only`: serve mockServiceWorker.js in dev and emit it next to every client bundle
    // (the app's dist/ and storybook-static/), so the worker always matches the installed msw;
    // not in the app built for the Node server, which has no mock (src/app/buildMode.ts).
    // `prerender`: after the build, the first pages as HTML with their CSS (vite.prerender.ts).
    plugins: [
      themeBoot(base),
      react(),
      ...(forServer ? [] : [msw({ mode: 'worker-only' })]),
      prerender(),
      // Brotli and gzip twins of its text files, which the server sends as they are.
      ...(forServer ? [precompress()] : []),
    ],
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
    // The one build-time flag of the app built for the Node server (src/app/buildMode.ts).
    define: { 'import.meta.env.MURMUR_SERVER_BUILD': JSON.stringify(forServer) },
    // The manifest lets `npm run size` measure what the login page needs before its first paint.
    build: { manifest: true, ...(forServer ? { outDir: SERVER_APP_DIR } : {}) },
    server: { host: '127.0.0.1', port: 5173 },
    preview: { host: '127.0.0.1', port: 4173 },
  };
});
