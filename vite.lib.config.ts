import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The library is always built for production (the automatic JSX runtime, not the dev one),
// whatever NODE_ENV the caller runs with: Vitest, which runs `npm pack` in tests/consumer, sets
// 'test'.
process.env.NODE_ENV = 'production';

/**
 * The library's modules have no side effects but the font's, as package.json's `sideEffects`
 * tells consumers (its `./src/**` entry keeps the app's and Storybook's builds as they were).
 * Said here too, at the highest precedence, so this build does not keep bare imports of modules
 * whose bindings it moved (a PostCard importing `../ui/index.js` only to keep its "effects").
 */
function pureModules(): Plugin {
  return {
    name: 'murmur:pure-modules',
    transform(code, id) {
      if (!id.includes('/src/') || id.endsWith('/font.ts')) return null;
      return { code, moduleSideEffects: false };
    },
  };
}

/**
 * `npm run build:lib`: the component library as an installable package in lib/ (tsconfig.lib.json
 * adds the type declarations). ES modules, one file per source module (preserveModules), so a
 * consumer's bundler keeps only the components it imports; every package the components import
 * stays an import (react, styled-components, lucide-react…): package.json lists them as peer or
 * plain dependencies. No minifying: the consumer's bundler does that.
 */
export default defineConfig({
  plugins: [react(), pureModules()],
  publicDir: false,
  build: {
    outDir: 'lib',
    emptyOutDir: true,
    minify: false,
    sourcemap: false,
    lib: {
      entry: ['src/components/index.ts', 'src/components/ui/font.ts'],
      formats: ['es'],
    },
    rolldownOptions: {
      // A bare specifier is a package: never bundled into the library.
      external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0'),
      output: { preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js' },
    },
  },
});
