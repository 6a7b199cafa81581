/** Sign-up, login and token checks. */
import type { LoginResponse, SignupResponse } from '../../api/types';
import { findRecord } from '../db/records';
import type { UserRecord } from '../db/schema';
import { formatTimestamp } from './clock';
import type { ServiceContext } from './context';
import { HttpError } from './errors';
import { createId } from './ids';
import { MESSAGES } from './messages';
import { hashPassword, verifyPassword } from './passwords';
import { loginBody, parseBody, signupBody } from './validation';
import { createViews } from './views';

const sameUsername = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Only the known profile fields are kept; anything else sent (an `_id`, followers,
 * bookmarks, confirmPassword) is ignored. Usernames are unique regardless of letter case.
 */
export async function signup(ctx: ServiceContext, body: unknown): Promise<SignupResponse> {
  const { firstName, lastName, username, password, bio, link, profile } = parseBody(
    signupBody,
    body,
  );
  if (ctx.db.state.users.some((user) => sameUsername(user.username, username))) {
    throw new HttpError(422, MESSAGES.usernameTaken);
  }
  const passwordHash = await hashPassword(password);

  const now = ctx.now();
  const created: UserRecord = {
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
    followerIds: [],
    followingIds: [],
    bookmarkIds: [],
  };
  ctx.db.write((draft) => {
    // Checked again inside the write: another sign-up may have finished while we were hashing.
    if (findRecord(draft.users, (user) => sameUsername(user.username, username))) {
      throw new HttpError(422, MESSAGES.usernameTaken);
    }
    draft.users.push(created);
  });
  return {
    createdUser: createViews(ctx.db.state).user(created),
    encodedToken: await ctx.tokens.sign({ userId: created._id, username }),
  };
}

export async function login(ctx: ServiceContext, body: unknown): Promise<LoginResponse> {
  const { username, password } = parseBody(loginBody, body);
  const user = ctx.db.state.users.find((candidate) => sameUsername(candidate.username, username));
  if (user === undefined) throw new HttpError(404, MESSAGES.usernameNotRegistered);
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw new HttpError(401, MESSAGES.invalidCredentials);
  }
  return {
    foundUser: createViews(ctx.db.state).user(user),
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
    claims === null
      ? undefined
      : ctx.db.state.users.find(
          (candidate) => candidate._id === claims.userId && candidate.username === claims.username,
        );
  if (user === undefined) throw new HttpError(401, MESSAGES.invalidToken);
  return user._id;
}
