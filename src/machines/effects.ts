import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { ApiClient } from '../api/client';
import {
  ENDPOINTS,
  type AnswerOf,
  type Auth,
  type BodyOf,
  type AnsweredName,
  type EndpointName,
  type ParamsOf,
  type QueryOf,
} from '../api/endpoints';
import type { MediaPurpose } from '../api/media';
import type { Media, PersonPage, PersonResponse, PostData } from '../api/types';
import type { FeedKey, FeedPage } from './feed';
import type { LiveStreamInput, StreamEvent } from './live';
import type { PeopleReadInput } from './people';
import { SUGGESTED_PAGE } from './peopleRecords';

/**
 * The API as actors, derived from the endpoint table (src/api/endpoints.ts). Every machine
 * declares its effects in `setup({ actors })` with the placeholders below (they reject until
 * provided); the app provides the real ones made here from the typed client, tests and stories
 * provide fakes with `machine.provide({ actors })`.
 *
 * An actor's input is its call's path parameters, body fields and query parameters in one flat
 * object, plus `token` for an endpoint that needs one (or may take one): `likePost` takes `{ postId, token }`,
 * `addComment` `{ postId, commentData, token }`. `endpointActor` splits it back by the table.
 */

type Spec<N extends EndpointName> = (typeof ENDPOINTS)[N];

type QueryFieldsOf<N extends EndpointName> = [QueryOf<N>] extends [never] ? unknown : QueryOf<N>;
type TokenOf<N extends EndpointName> =
  Spec<N> extends { auth: true }
    ? { token: string }
    : Spec<N> extends { auth: 'optional' }
      ? { token?: string | null }
      : unknown;
type BodyFieldsOf<N extends EndpointName> = [BodyOf<N>] extends [never] ? unknown : BodyOf<N>;
type Flat<T> = { [K in keyof T]: T[K] };

/** The input of an endpoint's actor; `undefined` for a call that takes nothing. */
export type CallInput<N extends EndpointName> = keyof Flat<
  ParamsOf<N> & BodyFieldsOf<N> & QueryFieldsOf<N> & TokenOf<N>
> extends never
  ? undefined
  : Flat<ParamsOf<N> & BodyFieldsOf<N> & QueryFieldsOf<N> & TokenOf<N>>;

/**
 * The actor of one endpoint: it splits its input into the path parameters, the query, the token
 * and the body as the table says, and calls the client. Stopping the actor aborts the request (a
 * search overtaken by newer typing).
 */
export function endpointActor<N extends AnsweredName>(api: ApiClient, name: N) {
  const spec: EndpointSpecLike = ENDPOINTS[name];
  const paramNames = Array.from(spec.path.matchAll(/:(\w+)/g), (match) => match[1] ?? '');
  const queryNames = Object.keys(spec.query ?? {});
  return fromPromise<AnswerOf<N>, CallInput<N>>(({ input, signal }) => {
    const all: Record<string, unknown> = { ...(input as object | undefined) };
    const pick = (names: readonly string[]) =>
      Object.fromEntries(names.map((key) => [key, String(all[key])]));
    const params = pick(paramNames);
    // Optional query parameters left out of the input stay out of the URL.
    const query =
      queryNames.length === 0
        ? undefined
        : pick(queryNames.filter((key) => all[key] !== undefined));
    const token =
      spec.auth === true || (spec.auth === 'optional' && typeof all.token === 'string')
        ? String(all.token)
        : undefined;
    // The body: whatever is neither a path parameter, a query parameter nor the token.
    const taken = new Set([...paramNames, ...queryNames, 'token']);
    const fields = Object.fromEntries(Object.entries(all).filter(([key]) => !taken.has(key)));
    return api.call(name, {
      params: params as ParamsOf<N>,
      ...(query === undefined ? {} : { query: query as QueryOf<N> }),
      ...(token === undefined ? {} : { token }),
      ...(spec.body === undefined ? {} : { body: fields as BodyOf<N> }),
      signal,
    });
  });
}

interface EndpointSpecLike {
  path: string;
  auth: Auth;
  body?: unknown;
  query?: Readonly<Record<string, unknown>>;
}

/** Create (no post id) or edit (the post's id): the post dialog's one call. */
export interface SavePostInput {
  postId: string | null;
  postData: PostData;
  token: string;
}

