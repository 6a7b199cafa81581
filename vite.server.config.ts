/**
 * The Node server as one compiled file, dist-server/server/main.js (`npm run build:server`), run
 * by plain `node`: no TypeScript loader at run time. A Vite SSR build of src/server/main.ts: our
 * own modules (the service, the API table, the rules) are bundled in; packages stay imports,
 * resolved from node_modules when it runs (the server runs from a clone, after `npm install`).
 */
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: false,
  build: {
    ssr: 'src/server/main.ts',
    outDir: 'dist-server/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: { output: { entryFileNames: 'main.js' } },
  },
});
