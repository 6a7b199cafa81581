import type { RequestHandler } from 'msw';

/**
 * What Storybook needs from the mock API: the full API as handlers and a way to give every story
 * a fresh copy of the seed. Filled in by the mock API (issue #3); until then stories get no API.
 */
export const storyApi: { handlers: RequestHandler[]; reset: () => void } = {
  handlers: [],
  reset: () => undefined,
};
