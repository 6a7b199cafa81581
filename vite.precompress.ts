/**
 * After the app built for the Node server is written (its prerendered pages too: this runs in
 * `closeBundle`, after vite.prerender.ts's `writeBundle`), each text file of 1 KiB or more gets a
 * Brotli (`.br`, best quality) and a gzip (`.gz`) twin beside it. The server sends the twin the
 * browser accepts (src/server/staticFiles.ts), so compressing costs nothing per request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const TEXT = /\.(html|js|mjs|css|svg|json|txt|xml|map)$/;
const MIN_BYTES = 1024;

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'murmur-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      if (config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter(
        (file) => TEXT.test(file) && statSync(path.join(outDir, file)).size >= MIN_BYTES,
      );
      for (const file of files) {
        const source = readFileSync(path.join(outDir, file));
        const brotli = brotliCompressSync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        });
        writeFileSync(path.join(outDir, `${file}.br`), brotli);
        writeFileSync(path.join(outDir, `${file}.gz`), gzipSync(source, { level: 9 }));
      }
      config.logger.info(`precompressed ${files.length} files (.br, .gz)`);
    },
  };
}
