import { describe, expect, it } from 'vitest';
import { SEARCH_RULE, checkSearchQuery } from '../../src/api/rules';
import { rankPeople, rankPosts } from '../../src/service/search';
import { expectRefused as refuse, useApi } from './harness';

const api = useApi();
const expectRefused = (call: () => Promise<unknown>, status: number, message: string) =>
  refuse(api, call, status, message);

const person = (username: string, firstName = 'A', lastName = 'B') => ({
  username,
  firstName,
  lastName,
});
const post = (content: string, createdAt: string) => ({ content, createdAt });

describe('rankPeople (pure)', () => {
  it('puts the exact username first, then prefixes, then substrings, by username within each', () => {
    const people = [
      person('the_mayan', 'Zed', 'Q'), // substring of the username
      person('maya_b', 'Maya', 'B'), // prefix
      person('anna', 'Anna', 'Mayall'), // prefix of the last name
      person('maya', 'M', 'O'), // exact
      person('liam', 'Liam', 'Chen'), // no match
    ];
    expect(rankPeople(people, 'maya').map((each) => each.username)).toEqual([
      'maya',
      'anna',
      'maya_b',
      'the_mayan',
    ]);
  });

  it('ignores case and the spaces around the query, and matches the full name', () => {
    const people = [person('mo', 'Maya', 'Okafor'), person('x', 'Max', 'Olsen')];
    expect(rankPeople(people, '  MAYA O ').map((each) => each.username)).toEqual(['mo']);
    expect(rankPeople(people, 'okaf').map((each) => each.username)).toEqual(['mo']);
    expect(rankPeople(people, 'Mo')).toEqual([people[0]]); // exact username, any case
  });

  it('keeps at most the limit, and finds nobody for a blank query', () => {
    const people = Array.from({ length: 9 }, (_, index) => person(`sam${index}`));
    expect(rankPeople(people, 'sam')).toHaveLength(SEARCH_RULE.maxPeople);
    expect(rankPeople(people, 'sam', 2).map((each) => each.username)).toEqual(['sam0', 'sam1']);
    expect(rankPeople(people, '   ')).toEqual([]);
  });
});

describe('rankPosts (pure)', () => {
  it('finds posts by their text in any case, newest first, at most the limit', () => {
    const posts = [
      post('Bread and butter', '2026-01-01T10:00:00+00:00'),
      post('no match here', '2026-03-01T10:00:00+00:00'),
      post('Sourdough BREAD again', '2026-02-01T10:00:00+00:00'),
      // Same instant as the first, written in another offset: compared as instants.
      post('bread at noon', '2026-01-01T12:00:00+02:00'),
    ];
    expect(rankPosts(posts, ' bread ').map((each) => each.content)).toEqual([
      'Sourdough BREAD again',
      'Bread and butter',
      'bread at noon',
    ]);
    const many = Array.from({ length: 14 }, (_, index) =>
      post(`word ${index}`, `2026-01-${String(index + 1).padStart(2, '0')}T00:00:00+00:00`),
    );
    const found = rankPosts(many, 'word');
    expect(found).toHaveLength(SEARCH_RULE.maxPosts);
    expect(found[0]?.content).toBe('word 13');
  });
});

describe('the search query rule', () => {
  it('is refused blank or over the limit, counted in characters a person sees', () => {
    expect(checkSearchQuery('  ')).toBe('empty');
    expect(checkSearchQuery(' maya ')).toBeNull();
    expect(checkSearchQuery('x'.repeat(SEARCH_RULE.maxLength))).toBeNull();
    expect(checkSearchQuery('x'.repeat(SEARCH_RULE.maxLength + 1))).toBe('tooLong');
    // A family emoji is one character: the limit of them passes.
    expect(checkSearchQuery('👨‍👩‍👧'.repeat(SEARCH_RULE.maxLength))).toBeNull();
  });
});

describe('GET /api/search', () => {
  it('answers 200 with people (summaries, no password) and posts for a word', async () => {
    const response = await fetch(`${api.baseUrl}/search?q=maya`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toMatch(/password/i);
    const { users, posts } = await api.client.search('maya');
    expect(users.map((user) => user.username)).toEqual(['maya_okafor']);
    expect(Object.keys(users[0] ?? {}).sort()).toEqual(
      ['_id', 'firstName', 'lastName', 'profile', 'username'].sort(),
    );
    expect(posts).toEqual([]); // no post's text says "maya"
  });

  it('puts an exact username before people whose names only start with it', async () => {
    await api.client.signup({
      firstName: 'Liam',
      lastName: 'Brook',
      username: 'liam',
      password: 'secret123',
    });
    const { users } = await api.client.search('LIAM');
    // Exact, then a prefix (liam_chen), then a substring (Noah Wil*liam*s).
    expect(users.map((user) => user.username)).toEqual(['liam', 'liam_chen', 'noah_runs']);
  });

  it('finds posts by their text, newest first, shaped as cards: counts, no liker named', async () => {
    const { posts, users } = await api.client.search('the');
    expect(users).toEqual([]);
    expect(posts.length).toBeGreaterThan(1);
    const times = posts.map((each) => Date.parse(each.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const found of posts) {
      expect(found.content.toLowerCase()).toContain('the');
      expect(found.likes.likedBy).toEqual([]);
      expect(found.likes.dislikedBy).toEqual([]);
      expect(found.comments.length).toBeLessThanOrEqual(1);
      expect(found.commentCount).toBeGreaterThanOrEqual(found.comments.length);
    }
    // The seed's likes are counted, not named.
    expect(posts.some((found) => found.likes.likeCount > 0)).toBe(true);
  });

  it('refuses a blank, missing or over-long query with 400 and says why', async () => {
    await expectRefused(() => api.client.search('   '), 400, 'q must not be empty');
    const missing = await fetch(`${api.baseUrl}/search`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ errors: ['q must not be empty'] });
    await expectRefused(
      () => api.client.search('x'.repeat(SEARCH_RULE.maxLength + 1)),
      400,
      `q must be at most ${SEARCH_RULE.maxLength} characters`,
    );
  });

  it('takes only GET: another method gets 405 with Allow', async () => {
    const response = await fetch(`${api.baseUrl}/search?q=a`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});
