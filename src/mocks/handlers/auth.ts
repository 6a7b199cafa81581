import { http } from 'msw';
import { login, signup } from '../service/auth';
import type { HandlerDeps } from './deps';

export const authHandlers = ({ base, ctx, route }: HandlerDeps) => [
  http.post(
    `${base}/auth/signup`,
    route.open(201, ({ body }) => signup(ctx, body)),
  ),
  http.post(
    `${base}/auth/login`,
    route.open(200, ({ body }) => login(ctx, body)),
  ),
];
