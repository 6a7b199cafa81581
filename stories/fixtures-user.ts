/**
 * Users for the layout, user and auth-screen stories, taken from the mock API's seed (5 users;
 * the guest follows Maya and Liam) through the same views the API answers with, so stories show
 * exactly what the app will; who is followed comes from the machines' selectors. Only `longUser`
 * and `longestNameUser` are made up: they prove long text never overflows.
 */
import type { User } from '../src/api/types';
import type { FollowSuggestion } from '../src/components/user';
import { createSeedState } from '../src/seed/seed';
import { stateViews } from '../src/mocks/db/sets';
import { profilePathOf } from '../src/paths';

export const seedUsers: User[] = stateViews(createSeedState()).users;

function seeded(username: string): User {
  const found = seedUsers.find((user) => user.username === username);
  if (!found) throw new Error(`No seeded user ${username}`);
  return found;
}

/** The current user of the stories: the guest. */
export const guestUser: User = seeded('guest');

/** Everyone but the current user: what the 'Who to follow' panel lists. */
export const otherUsers: User[] = seedUsers.filter((user) => user._id !== guestUser._id);

/** 'Who to follow' as the guest sees it (names link to profiles); `pending`: usernames whose follow change is on its way. */
export function followSuggestions(
  users: readonly User[] = otherUsers,
  pending: readonly string[] = [],
): FollowSuggestion[] {
  return users.map((user) => ({
    user,
    path: profilePathOf(user.username, guestUser.username),
    following: user.followers.some((follower) => follower._id === guestUser._id),
    pending: pending.includes(user.username),
  }));
}

/** A user with a long name, bio and website and no picture (the default one shows). */
export const longUser: User = {
  _id: 'user-long',
  firstName: 'Bartholomew-Maximilian',
  lastName: 'Vandersteenhoven-Castellanos',
  username: 'bartholomew_maxim_v',
  profile: '',
  bio: 'Cartographer of quiet places, collector of unusual words, and occasional baker of bread that nobody asked for but everybody eats anyway. Say hello!',
  link: 'https://a-very-long-portfolio-domain-name.example.com/projects/cartography',
  createdAt: '2026-01-05T09:00:00+00:00',
  updatedAt: '2026-01-05T09:00:00+00:00',
  followers: [],
  following: [],
  bookmarks: [],
};

/**
 * The longest name the rules allow, 40 + 35 characters (cut with an ellipsis on one line,
 * never wrapped), with a long username.
 */
export const longestNameUser: User = {
  ...longUser,
  _id: 'user-longest-name',
  firstName: 'Bartholomew-Maximilian-Alexander-Augusto',
  lastName: 'Vandersteenhoven-Castellanos-Rivera',
  username: 'bartholomew_augusto',
};
