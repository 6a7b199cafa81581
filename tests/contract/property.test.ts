/**
 * Random sequences of calls by several people, valid and invalid, through the real HTTP path.
 * After every step: no 5xx, no password in any answer, a refused call changed nothing, and the
 * database invariants hold.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { ApiError, type ApiClient } from '../../src/api/client';
import type { DatabaseState } from '../../src/service/records';
import { useApi, USERNAMES, type SeedPerson } from './harness';
import {
  checkInvariants,
  pick,
  signupBody,
  stepArbitrary,
  targetsOf,
  type Step,
} from './invariants';

const api = useApi();

/**
 * Against the mock, 160 runs of 10–16 steps: about 2 000 calls, each through MSW 3's socket-level
 * interception in Node (a real HTTP exchange, ~5 ms here). Against a server, 30 runs (set per
 * project in vitest.config.ts): each call is a real request and SQL transactions, and every step
 * reads the whole database twice to compare. That is what fits the suite's time on 2 cores.
 */
const RUNS = Number(process.env.CONTRACT_PROPERTY_RUNS ?? 160);

const step = stepArbitrary();

/** Issues one step's call against the current state; ids may be unknown on purpose. */
function call(client: ApiClient, state: DatabaseState, token: string, s: Step): Promise<unknown> {
  const { postId, commentId, userId, username } = targetsOf(state, s);
  switch (s.action) {
    case 'like':
      return client.likePost(postId, token);
    case 'dislike':
      return client.dislikePost(postId, token);
    case 'bookmark':
      return client.bookmarkPost(postId, token);
    case 'removeBookmark':
      return client.removeBookmark(postId, token);
    case 'follow':
      return client.followUser(userId, token);
    case 'unfollow':
      return client.unfollowUser(userId, token);
    case 'createPost':
      return client.createPost({ content: s.text }, token);
    case 'editPost':
      return client.editPost(postId, { content: s.text }, token);
    case 'deletePost':
      return client.deletePost(postId, token);
    case 'addComment':
      return client.addComment(postId, s.text, token);
    case 'editComment':
      return client.editComment(postId, commentId, s.text, token);
    case 'deleteComment':
      return client.deleteComment(postId, commentId, token);
    case 'upvote':
      return client.upvoteComment(postId, commentId, token);
    case 'downvote':
      return client.downvoteComment(postId, commentId, token);
    case 'unvote':
      return client.unvoteComment(postId, commentId, token);
    case 'editUser':
      return client.editUser({ bio: s.text.slice(0, 200), link: s.link }, token);
    case 'signup':
      return client.signup(signupBody(s));
    case 'getBookmarks':
      return client.getBookmarks(token);
    case 'getUserPosts':
      return client.getUserPosts(username);
  }
}

it('keeps every invariant over thousands of random calls', { timeout: 120_000 }, async () => {
  const seedTokens = (Object.keys(USERNAMES) as SeedPerson[]).map((person) => api.tokens[person]);
  let steps = 0;
  let refused = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 16 }), async (sequence) => {
      await api.reset();
      const signedUp: string[] = [];
      for (const s of sequence) {
        const tokens = [...seedTokens, ...signedUp, '', 'not-a-token'];
        const token = pick(tokens, s.actor);
        const before = JSON.stringify(await api.state());
        steps += 1;
        try {
          const result = await call(api.client, await api.state(), token, s);
          expect(JSON.stringify(result)).not.toMatch(/password/i);
          if (s.action === 'signup') {
            signedUp.push((result as { encodedToken: string }).encodedToken);
          }
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          expect(error.status, `${s.action}: ${error.message}`).toBeGreaterThanOrEqual(400);
          expect(error.status, `${s.action}: ${error.message}`).toBeLessThan(500);
          expect(JSON.stringify(await api.state()), `refused ${s.action} changed nothing`).toBe(
            before,
          );
          refused += 1;
        }
        checkInvariants(await api.state());
      }
    }),
    { numRuns: RUNS },
  );
  expect(steps).toBeGreaterThanOrEqual(RUNS * 10);
  // Both kinds of call were exercised in earnest.
  expect(refused).toBeGreaterThan(steps / 10);
  expect(refused).toBeLessThan(steps * 0.9);
});
