import type { ImageCodec } from './images';
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
  /** Decodes and encodes uploaded images (sharp on the server, the canvas in the browser). */
  images: ImageCodec;
  /** Where media files are linked from: the API's base + the media file endpoint's folder. */
  mediaBase: string;
}
