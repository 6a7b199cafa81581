import react from '@vitejs/plugin-react';
import { msw } from 'msw/vite';
import { defineConfig } from 'vite';

// BASE_URL lets `dist/` be served from a sub-path (e.g. BASE_URL=/murmur/ npm run build).
const base = process.env.BASE_URL ?? '/';

export default defineConfig({
  base,
  // `worker-only`: serve mockServiceWorker.js in dev and emit it next to every client bundle
  // (the app's dist/ and storybook-static/), so the worker always matches the installed msw.
  plugins: [react(), msw({ mode: 'worker-only' })],
  // The manifest lets `npm run size` measure what the login page needs before its first paint.
  build: { manifest: true },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
});
