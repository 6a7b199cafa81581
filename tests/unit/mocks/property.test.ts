/**
 * Random sequences of calls by several people, valid and invalid, through the real HTTP path.
 * After every step: no 5xx, no password in any answer, a refused call changed nothing, and the
 * database invariants hold.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { ApiError, type ApiClient } from '../../../src/api/client';
import type { DatabaseState } from '../../../src/mocks/db/schema';
import { TIMESTAMP, useMockApi, USERNAMES, type SeedPerson } from './harness';

const api = useMockApi();

/**
 * 160 runs of 10–16 steps: about 2 000 calls. Each call goes through MSW 3's socket-level
 * interception in Node (a real HTTP exchange), which costs ~5 ms here, so this is what fits the
 * suite's time budget on a 2-core machine.
 */
const RUNS = 160;

const TEXTS = ['Hello there', '  padded  ', '', '   ', 'x'.repeat(301), 'x'.repeat(501)];
const LINKS = ['https://ok.example', 'http://fine.example/path', 'javascript:alert(1)', ''];
const USERNAME_CHOICES = ['newbie', 'guest', 'MAYA_OKAFOR', 'no spaces!', 'ab', 'second_one'];

const step = fc.record({
  action: fc.constantFrom(
    'like',
    'dislike',
    'bookmark',
    'removeBookmark',
    'follow',
    'unfollow',
    'createPost',
    'editPost',
    'deletePost',
    'addComment',
    'editComment',
    'deleteComment',
    'upvote',
    'downvote',
    'editUser',
    'signup',
    'getBookmarks',
    'getUserPosts',
  ),
  actor: fc.nat({ max: 20 }),
  target: fc.nat({ max: 20 }),
  comment: fc.nat({ max: 5 }),
  text: fc.constantFrom(...TEXTS),
  link: fc.constantFrom(...LINKS),
  username: fc.constantFrom(...USERNAME_CHOICES),
});

type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

const pick = <T>(list: readonly T[], index: number): T => {
  const value = list[index % list.length];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
};

/** Issues one step's call against the current state; ids may be unknown on purpose. */
function call(client: ApiClient, state: DatabaseState, token: string, s: Step): Promise<unknown> {
  const postIds = [...state.posts.map((post) => post._id), 'post-unknown'];
  const postId = pick(postIds, s.target);
  const commentIds = [
    ...(state.posts.find((post) => post._id === postId)?.comments.map((comment) => comment._id) ??
      []),
    'comment-unknown',
  ];
  const commentId = pick(commentIds, s.comment);
  const userId = pick([...state.users.map((user) => user._id), 'user-unknown'], s.target);
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
    case 'editUser':
      return client.editUser({ bio: s.text.slice(0, 200), link: s.link }, token);
    case 'signup':
      return client.signup({
        firstName: 'New',
        lastName: 'Person',
        username: s.username,
        password: s.text.length >= 6 ? s.text : 'short',
      });
    case 'getBookmarks':
      return client.getBookmarks(token);
    case 'getUserPosts':
      return client.getUserPosts(pick(state.users, s.target).username);
  }
}

function unique(values: readonly string[], what: string): void {
  expect(new Set(values).size, `${what} are unique`).toBe(values.length);
}

function checkInvariants(state: DatabaseState): void {
  const userIds = new Set(state.users.map((user) => user._id));
  const postIds = new Set(state.posts.map((post) => post._id));
  unique(
    state.users.map((user) => user._id),
    'user ids',
  );
  unique(
    state.users.map((user) => user.username.toLowerCase()),
    'usernames',
  );
  unique(
    state.posts.map((post) => post._id),
    'post ids',
  );
  unique(
    state.posts.flatMap((post) => post.comments.map((comment) => comment._id)),
    'comment ids',
  );
  const byId = new Map(state.users.map((user) => [user._id, user]));
  for (const user of state.users) {
    unique(user.followingIds, 'following');
    unique(user.followerIds, 'followers');
    unique(user.bookmarkIds, 'bookmarks');
    expect(user.followingIds).not.toContain(user._id);
    for (const id of user.followingIds) expect(byId.get(id)?.followerIds).toContain(user._id);
    for (const id of user.followerIds) expect(byId.get(id)?.followingIds).toContain(user._id);
    for (const id of user.bookmarkIds) expect(postIds.has(id)).toBe(true);
    expect(user.updatedAt).toMatch(TIMESTAMP);
  }
  for (const post of state.posts) {
    expect(post.likeCount).toBeGreaterThanOrEqual(0);
    expect(Number.isInteger(post.likeCount)).toBe(true);
    unique(post.likedByIds, 'likedBy');
    unique(post.dislikedByIds, 'dislikedBy');
    expect(post.likedByIds.filter((id) => post.dislikedByIds.includes(id))).toEqual([]);
    expect(userIds.has(post.authorId)).toBe(true);
    expect(post.content.trim()).toBe(post.content);
    expect(post.content.length).toBeGreaterThan(0);
    expect(post.updatedAt).toMatch(TIMESTAMP);
    for (const comment of post.comments) {
      expect(userIds.has(comment.authorId)).toBe(true);
      const votes = comment.votes ?? { upvotedByIds: [], downvotedByIds: [] };
      unique(votes.upvotedByIds, 'upvotedBy');
      unique(votes.downvotedByIds, 'downvotedBy');
      expect(votes.upvotedByIds.filter((id) => votes.downvotedByIds.includes(id))).toEqual([]);
    }
  }
}

it('keeps every invariant over thousands of random calls', { timeout: 120_000 }, async () => {
  const seedTokens = (Object.keys(USERNAMES) as SeedPerson[]).map((person) => api.tokens[person]);
  let steps = 0;
  let refused = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 16 }), async (sequence) => {
      await api.db.reset();
      const signedUp: string[] = [];
      for (const s of sequence) {
        const tokens = [...seedTokens, ...signedUp, '', 'not-a-token'];
        const token = pick(tokens, s.actor);
        const before = JSON.stringify(api.db.state);
        steps += 1;
        try {
          const result = await call(api.client, api.db.state, token, s);
          expect(JSON.stringify(result)).not.toMatch(/password/i);
          if (s.action === 'signup') {
            signedUp.push((result as { encodedToken: string }).encodedToken);
          }
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          expect(error.status, `${s.action}: ${error.message}`).toBeGreaterThanOrEqual(400);
          expect(error.status, `${s.action}: ${error.message}`).toBeLessThan(500);
          expect(JSON.stringify(api.db.state), `refused ${s.action} changed nothing`).toBe(before);
          refused += 1;
        }
        checkInvariants(api.db.state);
      }
    }),
    { numRuns: RUNS },
  );
  expect(steps).toBeGreaterThanOrEqual(RUNS * 10);
  // Both kinds of call were exercised in earnest.
  expect(refused).toBeGreaterThan(steps / 10);
  expect(refused).toBeLessThan(steps * 0.9);
});
