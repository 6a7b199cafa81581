import { http } from 'msw';
import * as search from '../service/search';
import type { HandlerDeps } from './deps';

/** An addition to the contract: `GET /search?q=`, open to anyone like the other reads. */
export const searchHandlers = ({ base, ctx, route }: HandlerDeps) => [
  http.get(
    `${base}/search`,
    route.open(200, ({ query }) => search.search(ctx, query('q'))),
  ),
];
