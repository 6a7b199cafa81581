/**
 * The app as one system of actors. The root starts every machine once, each under its
 * `systemId`, and is the one place where what one machine says reaches another.
 *
 * Machines never call each other: each emits what happened (xstate `emit`). The root listens to
 * every child (`relay`) and routes by the table in its `on` below, where each entry reads
 * "<child>.<what it emitted>": a 401 anywhere ends the session, a login starts it, the session's
 * changes reach the machines that call the API on the person's behalf, and so on. `notify` and
 * `navigate` are for the app, not for a machine: the root emits them itself, and the app turns
 * them into toasts and router moves (`root.on('notify', …)`).
 *
 * Effects come in with `provide`: `createAppSystem(api)` gives every machine the real API
 * (effects.ts); tests give the root's children fakes the same way.
 */
import {
  createActor,
  emit,
  enqueueActions,
  fromCallback,
  sendTo,
  setup,
  type Actor,
  type ActorRefFrom,
  type AnyActorRef,
  type EmittedFrom,
  type EventObject,
} from 'xstate';
import type { ApiClient } from '../api/client';
import { appearanceMachine, currentSystemScheme, type ColorScheme } from './appearance';
import { authFormsMachine } from './authForms';
import { changePasswordMachine } from './changePassword';
import { demoMachine, type DemoOffer } from './demo';
import { createApiActors } from './effects';
import type { NavigateEvent, NotifyEvent, ResolvedEvent } from './notifications';
import { feedMachine } from './feed';
import { postReadMachine } from './postRead';
import { imageUploadMachine } from './imageUpload';
import { inboxMachine } from './inbox';
import { liveMachine } from './live';
import { postDialogMachine } from './postDialog';
import { postsMachine, type PostsEvent } from './posts';
import { profileMachine } from './profile';
import { searchMachine } from './search';
import { selectSession, sessionMachine, type Session } from './session';
import { sortingMachine } from './sorting';
import { defaultStorage, type StorageLike } from './storage';
import { peopleMachine, peopleReadMachine } from './people';
import { userAfterFollowSeen, userFollowing } from './peopleRecords';

/** Every machine of the app, by the `systemId` it runs under. */
const MACHINES = {
  session: sessionMachine,
  authForms: authFormsMachine,
  profile: profileMachine,
  demo: demoMachine,
  posts: postsMachine,
  people: peopleMachine,
  postDialog: postDialogMachine,
  changePassword: changePasswordMachine,
  search: searchMachine,
  sorting: sortingMachine,
  appearance: appearanceMachine,
  live: liveMachine,
  inbox: inboxMachine,
};

type Machines = typeof MACHINES;
export type SystemId = keyof Machines;

/** The running machines, by `systemId`: what the pages read and send to. */
export type AppActors = { [Id in SystemId]: ActorRefFrom<Machines[Id]> };

/** The machines that call the API on the person's behalf: they hold the session's token. */
const HOLD_THE_SESSION = [
  'live',
  'inbox',
  'posts',
  'people',
  'postDialog',
  'changePassword',
  'profile',
  'demo',
] as const;

/** What the machines say to the app rather than to each other. */
type AppFacing = NotifyEvent | ResolvedEvent | NavigateEvent;
const APP_FACING: ReadonlySet<string> = new Set<AppFacing['type']>([
  'notify',
  'resolved',
  'navigate',
]);

/** A child's emitted event as the root receives it: its type prefixed with the child's id. */
type FromChild<Id extends string, E> = E extends AppFacing
  ? never
  : E extends { type: infer T extends string }
    ? Omit<E, 'type'> & { type: `${Id}.${T}` }
    : never;
export type AppEvent =
  AppFacing | { [Id in SystemId]: FromChild<Id, EmittedFrom<Machines[Id]>> }[SystemId];

/** Hears every child and hands what it emits to the root (see the file's comment). */
const relay = fromCallback<EventObject, Record<string, AnyActorRef>>(({ input, sendBack }) => {
  const subscriptions = Object.entries(input).map(([id, child]) =>
    child.on('*', (event: EventObject) => {
      sendBack(APP_FACING.has(event.type) ? event : { ...event, type: `${id}.${event.type}` });
    }),
  );
  return () => {
    for (const subscription of subscriptions) subscription.unsubscribe();
  };
});

export interface AppInput {
  /**
   * Where the session, the post dialog's drafts and the appearance's choice are kept; defaults
   * to `window.localStorage`, `null` keeps them in memory.
   */
  storage?: StorageLike | null;
  /** What the demo is assumed to offer until the server has said (demo.ts); default: neither. */
  demoAssumed?: DemoOffer;
  /** The device's colour scheme now; default: what the browser says. */
  systemScheme?: ColorScheme;
}

/** A follow seen: the feeds read again, and Home drops the posts of whom I stopped following. */
const reloadAfterFollow = (unfollowed: string | undefined): PostsEvent =>
  unfollowed === undefined ? { type: 'RELOAD' } : { type: 'RELOAD', unfollowed };

