/**
 * The contract suite's harness: one target per test file (tests/contract/targets.ts), the seed
 * back before every test, the typed client pointed at it, and the seeded people's tokens. The
 * same files run against the mock and against the Node server, so nothing here may know which.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { ApiError, createApiClient, type ApiClient } from '../../src/api/client';
import { GUEST_CREDENTIALS, type Post, type UserSummary } from '../../src/api/types';
import { SEED_PASSWORD } from '../../src/seed/users';
import type { DatabaseState, PostRecord, UserRecord } from '../../src/service/records';
import { createTokenService, type TokenService } from '../../src/service/tokens';
import { answerChecker, type OpenApiDocument } from './answers';
import { createTarget, targetName, type ApiTarget } from './targets';

export const USERNAMES = {
  guest: GUEST_CREDENTIALS.username,
  maya: 'maya_okafor',
  liam: 'liam_chen',
  sofia: 'sofia_bakes',
  noah: 'noah_runs',
} as const;

export type SeedPerson = keyof typeof USERNAMES;

/**
 * A post as the app's post page and comment answers show it to `viewer` (a username; null: signed
 * out): with their own like or dislike only, and on each comment their own vote only, everyone's
 * still counted.
 */
export function seenBy(post: Post, viewer: string | null, bookmarked = false): Post {
  const mine = (people: UserSummary[]) => people.filter((person) => person.username === viewer);
  const { likes } = post;
  return {
    ...post,
    // A signed-in viewer is told whether they bookmarked it (the seed bookmarks nothing).
    ...(viewer === null ? {} : { bookmarkedByMe: bookmarked }),
    likes: { ...likes, likedBy: mine(likes.likedBy), dislikedBy: mine(likes.dislikedBy) },
    comments: post.comments.map(({ votes, ...comment }) =>
      votes === undefined
        ? comment
        : {
            ...comment,
            votes: {
              upvotedBy: mine(votes.upvotedBy),
              downvotedBy: mine(votes.downvotedBy),
              upvoteCount: votes.upvotedBy.length,
              downvoteCount: votes.downvotedBy.length,
            },
          },
    ),
  };
}

/**
 * A post as a card shows it to `viewer`: the app's pages and its publish, edit, like and dislike
 * answers. As `seenBy`, with only its newest comment beside the number of all of them.
 */
export function asCard(post: Post, viewer: string | null, bookmarked = false): Post {
  const seen = seenBy(post, viewer, bookmarked);
  return { ...seen, comments: seen.comments.slice(-1), commentCount: post.comments.length };
}

export interface ContractApi {
  client: ApiClient;
  baseUrl: string;
  /** Tokens of the seeded people, from real logins (they stay valid across resets). */
  tokens: Record<SeedPerson, string>;
  /** Every stored record now (a copy). */
  state(): Promise<DatabaseState>;
  /** Everything back to the seed. */
  reset(): Promise<void>;
  /** A token signer with the target's secret (to forge expired or mismatched tokens). */
  tokenService(options?: { ttlSeconds?: number; now?: () => Date }): TokenService;
  /** Whether a stored hash is of `password`, by the target's own hasher. */
  verifyPassword(password: string, hash: string): Promise<boolean>;
}

/** Every seeded person's token, from a real login each. */
export async function signInSeedPeople(client: ApiClient): Promise<Record<SeedPerson, string>> {
  const tokens = { guest: '', maya: '', liam: '', sofia: '', noah: '' };
  for (const person of Object.keys(USERNAMES) as SeedPerson[]) {
    const password = person === 'guest' ? GUEST_CREDENTIALS.password : SEED_PASSWORD;
    const { encodedToken } = await client.login({ username: USERNAMES[person], password });
    tokens[person] = encodedToken;
  }
  return tokens;
}

export function useApi(): ContractApi {
  let target: ApiTarget | undefined;
  let checker: ReturnType<typeof answerChecker> | undefined;
  const started = (): ApiTarget => {
    if (target === undefined) throw new Error(`The ${targetName()} target has not started`);
    return target;
  };
  const api: ContractApi = {
    client: createApiClient({ baseUrl: '' }),
    baseUrl: '',
    tokens: { guest: '', maya: '', liam: '', sofia: '', noah: '' },
    state: () => started().state(),
    reset: () => started().reset(),
    tokenService: (options = {}) =>
      createTokenService({ secret: started().tokenSecret, ...options }),
    verifyPassword: (password, hash) => started().verifyPassword(password, hash),
  };
  beforeAll(async () => {
    target = await createTarget();
    await target.start();
    api.baseUrl = target.baseUrl;
    // The document as the target serves it; every answer the client sees is checked against it.
    const document = (await (
      await fetch(`${target.baseUrl}/openapi.json`)
    ).json()) as OpenApiDocument;
    checker = answerChecker(document);
    api.client = createApiClient({ baseUrl: target.baseUrl, fetch: checker.fetch });
    api.tokens = await signInSeedPeople(api.client);
  }, 60_000);
  beforeEach(async () => {
    await started().reset();
  });
  afterEach(() => {
    const findings = checker?.findings.splice(0) ?? [];
    expect(findings, 'answers that do not fit the OpenAPI document').toEqual([]);
  });
  afterAll(async () => {
    await target?.stop();
  });
  return api;
}

/** Runs `call`, expects it to fail, and returns the ApiError (status and server message). */
export async function failure(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('Expected the call to fail, but it succeeded');
}

/** Asserts-and-returns helpers over the stored state. */
export function storedPost(state: DatabaseState, postId: string): PostRecord {
  const post = state.posts.find((candidate) => candidate._id === postId);
  if (post === undefined) throw new Error(`No stored post ${postId}`);
  return post;
}

export function storedUser(state: DatabaseState, username: string): UserRecord {
  const user = state.users.find((candidate) => candidate.username === username);
  if (user === undefined) throw new Error(`No stored user ${username}`);
  return user;
}

export { TIMESTAMP } from './invariants';

/** Expects a refused call: the status, the exact message, and a database left as it was. */
export async function expectRefused(
  api: ContractApi,
  call: () => Promise<unknown>,
  status: number,
  message: string,
): Promise<void> {
  const before = await api.state();
  const error = await failure(call());
  expect({ status: error.status, message: error.message }).toEqual({ status, message });
  expect(await api.state()).toEqual(before);
}
