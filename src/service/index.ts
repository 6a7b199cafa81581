/**
 * The API's rules as plain functions over a store (src/service/store.ts; no MSW, no SQL here):
 * one place to read what every endpoint does. `createServiceContext` binds them to one store.
 */
import * as auth from './auth';
import * as comments from './comments';
import type { ServiceContext } from './context';
import * as demo from './demo';
import { demoPasswords, type PasswordHasher } from './passwords';
import * as posts from './posts';
import * as search from './search';
import type { Store } from './store';
import { createTokenService, type TokenService } from './tokens';
import * as users from './users';

export interface ServiceOptions {
  store: Store;
  tokens?: TokenService;
  passwords?: PasswordHasher;
  now?: () => Date;
  /** Whether 'Reset demo data' may put the seed back for everyone; on by default (the mock). */
  demoReset?: boolean;
}

export function createServiceContext({
  store,
  now = () => new Date(),
  tokens = createTokenService({ now }),
  passwords = demoPasswords,
  demoReset = true,
}: ServiceOptions): ServiceContext {
  return { store, tokens, passwords, now, demoReset };
}

export { auth, comments, demo, posts, search, users };
