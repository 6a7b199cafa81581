/** Sign-up, login, sessions and token checks. */
import type { LoginResponse, MessageResponse, SignupResponse } from '../api/types';
import { formatTimestamp } from './clock';
import type { ServiceContext } from './context';
import { HttpError } from './errors';
import { createId } from './ids';
import { MESSAGES } from './messages';
import type { UserRow } from './store';
import { changePasswordBody, loginBody, signupBody } from '../api/bodies';
import { avatarFields, sentAvatar, userOf } from './users';
import { parseBody } from './validation';

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
  if ((await ctx.store.readEach((reads) => reads.users.byUsername(username))) !== undefined) {
    throw new HttpError(422, MESSAGES.usernameTaken);
  }
  const avatar = await sentAvatar(ctx, undefined, profile);
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
    profile: '',
    createdAt: formatTimestamp(now),
    updatedAt: formatTimestamp(now),
  };
  const sessionId = newSessionId(ctx);
  const { user: createdUser } = await ctx.store.write(async (writes) => {
    const { profile: avatarLink, profileMedia } = await avatarFields(ctx, writes, avatar);
    // Never empty: a new account shows the default picture, as a link any client can load.
    created.profile = avatarLink === '' ? ctx.defaultAvatar : avatarLink;
    if (profileMedia !== undefined) created.profileMedia = profileMedia;
    if (!(await writes.users.insert(created))) throw new HttpError(422, MESSAGES.usernameTaken);
    await writes.sessions.open(created._id, sessionId, created.createdAt);
    return userOf(writes, created._id);
  });
  return {
    createdUser,
    encodedToken: await ctx.tokens.sign({ userId: created._id, username, sessionId }),
  };
}

export async function login(ctx: ServiceContext, body: unknown): Promise<LoginResponse> {
  const { username, password } = parseBody(loginBody, body);
  const user = await ctx.store.readEach((reads) => reads.users.byUsername(username));
  if (user === undefined) throw new HttpError(404, MESSAGES.usernameNotRegistered);
  if (!(await ctx.passwords.verify(password, user.passwordHash))) {
    throw new HttpError(401, MESSAGES.invalidCredentials);
  }
  const sessionId = newSessionId(ctx);
  const gone = new HttpError(404, MESSAGES.usernameNotRegistered);
  const { user: foundUser } = await ctx.store.write(async (writes) => {
    // Gone meanwhile (a demo reset): as if it had never been there.
    if ((await writes.users.get(user._id)) === undefined) throw gone;
    await writes.sessions.open(user._id, sessionId, formatTimestamp(ctx.now()));
    return userOf(writes, user._id, gone);
  });
  return {
    foundUser,
    encodedToken: await ctx.tokens.sign({
      userId: user._id,
      username: user.username,
      sessionId,
    }),
  };
}

/**
 * A new session's id. It need not be secret: only a token signed here can name it, and a token
 * for a session that was closed is refused.
 */
const newSessionId = (ctx: ServiceContext): string => createId('session', ctx.now());

/** Who a call speaks for: the person and the session their token belongs to. */
export interface Actor {
  userId: string;
  sessionId: string;
}

/**
 * The person a raw `authorization` header value speaks for. Missing, tampered, expired, logged
 * out, or naming a person who does not exist (any more): 401 'The token is invalid…', never a 404
 * that would say which ids exist. One read: the person and the session together.
 */
export async function authenticate(ctx: ServiceContext, token: string | null): Promise<Actor> {
  const claims = token === null || token === '' ? null : await ctx.tokens.verify(token);
  const valid =
    claims !== null &&
    (await ctx.store.sessionHolder(claims.userId, claims.sessionId)) === claims.username;
  if (!valid) throw new HttpError(401, MESSAGES.invalidToken);
  return { userId: claims.userId, sessionId: claims.sessionId };
}

/** Ends the caller's session: its token is refused from now on, on every device and tab. */
export async function logout(ctx: ServiceContext, actor: Actor): Promise<MessageResponse> {
  await ctx.store.write(async (writes) => {
    if (!(await writes.sessions.close(actor.userId, actor.sessionId))) {
      throw new HttpError(401, MESSAGES.invalidToken);
    }
  });
  return { message: MESSAGES.loggedOut };
}

/**
 * A new password, the current one required: every other session of the person ends (a thief's
 * included), the caller's stays. The new password follows the sign-up rule.
 */
export async function changePassword(
  ctx: ServiceContext,
  actor: Actor,
  body: unknown,
): Promise<MessageResponse> {
  const { currentPassword, newPassword } = parseBody(changePasswordBody, body);
  const user = await ctx.store.readEach((reads) => reads.users.get(actor.userId));
  if (user === undefined) throw new HttpError(401, MESSAGES.invalidToken);
  if (!(await ctx.passwords.verify(currentPassword, user.passwordHash))) {
    throw new HttpError(400, MESSAGES.wrongCurrentPassword);
  }
  const passwordHash = await ctx.passwords.hash(newPassword);
  await ctx.store.write(async (writes) => {
    // Changed meanwhile by another session, or that session logged out: refuse rather than race.
    const now = await writes.users.get(actor.userId);
    if (now?.passwordHash !== user.passwordHash) throw new HttpError(401, MESSAGES.invalidToken);
    if (!(await writes.sessions.has(actor.userId, actor.sessionId))) {
      throw new HttpError(401, MESSAGES.invalidToken);
    }
    await writes.users.update(actor.userId, {
      passwordHash,
      updatedAt: formatTimestamp(ctx.now()),
    });
    await writes.sessions.closeOthers(actor.userId, actor.sessionId);
  });
  return { message: MESSAGES.passwordChanged };
}
