import type { RequestHandler } from 'msw';
import { createDatabase } from './db/database';
import { createHandlers } from './handlers';
import { createBrowserImageCodec } from './imageCodec';

/**
 * What Storybook needs from the mock API: the full API as the worker's initial handlers, bound to
 * one in-memory database, and `reset()` — run before every story — which gives that database a
 * fresh copy of the seed, so stories never see each other's writes. No delay by default; a story
 * that wants one uses `answerSlowly` from ./overrides.
 */
const db = createDatabase();

export const storyApi: { handlers: RequestHandler[]; reset: () => Promise<void> } = {
  handlers: createHandlers({ db, delayMs: 0, images: createBrowserImageCodec() }),
  // The state is replaced at once; the promise settles when the (absent) storage has saved.
  reset: () => db.reset(),
};

export {
  answerEmptyList,
  answerSlowly,
  ENDPOINT_KEYS,
  failEndpoint,
  neverAnswer,
  type Endpoint,
  type ListEndpoint,
} from './overrides';
