/** Sign-up, login and token checks. */
import type { LoginResponse, SignupResponse } from '../api/types';
import { formatTimestamp } from './clock';
import type { ServiceContext } from './context';
import { HttpError } from './errors';
import { createId } from './ids';
import { findUser } from './lookup';
import { MESSAGES } from './messages';
import type { UserRow } from './store';
import { loginBody, parseBody, signupBody } from './validation';
import { createViews } from './views';

/**
 * Only the known profile fields are kept; anything else sent (an `_id`, followers,
 * bookmarks, confirmPassword) is ignored. Usernames are unique regardless of letter case.
 */
export async function signup(ctx: ServiceContext, body: unknown): Promise<SignupResponse> {
  const { firstName, lastName, username, password, bio, link, profile } = parseBody(
    signupBody,
    body,
  );
  // Asked first so a taken name is refused without the cost of hashing; the store refuses it
  // again, atomically, should another sign-up take it meanwhile.
  if ((await ctx.store.read((reads) => reads.users.byUsername(username))) !== undefined) {
    throw new HttpError(422, MESSAGES.usernameTaken);
  }
  const passwordHash = await ctx.passwords.hash(password);
  const now = ctx.now();
  const created: UserRow = {
    _id: createId('user', now),
    firstName,
    lastName,
    username,
    passwordHash,
    bio,
    link,
    profile,
    createdAt: formatTimestamp(now),
    updatedAt: formatTimestamp(now),
  };
  await ctx.store.write(async (writes) => {
    if (!(await writes.users.insert(created))) throw new HttpError(422, MESSAGES.usernameTaken);
  });
  const createdUser = await ctx.store.read(async (reads) => {
    const state = await reads.snapshot();
    return createViews(state).user(findUser(state, created._id));
  });
  return {
    createdUser,
    encodedToken: await ctx.tokens.sign({ userId: created._id, username }),
  };
}

export async function login(ctx: ServiceContext, body: unknown): Promise<LoginResponse> {
  const { username, password } = parseBody(loginBody, body);
  const user = await ctx.store.read((reads) => reads.users.byUsername(username));
  if (user === undefined) throw new HttpError(404, MESSAGES.usernameNotRegistered);
  if (!(await ctx.passwords.verify(password, user.passwordHash))) {
    throw new HttpError(401, MESSAGES.invalidCredentials);
  }
  const foundUser = await ctx.store.read(async (reads) => {
    const state = await reads.snapshot();
    return createViews(state).user(findUser(state, user._id));
  });
  return {
    foundUser,
    encodedToken: await ctx.tokens.sign({ userId: user._id, username: user.username }),
  };
}

/**
 * The user a raw `authorization` header value speaks for. Missing, tampered, expired, or naming a
 * user who does not exist (any more): 401 'The token is invalid…', never a 404 that would say which ids exist.
 */
export async function authenticate(ctx: ServiceContext, token: string | null): Promise<string> {
  const claims = token === null || token === '' ? null : await ctx.tokens.verify(token);
  const user =
    claims === null ? undefined : await ctx.store.read((reads) => reads.users.get(claims.userId));
  if (user === undefined || claims === null || user.username !== claims.username) {
    throw new HttpError(401, MESSAGES.invalidToken);
  }
  return user._id;
}
