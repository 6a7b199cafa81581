/**
 * The mock API in the assembled app: a database persisted to IndexedDB (it survives reloads) served by the MSW
 * Service Worker with a 400 ms delay. The worker script comes from the msw/vite plugin.
 */
import { setupWorker, type SetupWorker } from 'msw/browser';
import { openDatabase, type Database } from './db/database';
import { createIndexedDbStorage } from './db/indexedDbStorage';
import { createHandlers } from './handlers';

export interface MockApiOptions {
  /** Response delay in ms; the spec's 400 by default. */
  delayMs?: number;
  /** IndexedDB database and key the demo data lives under. */
  storage?: { databaseName: string; key: string };
}

export interface MockApiHandle {
  worker: SetupWorker;
  db: Database;
  stop(): Promise<void>;
}

export const APP_DELAY_MS = 400;

export async function startMockApi(options: MockApiOptions = {}): Promise<MockApiHandle> {
  const db = await openDatabase(createIndexedDbStorage(options.storage));
  const worker = setupWorker(
    ...createHandlers({
      db,
      delayMs: options.delayMs ?? APP_DELAY_MS,
      appBase: import.meta.env.BASE_URL,
    }),
  );
  await worker.start({
    quiet: true,
    onUnhandledFrame: 'bypass',
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  });
  return {
    worker,
    db,
    stop: async () => {
      await worker.stop();
    },
  };
}
