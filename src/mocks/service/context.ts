import type { Database } from '../db/database';
import type { TokenService } from './tokens';

/** What every service function works with: the database, the clock and the token signer. */
export interface ServiceContext {
  db: Database;
  tokens: TokenService;
  now: () => Date;
}
