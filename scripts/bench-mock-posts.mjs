// Many posts for the bench, written straight into the mock's stored database (the page's
// IndexedDB) instead of through the API: each API call waits for the mock's 400 ms delay and runs
// as one transaction, so 10 000 posts through it took many minutes; written in one IndexedDB
// transaction they take about a second. Nothing in src/ changes: the app finds them the next time
// a page of it reads the store, as it finds another tab's writes.
//
// The layout written is src/mocks/db/storage.ts's, over the IndexedDB store of its
// `createIndexedDbStorage` (idb-keyval's: database `murmur-mock-api`, object store `keyval`):
// - `posts:<id>` → `{ seq, record }`, `record` a PostRecord (src/service/records.ts) that
//   src/mocks/db/validate.ts's isPostRecord accepts, `seq` from the stored `meta.nextSeq` on;
// - `meta` → `{ schemaVersion, revision: revision + 1, nextSeq: nextSeq + count }`;
// - `log:<revision + 1>` → `{ replaced: true }`: a page holding an older copy reads everything
//   again rather than 10 000 records one by one (and the log entry that falls out of the
//   storage's LOG_LENGTH window, 500, is removed, as a commit does).
// The write holds the Web Lock the app's calls hold (`murmur-mock-api/database`), so no call of
// an open page runs meanwhile. If that layout changes, the app finds these records unreadable and
// replaces the database with the seed (with a console warning): the bench then sees no bench post
// on Home and stops (bench.mjs checks the first page's answer).

/** The seed's people (src/seed/users.ts). The guest follows Maya and Liam. */
export const SEED_PEOPLE = ['user-guest', 'user-maya', 'user-liam', 'user-sofia', 'user-noah'];

/**
 * Writes `count` posts into the mock database of the app page `page` (any route of the app whose
 * mock has started at least once, so the database exists). Post `n` (1-based) is by
 * `authors[(n - 1) % authors.length]`; they are one second apart, the newest a minute ago.
 *
 * @param {import('playwright-core').Page} page
 * @param {{ count: number, authors?: string[], databaseName?: string }} options
 * @returns {Promise<{ revision: number, posts: number, ms: number }>} the stored revision after
 *   the write, how many post records are stored, how long the write took in the page
 */
export function addPostsToMockStore(
  page,
  { count, authors = SEED_PEOPLE, databaseName = 'murmur-mock-api' },
) {
  return page.evaluate(
    async ({ count, authors, databaseName }) => {
      const started = performance.now();
      const done = (request) =>
        new Promise((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const finished = (transaction) =>
        new Promise((resolve, reject) => {
          transaction.oncomplete = () => resolve(undefined);
          transaction.onabort = transaction.onerror = () => reject(transaction.error);
        });
      // Words of a few lengths, a tag now and then, as people write.
      const texts = [
        'a bench post, a line of text.',
        'Long day at work, but the evening light over the river made up for it. #evening',
        'Trying a new recipe tonight: lentils, lemon, lots of garlic. Will report back.',
        'Reading on the train again. Three chapters in and I already miss the characters. #books',
        'Quick one: does anyone know a good bike shop near the station?',
      ];
      const maya = 'user-maya';
      return navigator.locks.request(`${databaseName}/database`, async () => {
        const db = await done(indexedDB.open(databaseName));
        try {
          if (!db.objectStoreNames.contains('keyval')) {
            throw new Error(`${databaseName} has no keyval store: has the app's mock started?`);
          }
          const reading = db.transaction('keyval', 'readonly').objectStore('keyval');
          const [meta, ...people] = await Promise.all([
            done(reading.get('meta')),
            ...authors.map((id) => done(reading.get(`users:${id}`))),
          ]);
          if (
            typeof meta?.revision !== 'number' ||
            typeof meta.nextSeq !== 'number' ||
            typeof meta.schemaVersion !== 'number'
          ) {
            throw new Error(`${databaseName} has no meta of storage.ts's layout: ${meta}`);
          }
          const missing = authors.filter((_, index) => people[index] === undefined);
          if (missing.length > 0) throw new Error(`no such people stored: ${missing.join(', ')}`);

          const revision = meta.revision + 1;
          const transaction = db.transaction('keyval', 'readwrite');
          const store = transaction.objectStore('keyval');
          const newest = Date.now() - 60_000;
          for (let index = 0; index < count; index += 1) {
            const n = index + 1;
            const time = newest - (count - n) * 1000;
            const stamp = `${new Date(time).toISOString().slice(0, 19)}+00:00`;
            const liked = n % 7 === 0;
            const record = {
              _id: `post-${time.toString(36)}-${n.toString(16).padStart(8, '0')}`,
              content: `Post ${n}: ${texts[n % texts.length]}`,
              authorId: authors[index % authors.length],
              createdAt: stamp,
              updatedAt: stamp,
              likeCount: liked ? 1 : 0,
              likedByIds: liked ? [maya] : [],
              dislikedByIds: [],
              comments: [],
            };
            store.put({ seq: meta.nextSeq + index, record }, `posts:${record._id}`);
          }
          store.put(
            { schemaVersion: meta.schemaVersion, revision, nextSeq: meta.nextSeq + count },
            'meta',
          );
          store.put({ replaced: true }, `log:${revision}`);
          store.delete(`log:${revision - 500}`);
          await finished(transaction);
          const counting = db.transaction('keyval', 'readonly').objectStore('keyval');
          const posts = await done(counting.count(IDBKeyRange.bound('posts:', 'posts:\uffff')));
          return { revision, posts, ms: Math.round(performance.now() - started) };
        } finally {
          db.close();
        }
      });
    },
    { count, authors, databaseName },
  );
}
