/**
 * The mock server's rules as plain functions over the database (no MSW here): one place to read
 * what every endpoint does. `createServices` binds them to one context.
 */
import type { Database } from '../db/database';
import * as auth from './auth';
import * as comments from './comments';
import * as demo from './demo';
import type { ServiceContext } from './context';
import * as posts from './posts';
import * as search from './search';
import { createTokenService, type TokenService } from './tokens';
import * as users from './users';

export interface ServiceOptions {
  db: Database;
  tokens?: TokenService;
  now?: () => Date;
}

export function createServiceContext({
  db,
  now = () => new Date(),
  tokens = createTokenService({ now }),
}: ServiceOptions): ServiceContext {
  return { db, tokens, now };
}

export { auth, comments, demo, posts, search, users };
