/**
 * Murmur's machines: the only place app state changes.
 *
 * Design, in five rules:
 *
 * 1. Effects are actors. Each machine names its API calls in `setup({ actors })` with
 *    placeholders that reject; `createApiActors(api)` (effects.ts) makes the real ones from the
 *    typed client, and tests / stories pass fakes: `machine.provide({ actors: { likePost:
 *    fromPromise(async () => ({ posts })) } })`. An actor's input is its client call's arguments.
 * 2. Auth is the one owner of the user and the token. It emits `session` whenever they change;
 *    `connectActors` forwards it to posts, users and the post dialog as `{ type: 'SESSION' }`,
 *    which they keep in context, so their guards read only their own context.
 * 3. Machines talk to the outside only through emitted events (xstate `emit`), never by calling
 *    each other, the router or a toast library:
 *    - `notify` { kind, message }        every machine -> the app's one toast place
 *    - `navigate` { to }                 auth -> the router
 *    - `sessionExpired`                  posts, users, postDialog, changePassword (a 401)
 *                                        -> auth `SESSION_EXPIRED`
 *    - `postsChanged` { posts }          postDialog -> posts `REPLACE`
 *    - `userUpdated` { user }            users (follow answers) -> auth `USER_UPDATED`
 *    - `session` { session }             auth -> posts / users / postDialog / changePassword
 *                                        `SESSION`
 *    - `profileUpdated` { user }         auth -> posts / users `RELOAD` (names, avatars)
 *    `connectActors` does exactly this forwarding; `createAppActors` builds and wires them all.
 * 4. Actions that change server data run one at a time per machine on the optimistic queue
 *    (optimisticQueue.ts): what screens show is the server's latest answer with the changes of
 *    pending actions on top, and a refused action simply leaves the queue (its rollback).
 * 5. Selectors are plain functions beside each machine: over a snapshot (`selectPostsStatus`)
 *    or over data plus the current user (`isLikedByMe(post, me)`). Components use them with
 *    `useSelector(actor, snapshot => …)`; none of the rules live in components.
 */
import { createActor, type Actor } from 'xstate';
import type { ApiClient } from '../api/client';
import { appearanceMachine, currentSystemScheme } from './appearance';
import { authMachine, defaultStorage, selectSession, type StorageLike } from './auth';
import { changePasswordMachine } from './changePassword';
import { demoMachine, type DemoOffer } from './demo';
import { createApiActors } from './effects';
import type { NotifyEvent } from './notifications';
import type { Session } from './session';
import { postDialogMachine } from './postDialog';
import { postsMachine } from './posts';
import { searchMachine } from './search';
import { sortingMachine } from './sorting';
import { usersMachine } from './users';

export * from './appearance';
export * from './auth';
export * from './changePassword';
export * from './demo';
export * from './drafts';
export * from './effects';
export * from './notifications';
export * from './optimisticQueue';
export * from './postDialog';
export * from './posts';
export * from './search';
export * from './views';
export * from './session';
export * from './sorting';
export * from './users';

export interface AppActors {
  auth: Actor<typeof authMachine>;
  posts: Actor<typeof postsMachine>;
  users: Actor<typeof usersMachine>;
  postDialog: Actor<typeof postDialogMachine>;
  sorting: Actor<typeof sortingMachine>;
  appearance: Actor<typeof appearanceMachine>;
  search: Actor<typeof searchMachine>;
  changePassword: Actor<typeof changePasswordMachine>;
  demo: Actor<typeof demoMachine>;
}

export interface ConnectHandlers {
  /** Every notification of every machine: turn it into a toast. */
  onNotify?: (event: NotifyEvent) => void;
  /** Where auth wants to go after login, sign-up, logout or an expired session. */
  onNavigate?: (to: string) => void;
}

