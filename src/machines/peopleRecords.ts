/**
 * People as the app keeps them (the people machine, people.ts): each person once, by id, as the
 * server last answered them (`Person`: counts, and whether the signed-in person follows them);
 * the lists that show people (Who to follow, a profile's followers and following) hold only ids,
 * a page at a time. Pure functions, so the machine and its tests read the same rules.
 */
import type { LiveEvent, Person, PersonPage, User, UserSummary } from '../api/types';
import { movedIn } from './optimisticQueue';
import { summaryOf } from './session';

/** Which people a list shows. */
export type PeopleListKey =
  { kind: 'suggested' } | { kind: 'followers' | 'following'; userId: string };

/** Who to follow: the people the signed-in person does not follow yet, oldest account first. */
export const SUGGESTED: PeopleListKey = { kind: 'suggested' };

/** How many people Who to follow asks for at a time (a side panel, not a page). */
export const SUGGESTED_PAGE = 5;

/** A list's key as one string: where the machine keeps it, and its read's id. */
export const peopleListId = (list: PeopleListKey): string =>
  list.kind === 'suggested' ? 'suggested' : `${list.kind}:${list.userId}`;

/**
 * A list as screens show it: the ids read so far in the server's order; `status` the first page
 * ('loading' before it answered, 'failed' when it could not be read); `more` the next page ('idle'
 * while there is more to read, 'end' after the last).
 */
export interface PeopleListState {
  ids: readonly string[];
  next: string | null;
  status: 'loading' | 'failed' | 'ready';
  more: 'idle' | 'loading' | 'failed' | 'end';
}

/** What one read asks for: a person by username, or a page of a list (null: the first). */
export type PeopleRequest =
  | { kind: 'person'; username: string }
  | { kind: 'list'; list: PeopleListKey; cursor: string | null };

/** The child id a read runs under: one read per person, and per list, at a time. */
export const peopleReadId = (request: PeopleRequest): string =>
  request.kind === 'person' ? `person:${request.username}` : `list:${peopleListId(request.list)}`;

/** A follow or an unfollow, queued (optimisticQueue.ts). */
export interface FollowAction {
  kind: 'follow' | 'unfollow';
  userId: string;
}

export type PeopleById = Readonly<Record<string, Person>>;

/** These people stored (each replacing what was kept of them). */
export function storedPeople(people: PeopleById, answered: readonly Person[]): PeopleById {
  if (answered.length === 0) return people;
  const next = { ...people };
  for (const person of answered) next[person._id] = person;
  return next;
}

/** A count moved by a follow that changed something: never below zero. */
const moved = (count: number, follow: boolean) => Math.max(0, count + (follow ? 1 : -1));

/**
 * A follow's change, as the server makes it: the person followed (or not) and counted, and the
 * follower's own following count. Nothing changes when it is already so.
 */
export function withFollow(people: PeopleById, action: FollowAction, me: UserSummary): PeopleById {
  const target = people[action.userId];
  const follow = action.kind === 'follow';
  if (target === undefined || target.followedByMe === follow) return people;
  const next: Record<string, Person> = {
    ...people,
    [target._id]: {
      ...target,
      followedByMe: follow,
      followerCount: moved(target.followerCount, follow),
    },
  };
  const mine = people[me._id];
  if (mine !== undefined)
    next[me._id] = { ...mine, followingCount: moved(mine.followingCount, follow) };
  return next;
}

/**
 * A follow answered: the server's person, and one's own following count moved when the answer
 * says the follow changed what was confirmed.
 */
export function withFollowAnswer(people: PeopleById, answer: Person, me: UserSummary): PeopleById {
  const before = people[answer._id];
  const changed = before === undefined ? null : before.followedByMe !== answer.followedByMe;
  const mine = people[me._id];
  const next: Record<string, Person> = { ...people, [answer._id]: answer };
  if (changed === true && mine !== undefined) {
    next[me._id] = { ...mine, followingCount: moved(mine.followingCount, answer.followedByMe) };
  }
  return next;
}

/** Follow or unfollow, by whether the person is followed now (as screens show it). */
export function followActionOf(people: PeopleById, userId: string): FollowAction | null {
  const person = people[userId];
  if (person === undefined) return null;
  return { kind: person.followedByMe ? 'unfollow' : 'follow', userId };
}

/** A list whose first page is being read: what it held stays shown meanwhile. */
export function listLoading(list: PeopleListState | undefined): PeopleListState {
  return list === undefined
    ? { ids: [], next: null, status: 'loading', more: 'idle' }
    : { ...list, more: list.status === 'ready' ? list.more : 'idle' };
}

/** A page read: the first replaces the list, a next one adds the people not listed yet. */
export function listWithPage(
  list: PeopleListState | undefined,
  page: PersonPage,
  first: boolean,
): PeopleListState {
  const answered = page.users.map((person) => person._id);
  const held = first || list === undefined ? [] : list.ids;
  const ids = [...held, ...answered.filter((id) => !held.includes(id))];
  return { ids, next: page.next, status: 'ready', more: page.next === null ? 'end' : 'idle' };
}

/** A page that could not be read: the first shows the failure, a next one keeps what was read. */
export function listFailed(list: PeopleListState | undefined, first: boolean): PeopleListState {
  if (list?.status !== 'ready') return { ids: [], next: null, status: 'failed', more: 'idle' };
  // A list on screen stays as it was: a quiet first page is not missed, a next one says so.
  return first ? list : { ...list, more: 'failed' };
}

/**
 * Who to follow as shown: `shown` with each person `kept` (followed from the panel on this page)
 * that it lacks put back where they stood in `before`, so a re-read that no longer suggests them
 * does not move the button under the pointer.
 */
export function keptInPlace(
  shown: readonly string[],
  kept: ReadonlySet<string>,
  before: readonly string[],
): readonly string[] {
  const result = [...shown];
  before.forEach((id, index) => {
    if (kept.has(id) && !result.includes(id)) result.splice(Math.min(index, result.length), 0, id);
  });
  return result.length === shown.length ? shown : result;
}

/** The signed-in person as a card, from their session, until the server's card is read. */
export function personFromUser(user: User): Person {
  const { bio, link, createdAt, updatedAt, followers, following } = user;
  return {
    ...summaryOf(user),
    bio,
    link,
    createdAt,
    updatedAt,
    followerCount: followers.length,
    followingCount: following.length,
    followedByMe: false,
  };
}

/** The session's user after they followed (or stopped following) someone, as the server keeps it. */
export function userFollowing(user: User, person: UserSummary, following: boolean): User {
  return { ...user, following: movedIn(user.following, summaryOf(person), following) };
}

/**
 * The session's user after a follow the live stream tells of, or null when it changes nothing for
 * them: one they made in another tab or on another device (their own tab's follow is already
 * listed), which the session lists as the server now keeps it.
 */
export function userAfterFollowSeen(
  user: User,
  event: Extract<LiveEvent, { type: 'follow' }>,
): User | null {
  if (event.followerId !== user._id || event.followee === undefined) return null;
  const listed = user.following.some((person) => person._id === event.followeeId);
  return listed === event.following ? null : userFollowing(user, event.followee, event.following);
}

/** A person after their own profile was saved: the new names, picture, bio and link. */
export function personEdited(person: Person, user: User): Person {
  const { firstName, lastName, username, profile, bio, link, updatedAt } = user;
  return { ...person, firstName, lastName, username, profile, bio, link, updatedAt };
}
