/**
 * The Node server as one compiled file, dist-server/server/main.js (`npm run build:server`), run
 * by plain `node`: no TypeScript loader at run time. A Vite SSR build of src/server/main.ts: our
 * own modules (the service, the API table, the rules) are bundled in; packages stay imports,
 * resolved from node_modules when it runs (the server runs from a clone, after `npm install`).
 */
import { cpSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

const OUT_DIR = 'dist-server/server';

/**
 * The SQL migrations beside the bundle: the store finds them at `./migrations` next to its own
 * module (src/server/db/connect.ts), which in the bundle is main.js.
 */
function copyMigrations(): Plugin {
  let outDir = OUT_DIR;
  return {
    name: 'murmur:copy-migrations',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      cpSync('src/server/db/migrations', `${outDir}/migrations`, { recursive: true });
    },
  };
}

export default defineConfig({
  publicDir: false,
  plugins: [copyMigrations()],
  build: {
    ssr: 'src/server/main.ts',
    outDir: OUT_DIR,
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: { output: { entryFileNames: 'main.js' } },
  },
});