/** One page of a feed: which feed, where it starts (null: the first page), and the token. */
export interface FeedPageInput {
  feed: FeedKey;
  cursor: string | null;
  token: string | null;
}

/** The call that reads one page of a feed (feed.ts), by the feed's kind. */
function readFeedPage(
  api: ApiClient,
  { feed, cursor, token }: FeedPageInput,
  signal: AbortSignal,
): Promise<FeedPage> {
  const query = cursor === null ? {} : { cursor };
  // A public feed marks the reader's own likes when it is sent the token.
  const mine = token === null ? {} : { token };
  switch (feed.kind) {
    case 'home':
      return api.call('homeFeed', { token: token ?? '', query, signal });
    case 'latest':
      return api.call('latestFeed', { ...mine, query, signal });
    case 'trending':
      return api.call('trendingFeed', { ...mine, query, signal });
    case 'bookmarks':
      return api.call('bookmarkFeed', { token: token ?? '', query, signal });
    case 'hashtag':
      return api.call('hashtagFeed', { ...mine, params: { tag: feed.tag }, query, signal });
    case 'user':
      return api.call('userFeed', { ...mine, params: { username: feed.username }, query, signal });
  }
}

/** The call that reads a person, or a page of a list of people (people.ts), by what it asks. */
function readPeople(
  api: ApiClient,
  { request, token }: PeopleReadInput,
  signal: AbortSignal,
): Promise<PersonResponse | PersonPage> {
  // Whom the reader follows is marked when the read is sent the token.
  const mine = token === null ? {} : { token };
  if (request.kind === 'person') {
    return api.call('person', { ...mine, params: { username: request.username }, signal });
  }
  const { list, cursor } = request;
  const at = cursor === null ? {} : { cursor };
  switch (list.kind) {
    case 'suggested':
      return api.call('suggestedPeople', {
        token: token ?? '',
        query: { ...at, limit: SUGGESTED_PAGE },
        signal,
      });
    case 'followers':
    case 'following':
      return api.call(list.kind === 'followers' ? 'followersPage' : 'followingPage', {
        ...mine,
        params: { userId: list.userId },
        query: at,
        signal,
      });
  }
}

/** An image to upload: the picked file, what it is for, and the token. */
export interface UploadImageInput {
  file: Blob;
  purpose: MediaPurpose;
  token: string;
}

/** What an upload tells the machine that started it, as it goes and when it ends. */
export type UploadEvent =
  | { type: 'UPLOAD_PROGRESS'; sent: number; total: number }
  | { type: 'UPLOAD_DONE'; media: Media }
  | { type: 'UPLOAD_FAILED'; error: unknown };

/**
 * An upload as an actor that reports back as it goes (a promise could only say how it ended):
 * its progress, then its media or its failure. Stopping it (a cancel, a closed dialog) aborts the
 * request, and nothing more is reported.
 */
function uploadImageActor(api: ApiClient) {
  return fromCallback<EventObject, UploadImageInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    const report = (event: UploadEvent) => {
      if (!controller.signal.aborted) sendBack(event);
    };
    api
      .call('uploadMedia', {
        token: input.token,
        body: { file: input.file, purpose: input.purpose },
        signal: controller.signal,
        onUploadProgress: (sent, total) => report({ type: 'UPLOAD_PROGRESS', sent, total }),
      })
      .then(
        ({ media }) => report({ type: 'UPLOAD_DONE', media }),
        (error: unknown) => report({ type: 'UPLOAD_FAILED', error }),
      );
    return () => controller.abort();
  });
}

/**
 * The live stream while it is wanted: its openings, events and breaks told to the machine; a
 * refused token ends it (the machine's `STREAM.REFUSED`). Stopping the actor closes the stream.
 */
function liveStreamActor(api: ApiClient) {
  return fromCallback<StreamEvent, LiveStreamInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    const tell = (event: StreamEvent) => {
      if (!controller.signal.aborted) sendBack(event);
    };
    api
      .live(
        input.token,
        {
          onOpen: () => tell({ type: 'STREAM.OPEN' }),
          onEvent: (event) => tell({ type: 'STREAM.EVENT', event }),
          onDown: () => tell({ type: 'STREAM.DOWN' }),
          onUnauthorized: () => tell({ type: 'STREAM.REFUSED' }),
        },
        controller.signal,
      )
      .catch(() => tell({ type: 'STREAM.DOWN' }));
    return () => controller.abort();
  });
}

