/**
 * The server under test: on the browser's memory store (the SQL store has its own tests) with its
 * rate limits counted in memory (the database's counters have their own tests), over a small built
 * app written to a temporary folder, with its log lines caught in an array.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase } from '../../../src/mocks/db/database';
import { GUEST_LOGIN_FILE } from '../../../src/paths';
import { createMemoryStore } from '../../../src/mocks/db/memoryStore';
import type { Store } from '../../../src/service/store';
import { createLogger } from '../../../src/server/logger';
import { createMemoryRateLimitCounter } from '../../../src/server/rateLimit';
import { createServer, type MurmurServer, type ServerOptions } from '../../../src/server/server';

/** The fixture page's inline boot script, byte for byte. */
export const BOOT_SCRIPT = '(function(){document.documentElement.dataset.boot="fresh"})()';
export const LOGIN_HTML = `<!doctype html><html><head><script>${BOOT_SCRIPT}</script><title>Log in</title><script type="module" crossorigin src="/assets/index-AbC123.js"></script></head><body><div id="root">login</div></body></html>`;
export const GUEST_LOGIN_HTML = `<!doctype html><html><head><script>${BOOT_SCRIPT}</script><title>Log in</title></head><body><div id="root">login, and the guest</div></body></html>`;
export const SIGNUP_HTML = `<!doctype html><html><head><script>${BOOT_SCRIPT}</script><title>Sign up</title></head><body><div id="root">signup</div></body></html>`;
export const SCRIPT = 'console.log("murmur");';
export const TOKEN_SECRET = 'a test secret that is long enough for HS256 signing';

export interface StaticDirOptions {
  /** Also the login page offering the guest (the server's build has it: GUEST_LOGIN_FILE). */
  guestPage?: boolean;
}

/** A built app in a fresh temporary folder: pages, one hashed asset (with a .br twin), a favicon. */
export function makeStaticDir({ guestPage = false }: StaticDirOptions = {}): {
  dir: string;
  remove: () => void;
} {
  const dir = mkdtempSync(path.join(tmpdir(), 'murmur-static-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'signup-page'));
  writeFileSync(path.join(dir, 'index.html'), LOGIN_HTML);
  if (guestPage) writeFileSync(path.join(dir, GUEST_LOGIN_FILE), GUEST_LOGIN_HTML);
  writeFileSync(path.join(dir, 'signup-page', 'index.html'), SIGNUP_HTML);
  writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), SCRIPT);
  writeFileSync(path.join(dir, 'assets', 'index-AbC123.js.br'), 'pretend-brotli');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface LogLine {
  level: string;
  time: string;
  msg: string;
  reqId?: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
  err?: { message: string; stack: string };
}

export interface TestServer extends MurmurServer {
  store: Store;
  logs: LogLine[];
  remove: () => void;
}

/** A server with test-friendly defaults; any option can be given. */
export function testServer(
  options: Partial<ServerOptions> = {},
  staticDir: StaticDirOptions = {},
): TestServer {
  const { dir, remove } = makeStaticDir(staticDir);
  const logs: LogLine[] = [];
  const store = options.store ?? createMemoryStore(createDatabase());
  const server = createServer({
    store,
    staticDir: dir,
    tokenSecret: TOKEN_SECRET,
    logger: createLogger({
      destination: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
    }),
    ...options,
    rateLimitCounter: options.rateLimitCounter ?? createMemoryRateLimitCounter(),
  });
  return Object.assign(server, { store, logs, remove });
}

/** A JSON request's init. */
export const postJson = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
