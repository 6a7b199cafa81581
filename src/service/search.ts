/**
 * Search (`GET /api/search?q=`, an addition to the contract): people by username, first, last and
 * full name, posts by their text, ignoring case. The ranking is two plain functions over records
 * (`rankPeople`, `rankPosts`), so it is tested without a database; `search` checks the query with
 * the shared rule and builds the answer's views.
 */
import { checkSearchQuery, fieldMessage, normalizeSearchQuery, SEARCH_RULE } from '../api/rules';
import type { SearchResponse } from '../api/types';
import type { ServiceContext } from './context';
import { badRequest } from './errors';
import { postPage } from './feeds';
import type { PageRequest } from './paging';
import { cardRead, type PostFeed } from './store';
import { postViews, summary } from './views';

/** What a person is found by. */
export interface SearchablePerson {
  username: string;
  firstName: string;
  lastName: string;
}

/** What a post is found and ordered by. */
export interface SearchablePost {
  content: string;
  createdAt: string;
}

/**
 * How text is compared in search: NFC, lower case. Every store folds with this (the SQL store
 * folds its text the same way), so the mock and the server find the same things.
 */
export const foldText = (text: string): string => text.normalize('NFC').toLocaleLowerCase('en');
const fold = foldText;

/** What a query looks for: trimmed and folded (empty for a blank query). */
export const searchNeedle = (query: string): string => fold(normalizeSearchQuery(query));

/**
 * How many matching people a search ranks: it asks the store for at most this many and ranks
 * those, so with more matches than this a better-ranked person may be missed.
 */
export const PEOPLE_CANDIDATES = 200;

/** 0: the exact username; 1: a username or name that starts with the query; 2: contains it. */
function personRank(person: SearchablePerson, needle: string): number | null {
  const username = fold(person.username);
  if (username === needle) return 0;
  const names = [
    username,
    fold(person.firstName),
    fold(person.lastName),
    fold(`${person.firstName} ${person.lastName}`),
  ];
  if (names.some((name) => name.startsWith(needle))) return 1;
  if (names.some((name) => name.includes(needle))) return 2;
  return null;
}

/**
 * The people matching `query` (trimmed, any case): the exact username first, then those whose
 * username or name starts with it, then those containing it; by username within each group; at
 * most `limit`.
 */
export function rankPeople<T extends SearchablePerson>(
  people: readonly T[],
  query: string,
  limit: number = SEARCH_RULE.maxPeople,
): T[] {
  const needle = searchNeedle(query);
  if (needle === '') return [];
  return people
    .flatMap((person) => {
      const rank = personRank(person, needle);
      return rank === null ? [] : [{ person, rank }];
    })
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        (a.person.username < b.person.username
          ? -1
          : a.person.username > b.person.username
            ? 1
            : 0),
    )
    .slice(0, limit)
    .map(({ person }) => person);
}

/** The posts whose text contains `query` (trimmed, any case), newest first, at most `limit`. */
export function rankPosts<T extends SearchablePost>(
  posts: readonly T[],
  query: string,
  limit: number = SEARCH_RULE.maxPosts,
): T[] {
  const needle = searchNeedle(query);
  if (needle === '') return [];
  return posts
    .filter((post) => fold(post.content).includes(needle))
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(0, limit);
}

/** `q` as sent (null when missing), checked: its needle, or a 400 when blank or too long. */
function checkedNeedle(q: string | null): string {
  const query = q ?? '';
  const problem = checkSearchQuery(query);
  if (problem !== null) throw badRequest(fieldMessage('q', problem, SEARCH_RULE.maxLength));
  return searchNeedle(query);
}

/**
 * `q` is the query parameter as sent (null when missing): refused when blank or too long. People
 * are ranked here from those the store finds; posts come newest first, as the search feed's
 * first page, each shaped as a card is (its counts and newest comment, no one's likes named): the
 * popup shows a snippet, so the answer does not grow with a found post's likes or comments.
 */
export function search(ctx: ServiceContext, q: string | null): Promise<SearchResponse> {
  const needle = checkedNeedle(q);
  const query = q ?? '';
  return ctx.store.read(async (reads) => {
    const people = await reads.users.matching(needle, PEOPLE_CANDIDATES);
    const feed: PostFeed = { kind: 'search', needle };
    const { items } = await reads.posts.page(feed, null, SEARCH_RULE.maxPosts, cardRead(null));
    return {
      users: rankPeople(people, query).map(summary),
      posts: postViews(items).posts(),
    };
  });
}

/** Posts whose text contains `q`, newest first, a page at a time. */
export function searchFeed(
  ctx: ServiceContext,
  viewer: string | null,
  q: string | null,
  page: PageRequest,
) {
  const needle = checkedNeedle(q);
  return postPage(ctx, viewer, page, 'search', () => ({ kind: 'search', needle }));
}
