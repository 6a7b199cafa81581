import { http } from 'msw';
import * as demo from '../service/demo';
import type { HandlerDeps } from './deps';

export const demoHandlers = ({ base, ctx, route }: HandlerDeps) => [
  http.post(
    `${base}/demo/reset`,
    route.authed(200, ({ actorId }) => demo.resetDemoData(ctx, actorId)),
  ),
];
