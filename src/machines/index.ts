/**
 * Murmur's machines: the only place app state changes.
 *
 * Design, in six rules:
 *
 * 1. Effects are actors. Each machine names its API calls in `setup({ actors })` with
 *    placeholders that reject; `createApiActors(api)` (effects.ts) derives the real ones from the
 *    endpoint table (src/api/endpoints.ts), one generic actor per endpoint, and tests / stories
 *    pass fakes: `machine.provide({ actors: { likePost: fromPromise(async () => ({ posts })) } })`.
 *    An actor's input is one flat object: the endpoint's path parameters, query, body fields and
 *    the token, which the table splits back into the request.
 * 2. Posts are stored once, by id (posts.ts): feeds, a profile's posts and the bookmarks are lists
 *    of ids, and a card reads its own record, so a like changes one record and draws one card.
 * 3. One system (system.ts): a root actor starts every machine under its `systemId` and routes what
 *    they emit to each other, in one table. The session machine is the one owner of the user and
 *    the token; the root hands each change to the machines that call the API as `SESSION`, which
 *    they keep in context, so their guards read only their own context.
 * 4. Machines talk to the outside only through emitted events (xstate `emit`), never by calling
 *    each other, the router or a toast library. `notify` (toasts) and `navigate` (the router) go
 *    up to the app; everything else goes to another machine, by the root's table.
 * 5. Actions that change server data run one at a time per machine on the optimistic queue
 *    (optimisticQueue.ts): what screens show is the server's latest answer with the changes of
 *    pending actions on top, and a refused action simply leaves the queue (its rollback).
 * 6. Selectors are plain functions beside each machine: over a snapshot (`selectPostById`)
 *    or over data plus the current user (`isLikedByMe(post, me)`). Components use them with
 *    `useSelector(actor, snapshot => …)`; none of the rules live in components.
 */
export * from './system';
export * from './appearance';
export * from './authForms';
export * from './cardComments';
export * from './changePassword';
export * from './demo';
export * from './drafts';
export * from './effects';
export * from './feed';
export * from './notifications';
export * from './notificationViews';
export * from './optimisticQueue';
export * from './imageUpload';
export * from './inbox';
export * from './live';
export * from './postDialog';
export * from './postRead';
export * from './posts';
export * from './profile';
export * from './search';
export * from './views';
export * from './session';
export * from './sorting';
export * from './storage';
export * from './people';
export * from './peopleRecords';
