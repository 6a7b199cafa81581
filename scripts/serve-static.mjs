// A static file server for built output (storybook-static/, dist/) on 127.0.0.1, with an SPA
// fallback to index.html. Used by the test scripts, which start and stop it themselves.
import { createServer } from 'node:http';
import sirv from 'sirv';

/**
 * @param {string} dir folder to serve
 * @param {{ port?: number, base?: string, single?: boolean, cache?: boolean, gzip?: boolean }} [options]
 *   `cache`: let the browser keep what it fetched for the run (the files do not change while it
 *   lasts), so a page that loads the same bundle in many iframes compiles it once.
 *   `gzip`: serve `file.gz` beside a file to clients that accept gzip (the bench precompresses).
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export function serveStatic(
  dir,
  { port = 0, base = '/', single = true, cache = false, gzip = false } = {},
) {
  const serve = sirv(
    dir,
    cache ? { single, gzip, maxAge: 3600 } : { dev: true, single, gzip, etag: false },
  );
  const server = createServer((request, response) => {
    const url = request.url ?? '/';
    if (!url.startsWith(base)) {
      response.statusCode = 404;
      response.end('Not found');
      return;
    }
    request.url = `/${url.slice(base.length)}`;
    serve(request, response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      resolve({
        url: `http://127.0.0.1:${actualPort}${base}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
