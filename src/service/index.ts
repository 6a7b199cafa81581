/**
 * The API's rules as plain functions over a store (src/service/store.ts; no MSW, no SQL here):
 * one place to read what every endpoint does. `createServiceContext` binds them to one store.
 */
import { defaultAvatarLink } from '../api/images';
import * as auth from './auth';
import * as comments from './comments';
import type { ServiceContext } from './context';
import * as demo from './demo';
import * as feeds from './feeds';
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
  /** Where the default avatar is served (the app's base path + its file); default at '/'. */
  defaultAvatar?: string;
}

export function createServiceContext({
  store,
  now = () => new Date(),
  tokens = createTokenService({ now }),
  passwords = demoPasswords,
  demoReset = true,
  defaultAvatar = defaultAvatarLink('/'),
}: ServiceOptions): ServiceContext {
  return { store, tokens, passwords, now, demoReset, defaultAvatar };
}

export { auth, comments, demo, feeds, posts, search, users };
