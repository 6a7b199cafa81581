/**
 * What the random-sequence tests share: the step arbitrary (one call by one person, valid or
 * not), how a step picks its targets in the current state, and the database invariants checked
 * after every step. property.test.ts drives the steps through HTTP, service.property.test.ts
 * straight through the service functions.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { DatabaseState } from '../../src/service/records';

/** The API's timestamp format: `YYYY-MM-DDTHH:mm:ss+00:00`. */
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;

export const TEXTS = ['Hello there', '  padded  ', '', '   ', 'x'.repeat(301), 'x'.repeat(501)];
export const LINKS = ['https://ok.example', 'http://fine.example/path', 'javascript:alert(1)', ''];
export const USERNAME_CHOICES = [
  'newbie',
  'guest',
  'MAYA_OKAFOR',
  'no spaces!',
  'ab',
  'second_one',
];

export const ACTIONS = [
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
  'unvote',
  'editUser',
  'signup',
  'getBookmarks',
  'getUserPosts',
] as const;

export type Action = (typeof ACTIONS)[number];

/** One call: what, by whom (an index into the callers), on what (indexes into the state). */
export const stepArbitrary = (action: fc.Arbitrary<Action> = fc.constantFrom(...ACTIONS)) =>
  fc.record({
    action,
    actor: fc.nat({ max: 20 }),
    target: fc.nat({ max: 20 }),
    comment: fc.nat({ max: 5 }),
    text: fc.constantFrom(...TEXTS),
    link: fc.constantFrom(...LINKS),
    username: fc.constantFrom(...USERNAME_CHOICES),
  });

export type Step = ReturnType<typeof stepArbitrary> extends fc.Arbitrary<infer T> ? T : never;

export const pick = <T>(list: readonly T[], index: number): T => {
  const value = list[index % list.length];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
};

export interface Targets {
  /** A stored post's id, or 'post-unknown'. */
  postId: string;
  /** A comment of that post, or 'comment-unknown'. */
  commentId: string;
  /** A stored user's id, or 'user-unknown'. */
  userId: string;
  /** A stored user's username. */
  username: string;
}

/** The ids a step acts on in the current state; some are unknown on purpose. */
export function targetsOf(state: DatabaseState, s: Step): Targets {
  const postIds = [...state.posts.map((post) => post._id), 'post-unknown'];
  const postId = pick(postIds, s.target);
  const commentIds = [
    ...(state.posts.find((post) => post._id === postId)?.comments.map((comment) => comment._id) ??
      []),
    'comment-unknown',
  ];
  return {
    postId,
    commentId: pick(commentIds, s.comment),
    userId: pick([...state.users.map((user) => user._id), 'user-unknown'], s.target),
    username: pick(state.users, s.target).username,
  };
}

/** The sign-up body of a step: valid only for some usernames and texts. */
export const signupBody = (s: Step) => ({
  firstName: 'New',
  lastName: 'Person',
  username: s.username,
  // At most the rule's 128: the long texts stand for long but valid passwords here.
  password: s.text.length >= 6 ? s.text.slice(0, 128) : 'short',
});

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => seen.has(value) || !seen.add(value));
}

/**
 * Every broken invariant of `state`, described; empty when all hold. Plain code rather than one
 * `expect` per record, so checking after each of thousands of steps stays cheap.
 */
export function invariantViolations(state: DatabaseState): string[] {
  const problems: string[] = [];
  const unique = (values: readonly string[], what: string) => {
    const repeated = duplicates(values);
    if (repeated.length > 0) problems.push(`${what} repeat: ${repeated.join(', ')}`);
  };
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
    const who = `user ${user._id}`;
    unique(user.followingIds, `${who}: following`);
    unique(user.followerIds, `${who}: followers`);
    unique(user.bookmarkIds, `${who}: bookmarks`);
    if (user.followingIds.includes(user._id)) problems.push(`${who} follows themself`);
    for (const id of user.followingIds) {
      if (!byId.get(id)?.followerIds.includes(user._id)) {
        problems.push(`${who} follows ${id}, who does not list them as a follower`);
      }
    }
    for (const id of user.followerIds) {
      if (!byId.get(id)?.followingIds.includes(user._id)) {
        problems.push(`${who} lists follower ${id}, who does not follow them`);
      }
    }
    for (const id of user.bookmarkIds) {
      if (!postIds.has(id)) problems.push(`${who} bookmarks missing post ${id}`);
    }
    if (!TIMESTAMP.test(user.updatedAt)) problems.push(`${who}: bad updatedAt ${user.updatedAt}`);
  }
  for (const post of state.posts) {
    const what = `post ${post._id}`;
    if (!Number.isInteger(post.likeCount) || post.likeCount < 0) {
      problems.push(`${what}: likeCount ${post.likeCount}`);
    }
    if (post.likeCount !== post.likedByIds.length) {
      problems.push(`${what}: likeCount ${post.likeCount} but ${post.likedByIds.length} like it`);
    }
    unique(post.likedByIds, `${what}: likedBy`);
    unique(post.dislikedByIds, `${what}: dislikedBy`);
    const both = post.likedByIds.filter((id) => post.dislikedByIds.includes(id));
    if (both.length > 0) problems.push(`${what}: both liked and disliked by ${both.join(', ')}`);
    if (!userIds.has(post.authorId)) problems.push(`${what}: missing author ${post.authorId}`);
    if (post.content.trim() !== post.content || post.content.length === 0) {
      problems.push(`${what}: content not trimmed or empty: ${JSON.stringify(post.content)}`);
    }
    if (!TIMESTAMP.test(post.updatedAt)) problems.push(`${what}: bad updatedAt ${post.updatedAt}`);
    for (const comment of post.comments) {
      const which = `${what}, comment ${comment._id}`;
      if (!userIds.has(comment.authorId)) {
        problems.push(`${which}: missing author ${comment.authorId}`);
      }
      const votes = comment.votes ?? { upvotedByIds: [], downvotedByIds: [] };
      unique(votes.upvotedByIds, `${which}: upvotedBy`);
      unique(votes.downvotedByIds, `${which}: downvotedBy`);
      const split = votes.upvotedByIds.filter((id) => votes.downvotedByIds.includes(id));
      if (split.length > 0)
        problems.push(`${which}: both up- and downvoted by ${split.join(', ')}`);
    }
  }
  return problems;
}

export function checkInvariants(state: DatabaseState): void {
  const problems = invariantViolations(state);
  if (problems.length > 0) expect(problems, 'database invariants').toEqual([]);
}
