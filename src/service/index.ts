/**
 * The API's rules as plain functions over a store (src/service/store.ts; no MSW, no SQL here):
 * one place to read what every endpoint does. `createServiceContext` binds them to one store.
 */
import { defaultAvatarLink } from '../api/images';
import { ENDPOINTS } from '../api/endpoints';
import * as auth from './auth';
import * as comments from './comments';
import type { ServiceContext } from './context';
import * as demo from './demo';
import * as feeds from './feeds';
import type { ImageCodec } from './images';
import * as inbox from './inbox';
import * as inlineImages from './inlineImages';
import * as media from './media';
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
  /** The image codec; without one, an upload is a 500 that says so. */
  images?: ImageCodec;
  /** The API's base as media links start with it: '/api' by default. */
  apiBase?: string;
}

/** A codec for a host that has none: uploads fail loudly instead of storing nothing. */
const NO_CODEC: ImageCodec = {
  process: () => Promise.reject(new Error('This host has no image codec')),
};

export function createServiceContext({
  store,
  now = () => new Date(),
  tokens = createTokenService({ now }),
  passwords = demoPasswords,
  demoReset = true,
  defaultAvatar = defaultAvatarLink('/'),
  images = NO_CODEC,
  apiBase = '/api',
}: ServiceOptions): ServiceContext {
  // Where the endpoint table serves media files: its path without the file's name.
  const mediaBase = `${apiBase}${ENDPOINTS.mediaFile.path.replace(':name', '')}`;
  return { store, tokens, passwords, now, demoReset, defaultAvatar, images, mediaBase };
}

export { auth, comments, demo, feeds, inbox, inlineImages, media, posts, search, users };