export const appMachine = setup({
  types: {
    context: {} as AppActors,
    events: {} as AppEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- carries the type
    input: {} as AppInput,
    emitted: {} as AppFacing,
  },
  actors: { ...MACHINES, relay },
  actions: {
    /** Who is signed in, handed to every machine that calls the API on the person's behalf. */
    handOnSession: enqueueActions(({ context, enqueue }, params: { session: Session }) => {
      for (const id of HOLD_THE_SESSION) {
        enqueue.sendTo(context[id], { type: 'SESSION', session: params.session });
      }
    }),
    expireSession: sendTo(({ context }) => context.session, { type: 'SESSION_EXPIRED' } as const),
    toApp: emit((_, event: AppFacing) => event),
  },
}).createMachine({
  id: 'app',
  context: ({ spawn, input }) => {
    const { storage, demoAssumed, systemScheme } = { ...input };
    const stored = storage === undefined ? {} : { storage };
    return {
      session: spawn('session', { id: 'session', systemId: 'session', input: stored }),
      authForms: spawn('authForms', { id: 'authForms', systemId: 'authForms' }),
      profile: spawn('profile', { id: 'profile', systemId: 'profile' }),
      demo: spawn('demo', {
        id: 'demo',
        systemId: 'demo',
        input: demoAssumed === undefined ? {} : { assumed: demoAssumed },
      }),
      posts: spawn('posts', { id: 'posts', systemId: 'posts', input: {} }),
      people: spawn('people', { id: 'people', systemId: 'people', input: {} }),
      postDialog: spawn('postDialog', { id: 'postDialog', systemId: 'postDialog', input: stored }),
      changePassword: spawn('changePassword', {
        id: 'changePassword',
        systemId: 'changePassword',
        input: {},
      }),
      search: spawn('search', { id: 'search', systemId: 'search' }),
      sorting: spawn('sorting', { id: 'sorting', systemId: 'sorting' }),
      live: spawn('live', { id: 'live', systemId: 'live' }),
      inbox: spawn('inbox', { id: 'inbox', systemId: 'inbox' }),
      appearance: spawn('appearance', {
        id: 'appearance',
        systemId: 'appearance',
        input: {
          storage: storage === undefined ? defaultStorage() : storage,
          system: systemScheme ?? currentSystemScheme(),
        },
      }),
    };
  },
  invoke: { src: 'relay', input: ({ context }) => ({ ...context }) },
  // The session storage held when the app started, before any change is emitted.
  entry: {
    type: 'handOnSession',
    params: ({ context }) => ({ session: selectSession(context.session.getSnapshot()) }),
  },
  on: {
    // Up to the app: toasts and the router.
    notify: { actions: { type: 'toApp', params: ({ event }) => event } },
    resolved: { actions: { type: 'toApp', params: ({ event }) => event } },
    navigate: { actions: { type: 'toApp', params: ({ event }) => event } },

    // The session is the one owner of who is signed in.
    'session.session': {
      actions: { type: 'handOnSession', params: ({ event }) => ({ session: event.session }) },
    },
    'authForms.authenticated': {
      actions: sendTo(
        ({ context }) => context.session,
        ({ event }) => ({ type: 'SIGNED_IN', session: event.session, to: event.to }) as const,
      ),
    },
    // A follow or unfollow went through: the session's user follows them (or not), as the server
    // keeps it; Home's authors changed, so the feeds read again.
    'people.followed': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const me = selectSession(context.session.getSnapshot()).user;
        if (me === null) return;
        const { person } = event;
        const user = userFollowing(me, person, person.followedByMe);
        enqueue.sendTo(context.session, { type: 'USER_UPDATED', user });
        enqueue.sendTo(
          context.posts,
          reloadAfterFollow(person.followedByMe ? undefined : person.username),
        );
      }),
    },
    // The profile changed: posts and people carry the author's name and avatar, so read again.
    'profile.profileUpdated': {
      actions: [
        sendTo(
          ({ context }) => context.session,
          ({ event }) => ({ type: 'USER_UPDATED', user: event.user }) as const,
        ),
        sendTo(({ context }) => context.posts, { type: 'RELOAD' } as const),
        sendTo(
          ({ context }) => context.people,
          ({ event }) => ({ type: 'PERSON.EDITED', user: event.user }) as const,
        ),
      ],
    },
    'demo.demoReset': {
      actions: sendTo(({ context }) => context.session, { type: 'DEMO_RESET' } as const),
    },

    // A call answered 401: the token is no longer valid, wherever it was used.
    'posts.sessionExpired': { actions: 'expireSession' },
    'people.sessionExpired': { actions: 'expireSession' },
    'postDialog.sessionExpired': { actions: 'expireSession' },
    'changePassword.sessionExpired': { actions: 'expireSession' },
    'profile.sessionExpired': { actions: 'expireSession' },
    'demo.sessionExpired': { actions: 'expireSession' },
    'live.sessionExpired': { actions: 'expireSession' },
    'inbox.sessionExpired': { actions: 'expireSession' },

    // The live stream: each event to the machine it concerns.
    'live.post': {
      actions: sendTo(
        ({ context }) => context.posts,
        ({ event }) => ({ type: 'LIVE', event: { ...event, type: 'post' } }) as const,
      ),
    },
    'live.counts': {
      actions: sendTo(
        ({ context }) => context.posts,
        ({ event }) => ({ type: 'LIVE', event: { ...event, type: 'counts' } }) as const,
      ),
    },
    'live.bookmark': {
      actions: sendTo(
        ({ context }) => context.posts,
        ({ event }) => ({ type: 'LIVE', event: { ...event, type: 'bookmark' } }) as const,
      ),
    },
    'live.inbox': {
      actions: sendTo(
        ({ context }) => context.inbox,
        ({ event }) => ({ type: 'UNREAD', unread: event.unread }) as const,
      ),
    },
    // A follow of or by the signed-in person: the people held read again (counts, follow state).
    // One they made elsewhere (another tab, another device) is the session user's too, and Home's
    // authors changed, as after a follow here.
    'live.follow': {
      guard: ({ context, event }) => {
        const me = selectSession(context.session.getSnapshot()).user?._id;
        return me === event.followerId || me === event.followeeId;
      },
      actions: enqueueActions(({ context, event, enqueue }) => {
        enqueue.sendTo(context.people, { type: 'CHANGED_ELSEWHERE' });
        const me = selectSession(context.session.getSnapshot()).user;
        const user = me === null ? null : userAfterFollowSeen(me, { ...event, type: 'follow' });
        if (user === null) return;
        enqueue.sendTo(context.session, { type: 'USER_UPDATED', user });
        const unfollowed =
          !event.following && event.followerId === user._id ? event.followee?.username : undefined;
        enqueue.sendTo(context.posts, reloadAfterFollow(unfollowed));
      }),
    },
    // The stream could not resume where it was: what is on screen is read again.
    'live.reset': {
      actions: [
        sendTo(({ context }) => context.posts, { type: 'RELOAD' } as const),
        sendTo(({ context }) => context.people, { type: 'CHANGED_ELSEWHERE' } as const),
        sendTo(({ context }) => context.inbox, { type: 'RELOAD' } as const),
      ],
    },

    // Posts are stored once, in the posts machine, whoever read or wrote them.
    'postDialog.postSaved': {
      actions: sendTo(
        ({ context }) => context.posts,
        ({ event }) => ({ type: 'STORE_POST', post: event.post, created: event.created }) as const,
      ),
    },
    'posts.postDeleted': {
      actions: sendTo(
        ({ context }) => context.postDialog,
        ({ event }) => ({ type: 'POST_DELETED', postId: event.postId }) as const,
      ),
    },
  },
});

