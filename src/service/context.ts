import type { PasswordHasher } from './passwords';
import type { Store } from './store';
import type { TokenService } from './tokens';

/** What every service function works with: storage, the clock, the token signer, the hasher. */
export interface ServiceContext {
  store: Store;
  tokens: TokenService;
  passwords: PasswordHasher;
  now: () => Date;
  /** Whether any signed-in person may put the seed back for everyone (the demo's button). */
  demoReset: boolean;
  /** The link a new account's avatar gets when none is sent: the bundled default picture. */
  defaultAvatar: string;
}
