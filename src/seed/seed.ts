import type { DatabaseState } from '../service/records';
import { seedPosts } from './posts';
import { seedUsers } from './users';

/** A fresh, independent copy of the seed: 5 users and 8 posts, follows recorded on both sides. */
export function createSeedState(): DatabaseState {
  return { users: seedUsers(), posts: seedPosts() };
}
