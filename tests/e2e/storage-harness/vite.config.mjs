// Builds the storage harness page for tests/e2e/storage.property.mjs.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  logLevel: 'warn',
  build: { emptyOutDir: true },
});
