/**
 * People as the app's own reads answer them (part of the contract's types, ./types.ts, which
 * re-exports these): a page of people, and a person with counts instead of lists.
 */
import type { Timestamp, UserSummary } from './types';

/**
 * A person as their profile card and 'Who to follow' show them (the app's `GET /api/person/…`):
 * counts instead of the lists of people, and whether the caller follows them. An addition to the
 * contract; the spec's `User` names everyone.
 */
export interface Person extends UserSummary {
  bio: string;
  link: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  followerCount: number;
  followingCount: number;
  /** The signed-in caller follows them; false without a token. */
  followedByMe: boolean;
  /** The usernames `bio` @mentions that are someone's (each once, sorted); absent when none. */
  mentions?: string[];
}

export interface PersonResponse {
  person: Person;
}

/** A page of people (who to follow, a person's followers or following), as `PostPage`. */
export interface PersonPage {
  users: Person[];
  next: string | null;
}