/** The real effects, under the names the machines give them; pass to `machine.provide`. */
export function createApiActors(api: ApiClient) {
  return {
    // auth
    login: endpointActor(api, 'login'),
    signup: endpointActor(api, 'signup'),
    editUser: endpointActor(api, 'editUser'),
    logout: endpointActor(api, 'logout'),
    changePassword: endpointActor(api, 'changePassword'),
    // the demo
    getDemoInfo: endpointActor(api, 'getDemoInfo'),
    resetDemoData: endpointActor(api, 'resetDemoData'),
    // posts
    loadPost: endpointActor(api, 'postPage'),
    loadFeedPage: fromPromise<FeedPage, FeedPageInput>(({ input, signal }) =>
      readFeedPage(api, input, signal),
    ),
    // The app's writes answer only the post they changed (or the id of the one deleted).
    uploadImage: uploadImageActor(api),
    savePost: fromPromise<AnswerOf<'publishPost'>, SavePostInput>(
      ({ input: { postId, postData, token }, signal }) =>
        postId === null
          ? api.call('publishPost', { token, body: { postData }, signal })
          : api.call('updatePost', { params: { postId }, token, body: { postData }, signal }),
    ),
    deletePost: endpointActor(api, 'removePost'),
    likePost: endpointActor(api, 'likeOne'),
    dislikePost: endpointActor(api, 'dislikeOne'),
    addComment: endpointActor(api, 'commentOn'),
    editComment: endpointActor(api, 'updateComment'),
    deleteComment: endpointActor(api, 'removeComment'),
    upvoteComment: endpointActor(api, 'upvoteOne'),
    downvoteComment: endpointActor(api, 'downvoteOne'),
    unvoteComment: endpointActor(api, 'unvoteOne'),
    // people: one read for a person or a page of a list; a follow answers the one person
    loadPeople: fromPromise<PersonResponse | PersonPage, PeopleReadInput>(({ input, signal }) =>
      readPeople(api, input, signal),
    ),
    followPerson: endpointActor(api, 'followOne'),
    unfollowPerson: endpointActor(api, 'unfollowOne'),
    bookmarkPost: endpointActor(api, 'bookmarkOne'),
    unbookmarkPost: endpointActor(api, 'unbookmarkOne'),
    search: endpointActor(api, 'search'),
    // notifications and the live stream
    loadNotifications: endpointActor(api, 'notifications'),
    unreadNotifications: endpointActor(api, 'unreadNotifications'),
    markNotificationsRead: endpointActor(api, 'markNotificationsRead'),
    liveStream: liveStreamActor(api),
  };
}

export type ApiActors = ReturnType<typeof createApiActors>;

// The inputs the machines build, by name (their tests build them too).
export type TokenInput = CallInput<'logout'>;
export type PostInput = CallInput<'likePost'>;
export type AddCommentInput = CallInput<'addComment'>;
export type CommentInput = CallInput<'removeComment'>;
export type EditCommentInput = CallInput<'updateComment'>;
export type EditUserInput = CallInput<'editUser'>;
export type ChangePasswordInput = CallInput<'changePassword'>;
export type FollowInput = CallInput<'followOne'>;
export type SearchInput = CallInput<'search'>;

/** A stand-in effect: fails loudly when a machine runs without its effects provided. */
export function notProvided<TOutput, TInput = undefined>(name: string) {
  return fromPromise<TOutput, TInput>(() =>
    Promise.reject(new Error(`The "${name}" actor was not provided.`)),
  );
}

/**
 * The effects a machine names in `setup({ actors })`, as stand-ins typed exactly like the real
 * ones of `createApiActors` (so each effect's input and output come from the table) that fail
 * loudly when a machine runs without them provided.
 */
export function placeholderActors<K extends keyof ApiActors>(...names: K[]): Pick<ApiActors, K> {
  return Object.fromEntries(
    names.map((name) => [name, notProvided<unknown, unknown>(name)]),
  ) as unknown as Pick<ApiActors, K>;
}