/** Forwards the machines' emitted events to each other and to the app. Returns a disconnect. */
export function connectActors(
  actors: Pick<AppActors, 'auth' | 'posts' | 'users' | 'postDialog' | 'changePassword'>,
  handlers: ConnectHandlers = {},
): () => void {
  const { auth, posts, users, postDialog, changePassword } = actors;
  const expire = () => auth.send({ type: 'SESSION_EXPIRED' });
  const notify = (event: NotifyEvent) => handlers.onNotify?.(event);
  const forwardSession = (session: Session) => {
    for (const actor of [posts, users, postDialog, changePassword]) {
      actor.send({ type: 'SESSION', session });
    }
  };
  // The session auth restored from storage, before any change is emitted.
  forwardSession(selectSession(auth.getSnapshot()));
  const subscriptions = [
    posts.on('sessionExpired', expire),
    users.on('sessionExpired', expire),
    postDialog.on('sessionExpired', expire),
    changePassword.on('sessionExpired', expire),
    postDialog.on('postsChanged', ({ posts: list }) =>
      posts.send({ type: 'REPLACE', posts: list }),
    ),
    posts.on('postDeleted', ({ postId }) => postDialog.send({ type: 'POST_DELETED', postId })),
    users.on('userUpdated', ({ user }) => auth.send({ type: 'USER_UPDATED', user })),
    auth.on('session', ({ session }) => forwardSession(session)),
    auth.on('profileUpdated', () => {
      posts.send({ type: 'RELOAD' });
      users.send({ type: 'RELOAD' });
    }),
    auth.on('navigate', ({ to }) => handlers.onNavigate?.(to)),
    auth.on('notify', notify),
    posts.on('notify', notify),
    users.on('notify', notify),
    postDialog.on('notify', notify),
    changePassword.on('notify', notify),
  ];
  return () => {
    for (const subscription of subscriptions) subscription.unsubscribe();
  };
}

export interface AppActorsOptions extends ConnectHandlers {
  /**
   * Where auth keeps the session, the post dialog its drafts and the appearance its choice;
   * defaults to `window.localStorage`.
   */
  storage?: StorageLike | null;
  /**
   * What the login page and the profile offer of the demo (the guest, the reset) until the server
   * has said (demo.ts); default: neither.
   */
  demoAssumed?: DemoOffer;
}

/**
 * Every machine as a started actor, on the real API, wired together. `stop()` disconnects and
 * stops them. The app creates this once; integration tests create one per test.
 */
export function createAppActors(
  api: ApiClient,
  options: AppActorsOptions = {},
): AppActors & { stop: () => void } {
  const effects = createApiActors(api);
  const auth = createActor(authMachine.provide({ actors: effects }), {
    input: options.storage === undefined ? {} : { storage: options.storage },
  });
  const actors: AppActors = {
    auth,
    posts: createActor(postsMachine.provide({ actors: effects }), { input: {} }),
    users: createActor(usersMachine.provide({ actors: effects }), { input: {} }),
    postDialog: createActor(postDialogMachine.provide({ actors: effects }), {
      input: options.storage === undefined ? {} : { storage: options.storage },
    }),
    sorting: createActor(sortingMachine),
    appearance: createActor(appearanceMachine, {
      input: {
        storage: options.storage === undefined ? defaultStorage() : options.storage,
        system: currentSystemScheme(),
      },
    }),
    search: createActor(searchMachine.provide({ actors: effects })),
    changePassword: createActor(changePasswordMachine.provide({ actors: effects }), { input: {} }),
    demo: createActor(demoMachine.provide({ actors: effects }), {
      input: options.demoAssumed === undefined ? {} : { assumed: options.demoAssumed },
    }),
  };
  const all = [
    actors.auth,
    actors.posts,
    actors.users,
    actors.postDialog,
    actors.sorting,
    actors.appearance,
    actors.search,
    actors.changePassword,
    actors.demo,
  ];
  for (const actor of all) actor.start();
  const disconnect = connectActors(actors, options);
  return {
    ...actors,
    stop: () => {
      disconnect();
      for (const actor of all) actor.stop();
    },
  };
}
