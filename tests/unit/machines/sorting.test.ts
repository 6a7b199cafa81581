import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Post } from '../../../src/api/types';
import {
  selectExplorePosts,
  selectSortMode,
  sortingMachine,
  sortPosts,
  type SortMode,
} from '../../../src/machines';
import { alice, makePost, summary } from './fixtures';

describe('sorting machine', () => {
  it('starts on latest and switches between latest and trending', () => {
    const actor = createActor(sortingMachine).start();
    expect(selectSortMode(actor.getSnapshot())).toBe('latest');
    actor.send({ type: 'SHOW_LATEST' });
    expect(selectSortMode(actor.getSnapshot())).toBe('latest');
    actor.send({ type: 'SHOW_TRENDING' });
    expect(selectSortMode(actor.getSnapshot())).toBe('trending');
    actor.send({ type: 'SHOW_TRENDING' });
    expect(selectSortMode(actor.getSnapshot())).toBe('trending');
    actor.send({ type: 'SHOW_LATEST' });
    expect(selectSortMode(actor.getSnapshot())).toBe('latest');
  });
});

const post = (id: string, likeCount: number, createdAt: string): Post =>
  makePost(id, summary(alice), {
    createdAt,
    likes: { likeCount, likedBy: [], dislikedBy: [] },
  });

describe('selectExplorePosts: concrete orders', () => {
  // Likes, and when each was created (as instants, in UTC):
  const a = post('a', 2, '2026-03-01T10:00:00+00:00'); // 10:00Z
  const b = post('b', 5, '2026-03-01T09:00:00+00:00'); // 09:00Z
  const c = post('c', 2, '2026-03-02T08:00:00+00:00'); // the next day
  const d = post('d', 0, '2026-03-01T10:30:00+02:00'); // 08:30Z: earlier than b, though it reads later
  const e = post('e', 5, '2026-03-01T11:00:00+01:00'); // 10:00Z: the same instant as a
  const ids = (posts: Post[]) => posts.map((p) => p._id);

  it('trending: most liked first; equal likes: the later one in the input first', () => {
    expect(ids(selectExplorePosts([a, b, c, d, e], 'trending'))).toEqual(['e', 'b', 'c', 'a', 'd']);
    expect(ids(selectExplorePosts([e, d, c, b, a], 'trending'))).toEqual(['b', 'e', 'a', 'c', 'd']);
  });

  it('latest: newest first, comparing instants across UTC offsets; equal instants: later input first', () => {
    expect(ids(selectExplorePosts([a, b, c, d, e], 'latest'))).toEqual(['c', 'e', 'a', 'b', 'd']);
    expect(ids(selectExplorePosts([e, a], 'latest'))).toEqual(['a', 'e']);
  });

  it('unreadable dates count as the oldest, after every readable one', () => {
    const x = post('x', 9, 'not a date');
    const y = post('y', 0, '');
    expect(ids(selectExplorePosts([x, d, y, a], 'latest'))).toEqual(['a', 'd', 'y', 'x']);
    // Trending does not look at dates: the unreadable one with most likes comes first.
    expect(ids(selectExplorePosts([x, d, y, a], 'trending'))).toEqual(['x', 'a', 'y', 'd']);
  });

  it('returns a new array and leaves the input array and its posts as they were', () => {
    const input = [a, b, c, d, e];
    const frozen = Object.freeze([...input]);
    const sorted = selectExplorePosts(frozen, 'latest');
    expect(sorted).not.toBe(frozen);
    expect(ids([...frozen])).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(sorted.every((p, i) => p === [c, e, a, b, d][i])).toBe(true);
    expect(selectExplorePosts([], 'trending')).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

const instants = [
  '2026-01-01T00:00:00+00:00',
  '2026-01-01T02:00:00+02:00', // the same instant as the one above
  '2026-01-01T00:00:01+00:00',
  '2025-12-31T23:59:59-01:00',
  '2026-06-15T12:00:00+05:30',
];

const postsArb = fc
  .array(
    fc.record({
      likeCount: fc.integer({ min: 0, max: 4 }), // small range: many ties
      createdAt: fc.constantFrom(...instants),
    }),
    { maxLength: 30 },
  )
  .map((rows) => rows.map((row, i) => post(`p${i}`, row.likeCount, row.createdAt)));

const modeArb = fc.constantFrom<SortMode>('trending', 'latest');
const keyOf = (mode: SortMode) =>
  mode === 'trending' ? (p: Post) => p.likes.likeCount : (p: Post) => Date.parse(p.createdAt);

describe('sortPosts: properties', () => {
  it('returns a new array and never changes the input', () => {
    fc.assert(
      fc.property(postsArb, modeArb, (posts, mode) => {
        const before = posts.map((p) => p._id);
        const sorted = sortPosts(posts, mode);
        expect(sorted).not.toBe(posts);
        expect(posts.map((p) => p._id)).toEqual(before);
      }),
    );
  });

  it('is a permutation of the input', () => {
    fc.assert(
      fc.property(postsArb, modeArb, (posts, mode) => {
        const sorted = sortPosts(posts, mode);
        expect(sorted).toHaveLength(posts.length);
        expect([...sorted].map((p) => p._id).sort()).toEqual(posts.map((p) => p._id).sort());
        for (const p of sorted) expect(posts).toContain(p);
      }),
    );
  });

  it('orders by the key, highest (most liked / newest) first', () => {
    fc.assert(
      fc.property(postsArb, modeArb, (posts, mode) => {
        const key = keyOf(mode);
        const sorted = sortPosts(posts, mode);
        for (let i = 1; i < sorted.length; i++) {
          expect(key(sorted[i - 1] as Post)).toBeGreaterThanOrEqual(key(sorted[i] as Post));
        }
      }),
    );
  });

  it('ties keep reverse input order (a stable sort ascending, then reversed)', () => {
    fc.assert(
      fc.property(postsArb, modeArb, (posts, mode) => {
        const key = keyOf(mode);
        const sorted = sortPosts(posts, mode);
        const position = new Map(posts.map((p, i) => [p, i]));
        for (let i = 1; i < sorted.length; i++) {
          const prev = sorted[i - 1] as Post;
          const next = sorted[i] as Post;
          if (key(prev) === key(next)) {
            expect(position.get(prev)).toBeGreaterThan(position.get(next) ?? Infinity);
          }
        }
      }),
    );
  });

  it('equals the product rule: a copy sorted ascending (stable), then reversed', () => {
    fc.assert(
      fc.property(postsArb, modeArb, (posts, mode) => {
        const key = keyOf(mode);
        const spec = [...posts].sort((x, y) => key(x) - key(y)).reverse();
        expect(sortPosts(posts, mode)).toEqual(spec);
      }),
    );
  });

  it('is idempotent on its own output', () => {
    fc.assert(
      fc.property(postsArb, modeArb, (posts, mode) => {
        const once = sortPosts(posts, mode);
        const keys = once.map(keyOf(mode));
        expect(sortPosts(once, mode).map(keyOf(mode))).toEqual(keys);
      }),
    );
  });
});
