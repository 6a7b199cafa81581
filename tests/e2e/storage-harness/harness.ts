/**
 * One browser tab's mock database over IndexedDB and the Web Locks API, as the app has it, driven
 * from Node by tests/e2e/storage.property.mjs: `call` runs one step of the random sequences in a
 * transaction and reports the position the lock gave it, the state it entered with and whether
 * the service accepted it. `?reference` makes a database in memory only: the one the tabs
 * together must behave like.
 */
import { createStore, get, set } from 'idb-keyval';
import { createDatabase, openDatabase, type Database } from '../../../src/mocks/db/database';
import { createIndexedDbStorage } from '../../../src/mocks/db/storage';
import { mockServiceContext } from '../../../src/mocks/handlers';
import { auth, comments, posts, users } from '../../../src/service';

interface Step {
  action: string;
  actor: number;
  target: number;
  text: string;
}

const NOW = new Date('2026-11-22T10:00:00Z');

let currentStep = 0;
// Ids and salts depend only on the step, so a step makes the same ids in a tab and the reference.
crypto.getRandomValues = <T extends ArrayBufferView | null>(array: T): T => {
  if (array === null) return array;
  const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  bytes.forEach((_, index) => {
    bytes[index] = (currentStep * 31 + index * 7) % 256;
  });
  return array;
};

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

function run(db: Database, step: Step): Promise<unknown> {
  const ctx = mockServiceContext(db, { now: () => NOW });
  const { state } = db;
  const postIds = [...state.posts.map((post) => post._id), 'post-unknown'];
  const postId = pick(postIds, step.target);
  const actorId = pick(state.users, step.actor)._id;
  const userId = pick(state.users, step.target)._id;
  const commentId =
    state.posts.find((post) => post._id === postId)?.comments[0]?._id ?? 'comment-unknown';
  return Promise.resolve().then((): unknown => {
    switch (step.action) {
      case 'createPost':
        return posts.createPost(ctx, actorId, { postData: { content: step.text } });
      case 'editPost':
        return posts.editPost(ctx, actorId, postId, { postData: { content: step.text } });
      case 'deletePost':
        return posts.deletePost(ctx, actorId, postId);
      case 'like':
        return posts.likePost(ctx, actorId, postId);
      case 'dislike':
        return posts.dislikePost(ctx, actorId, postId);
      case 'addComment':
        return comments.addComment(ctx, actorId, postId, { commentData: step.text });
      case 'upvote':
        return comments.upvoteComment(ctx, actorId, postId, commentId);
      case 'bookmark':
        return users.bookmarkPost(ctx, actorId, postId);
      case 'follow':
        return users.followUser(ctx, actorId, userId);
      case 'unfollow':
        return users.unfollowUser(ctx, actorId, userId);
      case 'editUser':
        return users.editUser(ctx, actorId, { userData: { bio: step.text } });
      case 'signup':
        return auth.signup(ctx, {
          firstName: 'New',
          lastName: 'Person',
          username: `new_${step.target}`,
          password: 'secret12',
        });
      default:
        throw new Error(`unknown action ${step.action}`);
    }
  });
}

const reference = new URLSearchParams(location.search).has('reference');
const databaseName = new URLSearchParams(location.search).get('db') ?? 'harness';
// The lock's order, counted across tabs in IndexedDB, which every tab reads consistently.
// (localStorage was tried first: Chromium shares it between renderer processes asynchronously,
// so under load a tab taking the lock could still read the count from before the previous
// holder's write, and two steps claimed one position.)
const orderStore = createStore(`${databaseName}-order`, 'order');
const opened: Promise<Database> = reference
  ? Promise.resolve(createDatabase())
  : openDatabase(createIndexedDbStorage({ databaseName }));

async function call(step: Step, index: number) {
  const db = await opened;
  const work = async () => {
    const position = reference ? 0 : ((await get<number>('position', orderStore)) ?? 0);
    if (!reference) await set('position', position + 1, orderStore);
    const entered = JSON.stringify(db.state);
    currentStep = index;
    const outcome = await run(db, step).then(
      () => 'ok',
      () => 'refused',
    );
    return { position, entered, outcome };
  };
  return reference ? work() : db.transaction(work);
}

async function state(): Promise<string> {
  const db = await opened;
  if (!reference) await db.transaction(() => Promise.resolve());
  return JSON.stringify(db.state);
}

Object.assign(window, { harness: { call, state, ready: opened.then(() => true) } });
