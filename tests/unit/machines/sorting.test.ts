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

describe('sortPosts: examples', () => {
  const a = post('a', 2, '2026-03-01T10:00:00+00:00');
  const b = post('b', 5, '2026-03-01T09:00:00+00:00');
  const c = post('c', 2, '2026-03-02T08:00:00+00:00');

  it('trending: most liked first; ties: the later one in the list first', () => {
    expect(sortPosts([a, b, c], 'trending').map((p) => p._id)).toEqual(['b', 'c', 'a']);
  });

  it('latest: newest first, comparing instants across UTC offsets', () => {
    // 10:30+02:00 is 08:30Z, older than a (10:00Z).
    const d = post('d', 0, '2026-03-01T10:30:00+02:00');
    expect(sortPosts([a, b, c, d], 'latest').map((p) => p._id)).toEqual(['c', 'a', 'b', 'd']);
  });

  it('unreadable dates count as the oldest', () => {
    const broken = post('x', 0, 'not a date');
    expect(sortPosts([broken, a], 'latest').map((p) => p._id)).toEqual(['a', 'x']);
    expect(sortPosts([a, broken], 'latest').map((p) => p._id)).toEqual(['a', 'x']);
  });

  it('selectExplorePosts is sortPosts in the chosen mode; the input is untouched', () => {
    const input = [a, b, c];
    const copy = [...input];
    expect(selectExplorePosts(input, 'trending')).toEqual(sortPosts(input, 'trending'));
    expect(input).toEqual(copy);
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

  it('ties keep reverse input order (stable sort ascending, then reverse, as spec §4)', () => {
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

  it('equals the spec: a copy sorted ascending (stable), then reversed', () => {
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
