import { describe, expect, it } from 'vitest';
import { countCharacters, TEXT_RULES, USERNAME_RULE } from '../../../src/api/rules';
import { GUEST_CREDENTIALS } from '../../../src/api/types';
import { createSeedState } from '../../../src/seed/seed';
import { SEED_PASSWORD } from '../../../src/seed/users';
import { isDatabaseState } from '../../../src/mocks/db/validate';
import { verifyPassword } from '../../../src/service/passwords';
import { TIMESTAMP } from './harness';

/** Storybook's pinned clock (.storybook/clock.ts). */
const STORY_NOW = Date.parse('2026-03-14T12:00:00Z');
const seed = createSeedState();
const byId = new Map(seed.users.map((user) => [user._id, user]));
const guest = seed.users.find((user) => user.username === GUEST_CREDENTIALS.username);

function allImages(): string[] {
  return [
    ...seed.users.map((user) => user.profile),
    ...seed.posts.flatMap((post) => (post.imgContent === undefined ? [] : [post.imgContent])),
  ];
}

describe('the seed', () => {
  it('has 5 users and 8 posts with unique ids and usernames, in the stored shape', () => {
    expect(seed.users).toHaveLength(5);
    expect(seed.posts).toHaveLength(8);
    const ids = [
      ...seed.users.map((user) => user._id),
      ...seed.posts.map((post) => post._id),
      ...seed.posts.flatMap((post) => post.comments.map((comment) => comment._id)),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(seed.users.map((user) => user.username)).size).toBe(5);
    expect(isDatabaseState(seed)).toBe(true);
  });

  it('has the guest with the fixed credentials, and hashes that verify', async () => {
    expect(guest).toBeDefined();
    for (const user of seed.users) {
      expect(user.passwordHash).toMatch(/^pbkdf2-sha256\$\d+\$/);
      const password = user === guest ? GUEST_CREDENTIALS.password : SEED_PASSWORD;
      expect(await verifyPassword(password, user.passwordHash)).toBe(true);
      expect(await verifyPassword('wrong password', user.passwordHash)).toBe(false);
    }
  });

  it('has people with names, bios, http(s) links and bundled avatars', () => {
    for (const user of seed.users) {
      expect(user.firstName.length).toBeGreaterThan(0);
      expect(user.lastName.length).toBeGreaterThan(0);
      expect(user.bio.length).toBeGreaterThan(0);
      expect(countCharacters(user.bio)).toBeLessThanOrEqual(TEXT_RULES.bio.max);
      expect(user.link).toMatch(/^https?:\/\//);
      expect(user.username).toMatch(USERNAME_RULE.pattern);
      expect(user.profile).toMatch(/^data:image\/svg\+xml,/);
    }
  });

  it('lets the guest follow two others, on both sides', () => {
    expect(guest?.followingIds).toHaveLength(2);
    for (const user of seed.users) {
      for (const followedId of user.followingIds) {
        expect(byId.get(followedId)?.followerIds).toContain(user._id);
      }
      for (const followerId of user.followerIds) {
        expect(byId.get(followerId)?.followingIds).toContain(user._id);
      }
    }
  });

  it('has posts by several authors, varied like counts consistent with likedBy', () => {
    expect(new Set(seed.posts.map((post) => post.authorId)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(seed.posts.map((post) => post.likeCount)).size).toBeGreaterThanOrEqual(4);
    for (const post of seed.posts) {
      expect(byId.has(post.authorId)).toBe(true);
      expect(post.likeCount).toBe(post.likedByIds.length);
      expect(post.likedByIds.filter((id) => post.dislikedByIds.includes(id))).toEqual([]);
      for (const id of [...post.likedByIds, ...post.dislikedByIds]) expect(byId.has(id)).toBe(true);
    }
  });

  it('has a few images, several commented posts, and comments without votes', () => {
    expect(
      seed.posts.filter((post) => post.imgContent !== undefined).length,
    ).toBeGreaterThanOrEqual(2);
    expect(seed.posts.filter((post) => post.comments.length > 0).length).toBeGreaterThanOrEqual(3);
    const comments = seed.posts.flatMap((post) => post.comments);
    expect(comments.some((comment) => comment.votes === undefined)).toBe(true);
    expect(comments.some((comment) => comment.votes !== undefined)).toBe(true);
  });

  it('has only bundled, small pictures: data URLs with no internet address inside', () => {
    for (const image of allImages()) {
      expect(image).toMatch(/^data:image\//);
      const markup = decodeURIComponent(image).replaceAll('http://www.w3.org/2000/svg', '');
      expect(markup).not.toMatch(/https?:|\/\/[a-z]/i);
      expect(image.length).toBeLessThan(3000);
    }
  });

  it('uses the API timestamp format, all before the pinned story clock, spread for relative times', () => {
    const stamps = [
      ...seed.users.flatMap((user) => [user.createdAt, user.updatedAt]),
      ...seed.posts.flatMap((post) => [
        post.createdAt,
        post.updatedAt,
        ...post.comments.flatMap((comment) => [comment.createdAt, comment.updatedAt]),
      ]),
    ];
    for (const stamp of stamps) {
      expect(stamp).toMatch(TIMESTAMP);
      expect(Date.parse(stamp)).toBeLessThan(STORY_NOW);
    }
    const ages = seed.posts.map((post) => (STORY_NOW - Date.parse(post.createdAt)) / 60_000);
    expect(ages.some((minutes) => minutes < 60)).toBe(true); // "5m"
    expect(ages.some((minutes) => minutes >= 60 && minutes < 24 * 60)).toBe(true); // "3h"
    expect(ages.some((minutes) => minutes >= 24 * 60 && minutes < 7 * 24 * 60)).toBe(true); // "2d"
    expect(ages.some((minutes) => minutes >= 7 * 24 * 60)).toBe(true); // "Feb 20"
    const created = seed.posts.map((post) => Date.parse(post.createdAt));
    expect(created).toEqual([...created].sort((a, b) => a - b));
  });

  it('gives out an independent copy every time', () => {
    const first = createSeedState();
    first.users[0]?.followingIds.push('someone');
    expect(createSeedState()).toEqual(seed);
  });
});