export type AppSystem = Actor<typeof appMachine>;

export interface AppSystemOptions extends AppInput {
  /** Every machine's notification: the app's toasts. */
  onNotify?: (event: NotifyEvent) => void;
  /** A toast's problem is fixed: the app closes that toast. */
  onResolved?: (event: ResolvedEvent) => void;
  /** Where the session wants the person to go (login, sign-up, logout, expiry): the router. */
  onNavigate?: (to: string) => void;
}

/** The root and its machines on the real API, started. `root.stop()` stops them all. */
export function createAppSystem(api: ApiClient, options: AppSystemOptions = {}): AppSystem {
  const effects = createApiActors(api);
  // A picked image's upload: the post dialog's and the profile's.
  const imageUpload = imageUploadMachine.provide({ actors: effects });
  const { onNotify, onResolved, onNavigate, ...input } = options;
  const root = createActor(
    appMachine.provide({
      actors: {
        session: sessionMachine.provide({ actors: effects }),
        authForms: authFormsMachine.provide({ actors: effects }),
        profile: profileMachine.provide({ actors: { ...effects, imageUpload } }),
        demo: demoMachine.provide({ actors: effects }),
        posts: postsMachine.provide({
          actors: {
            ...effects,
            feed: feedMachine.provide({ actors: effects }),
            postRead: postReadMachine.provide({ actors: effects }),
          },
        }),
        people: peopleMachine.provide({
          actors: { ...effects, peopleRead: peopleReadMachine.provide({ actors: effects }) },
        }),
        postDialog: postDialogMachine.provide({ actors: { ...effects, imageUpload } }),
        changePassword: changePasswordMachine.provide({ actors: effects }),
        search: searchMachine.provide({ actors: effects }),
        live: liveMachine.provide({ actors: effects }),
        inbox: inboxMachine.provide({ actors: effects }),
      },
    }),
    { input },
  );
  if (onNotify) root.on('notify', onNotify);
  if (onResolved) root.on('resolved', onResolved);
  if (onNavigate) root.on('navigate', ({ to }) => onNavigate(to));
  return root.start();
}

/** The running machines of a system, by `systemId`. */
export function appActorsOf(root: AppSystem): AppActors {
  return root.getSnapshot().context;
}
