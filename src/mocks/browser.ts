/**
 * The mock API in the assembled app: a database persisted to IndexedDB (it survives reloads) served by the MSW
 * Service Worker with a 400 ms delay. The worker script comes from the msw/vite plugin.
 *
 * Starting the worker survives quick reloads. MSW's worker unregisters itself when its last
 * page closes, so a page loading just as the previous one closes can find a registration that
 * is going away: MSW's un-awaited `registration.update()` then rejects ('Failed to update a
 * ServiceWorker … Not found'), and the new page may end up uncontrolled. So: that rejection is
 * expected and kept out of the console's uncaught errors; the start has a time limit; and once
 * started, a probe request must come back from the worker. If it does not, the page clears the
 * registration and loads again, once; if it still cannot start, `startMockApi` rejects and the
 * app shows its mock-unavailable screen.
 */
import { http, HttpResponse } from 'msw';
import { setupWorker, type SetupWorker } from 'msw/browser';
import { openDatabase, type Database } from './db/database';
import { createIndexedDbStorage } from './db/storage';
import { createIndexedDbMediaStorage } from './db/mediaStorage';
import { inlineImages } from '../service';
import { createHandlers, mockServiceContext } from './handlers';
import { createEventLog } from './db/eventLog';

/** The channel the tabs' mock APIs share their live events on. */
const LIVE_EVENTS_CHANNEL = 'murmur:live';
import { createBrowserImageCodec } from './imageCodec';

export interface MockApiOptions {
  /** Response delay in ms; the spec's 400 by default. */
  delayMs?: number;
  /** IndexedDB database the demo data lives in. */
  storage?: { databaseName: string };
}

export interface MockApiHandle {
  worker: SetupWorker;
  db: Database;
  stop(): Promise<void>;
}

export const APP_DELAY_MS = 400;
/** A first start installs the worker; anything near this long means it is not coming. */
export const START_TIMEOUT_MS = 15_000;
/** Answered by the worker alone (not part of the API): proves requests reach the mock. */
export const PROBE_PATH = '__mock-api/ready';
/**
 * How long the probe may take to reach a freshly started worker. Generous: the page loads again
 * when it runs out, and what the person was typing meanwhile is gone, so it must only run out
 * when the worker is not coming (a loaded 2-core machine has taken seconds to hand a page over).
 */
const PROBE_PATIENCE_MS = 10_000;
const RETRIED_KEY = 'murmur:mock-api-restarted';

/** The rejection of MSW's un-awaited `registration.update()` on a registration going away. */
export function isWorkerUpdateFailure(reason: unknown): boolean {
  return (
    typeof reason === 'object' &&
    reason !== null &&
    'message' in reason &&
    typeof reason.message === 'string' &&
    reason.message.startsWith('Failed to update a ServiceWorker')
  );
}

function keepWorkerUpdateFailuresQuiet(): void {
  window.addEventListener('unhandledrejection', (event) => {
    if (!isWorkerUpdateFailure(event.reason)) return;
    event.preventDefault();
    console.info('[mock api] The previous page retired its worker while this one started.');
  });
}

function withinTime<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

async function probeOnce(base: string): Promise<boolean> {
  try {
    const response = await fetch(`${base}${PROBE_PATH}`, { cache: 'no-store' });
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null && 'ready' in body && body.ready === true;
  } catch {
    return false;
  }
}

/**
 * Whether the worker answers the page's requests. Right after `start()` a loaded machine may
 * not have handed the page to the worker yet (the request then reaches the static host), so the
 * probe is tried again for a while before the worker counts as unreachable.
 */
async function workerAnswers(base: string): Promise<boolean> {
  const deadline = Date.now() + PROBE_PATIENCE_MS;
  for (;;) {
    if (await probeOnce(base)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Clears the mock's registrations and loads the page again, once per failure streak. Says so in
 * the console: a page that loads again by itself is otherwise a mystery to whoever watches it.
 */
async function restartOnce(failure: unknown): Promise<boolean> {
  if (sessionStorage.getItem(RETRIED_KEY) !== null) return false;
  sessionStorage.setItem(RETRIED_KEY, String(Date.now()));
  console.warn('[mock api] Loading the page again, once:', String(failure));
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
  location.reload();
  return true;
}

export async function startMockApi(options: MockApiOptions = {}): Promise<MockApiHandle> {
  const base = import.meta.env.BASE_URL;
  keepWorkerUpdateFailuresQuiet();
  // The stored database is read while the worker starts (each takes about as long as the other
  // on a cold load); the worker answers only the probe until the API's handlers join it below,
  // and no call of the app's is sent before this function resolves (its client waits for it).
  const probe = http.get(`${base}${PROBE_PATH}`, () => HttpResponse.json({ ready: true }));
  const worker = setupWorker(probe);
  const opened = openDatabase(createIndexedDbStorage(options.storage));
  // Settled here, so a rejection while the worker starts is not an unhandled one.
  opened.catch(() => undefined);
  let started = false;
  let failure: unknown;
  try {
    await withinTime(
      worker.start({
        quiet: true,
        onUnhandledFrame: 'bypass',
        serviceWorker: { url: `${base}mockServiceWorker.js` },
      }),
      START_TIMEOUT_MS,
      'Starting the mock service worker',
    );
    started = await workerAnswers(base);
    if (!started) {
      failure = new Error('The mock service worker started, but requests do not reach it.');
    }
  } catch (error) {
    failure = error;
  }
  if (started) {
    sessionStorage.removeItem(RETRIED_KEY);
    // A database that cannot be read rejects here: the app says the mock is unavailable (a
    // reload would not help it, unlike a worker that did not start).
    const db = await opened;
    const images = createBrowserImageCodec();
    const media = createIndexedDbMediaStorage();
    // What this tab's calls change reaches the streams open in the other tabs, and theirs this.
    const events = createEventLog({ channel: LIVE_EVENTS_CHANNEL });
    worker.resetHandlers(
      ...createHandlers({
        db,
        delayMs: options.delayMs ?? APP_DELAY_MS,
        appBase: base,
        images,
        media,
        events,
      }),
      probe,
    );
    // Pictures an older version of the app kept inline become media, in the background (as the
    // server does when it starts: src/service/inlineImages.ts).
    inlineImages
      .convertInlineImages(mockServiceContext(db, { appBase: base, images, media, events }))
      .catch((error: unknown) =>
        console.error('[mock api] Making inline pictures into media failed', error),
      );
    return { worker, db, stop: async () => worker.stop() };
  }
  // The page is about to load again: never settle, so nothing shows a failure meanwhile.
  if (await restartOnce(failure)) return new Promise<never>(() => undefined);
  sessionStorage.removeItem(RETRIED_KEY);
  throw failure instanceof Error ? failure : new Error(String(failure));
}
