/**
 * `npm run bench:writes`: what one write costs the mock database at 8 posts and at 1 000, in
 * memory and in the storage layout the app uses (memory storage copies what it stores, as
 * IndexedDB does, over the same record layout). Prints figures; not part of `npm test`.
 */
import { bench, describe } from 'vitest';
import { createSeedState } from '../../src/seed/seed';
import { SEED_USER_IDS } from '../../src/seed/users';
import { openDatabase, type Database } from '../../src/mocks/db/database';
import type { DatabaseState } from '../../src/service/records';
import { createMemoryStorage } from '../../src/mocks/db/storage';
import { mockServiceContext } from '../../src/mocks/handlers';
import { posts } from '../../src/service';
import { findRecord } from '../../src/mocks/db/records';

const guest = SEED_USER_IDS.guest;

/** The seed with `extra` more posts by the guest, oldest first. */
function seedWith(extra: number): DatabaseState {
  const state = createSeedState();
  const [model] = state.posts;
  if (model === undefined) throw new Error('the seed has posts');
  for (let index = 0; index < extra; index += 1) {
    state.posts.push({
      ...structuredClone(model),
      _id: `post-bench-${index}`,
      content: `Bench post ${index}: a line of text about nothing in particular.`,
      authorId: guest,
    });
  }
  return state;
}

for (const size of [8, 1000]) {
  const seed = () => seedWith(size - 8);
  let db: Database;
  let postId = '';
  let liked = false;
  const setup = async () => {
    db = await openDatabase(createMemoryStorage(), { seed });
    postId = db.state.posts[Math.floor(size / 2)]?._id ?? '';
    liked = db.state.posts.find((post) => post._id === postId)?.likedByIds.includes(guest) ?? false;
  };

  describe(`${size} posts`, () => {
    bench(
      'like / unlike: the database write (as the service finds the post) and its save',
      async () => {
        await db.update((draft) => {
          const post = findRecord(draft.posts, (candidate) => candidate._id === postId);
          if (post === undefined) throw new Error(`No post ${postId}`);
          post.likeCount += liked ? -1 : 1;
          liked = !liked;
          return Promise.resolve();
        });
        await db.flush();
      },
      { setup, time: 1500 },
    );

    bench(
      'like / unlike: the whole call (service, save, and the answer: every post)',
      async () => {
        const ctx = mockServiceContext(db);
        await db.transaction(() =>
          Promise.resolve(
            liked ? posts.dislikePost(ctx, guest, postId) : posts.likePost(ctx, guest, postId),
          ),
        );
        liked = !liked;
      },
      { setup, time: 1500 },
    );
  });
}
