import {
  ENDPOINTS,
  type AnswerOf,
  type BodyOf,
  type AnsweredName,
  type EndpointName,
  type ParamsOf,
  type QueryOf,
} from './endpoints';

import type { LiveHandlers } from './liveStream';

/** An upload's fields: the image file, what it is for (a post's by default), its description. */
export type UploadRequest = BodyOf<'uploadMedia'>;
import type {
  ChangePasswordRequest,
  CommentDataRequest,
  ErrorBody,
  ErrorsBody,
  LoginRequest,
  PostData,
  PostDataRequest,
  SignupRequest,
  UserData,
  UserDataRequest,
} from './types';

/** A failed call: the HTTP status (0 when the network failed) and the server's message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * When the app asked for a call that waited for `ready` (ms since the epoch): the mock's
 * simulated network delay counts from then, as a real request's time in flight would, so a call
 * held while the mock started is not delayed twice.
 */
export const ASKED_AT_HEADER = 'x-murmur-asked-at';

export interface ApiClientOptions {
  /** Where the API lives; `/api` in the browser, an absolute URL in Node (MSW needs one there). */
  baseUrl?: string;
  /** Resolved before every call: the app passes "the mock worker has started". */
  ready?: () => Promise<unknown>;
  fetch?: typeof fetch;
  /**
   * Called after every call that changed data on the server and was answered with success (every
   * POST and DELETE but login): the app tells its other tabs, which read the data again.
   */
  onChanged?: () => void;
}

/**
 * Calls that change only sessions, not data another tab shows (each tab learns of session changes
 * through storage): a success tells the other tabs nothing.
 */
const SESSION_ONLY: ReadonlySet<EndpointName> = new Set(['login', 'logout', 'changePassword']);

function messageFrom(body: unknown, status: number): string {
  if (typeof body === 'object' && body !== null) {
    const { errors } = body as Partial<ErrorsBody>;
    if (Array.isArray(errors) && typeof errors[0] === 'string') return errors.join(' ');
    const { error } = body as Partial<ErrorBody>;
    if (typeof error === 'string') return error;
  }
  return `Request failed with status ${status}`;
}

/** `?name=value&…` of the parameters given (an undefined one left out); '' when none. */
function queryString(query: Readonly<Record<string, string | number | undefined>> = {}): string {
  const entries = Object.entries(query).flatMap(([name, value]) =>
    value === undefined ? [] : [[name, String(value)]],
  );
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries).toString()}`;
}

/** A form of the fields of `body`: a Blob as a file, anything else as text; undefined left out. */
function formOf(body: unknown): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body ?? {})) {
    if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : name);
    else if (value !== undefined) form.append(name, String(value));
  }
  return form;
}

/** What an upload has sent so far: bytes sent of the body's total. */
export type UploadProgress = (sent: number, total: number) => void;

/**
 * A request sent through XMLHttpRequest, the one browser API that reports how much of a body has
 * gone out, answered as `fetch` answers it (a Response; a TypeError when the network fails, an
 * AbortError when `signal` aborts it).
 */
function sendWithProgress(
  url: string,
  init: { method: string; headers: Record<string, string>; body: XMLHttpRequestBodyInit | null },
  signal: AbortSignal | undefined,
  onProgress: UploadProgress,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    request.addEventListener('load', () => {
      const empty = request.status === 204 || request.status === 205 || request.status === 304;
      resolve(new Response(empty ? null : request.responseText, { status: request.status }));
    });
    request.addEventListener('error', () => reject(new TypeError('Network request failed')));
    request.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    if (signal?.aborted === true) request.abort();
    else request.send(init.body);
  });
}

/**
 * The typed API client: one function per endpoint. Authenticated calls send
 * the token as the raw value of the `authorization` header. Every failure throws `ApiError`.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? '/api').replace(/\/$/, '');
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  /**
   * Calls one endpoint of the table: its method and path come from there, its path parameters
   * are filled in (encoded), and the answer has the endpoint's type.
   */
  async function call<N extends AnsweredName>(
    name: N,
    {
      params,
      token,
      body,
      query,
      signal,
      onUploadProgress,
      changes = ENDPOINTS[name].method !== 'GET' && !SESSION_ONLY.has(name),
    }: {
      params?: ParamsOf<N>;
      token?: string;
      body?: BodyOf<N>;
      /** Query parameters, encoded onto the path (`?q=maya`); one left undefined is not sent. */
      query?: QueryOf<N>;
      /** Aborts the call (a search overtaken by newer typing); it then rejects. */
      signal?: AbortSignal;
      /**
       * Told how much of the body has been sent, as it goes, where the browser can say
       * (XMLHttpRequest); never elsewhere (the answer then says it all arrived).
       */
      onUploadProgress?: UploadProgress;
      /** Whether a success changed data (the app then tells its other tabs). */
      changes?: boolean;
    } = {},
  ): Promise<AnswerOf<N>> {
    const { method, path } = ENDPOINTS[name];
    const filled = path.replace(/:(\w+)/g, (_match, param: string) =>
      encodeURIComponent((params as Record<string, string> | undefined)?.[param] ?? ''),
    );
    const askedAt = Date.now();
    await options.ready?.();
    const search = queryString(query);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.ready !== undefined) headers[ASKED_AT_HEADER] = String(askedAt);
    if (token !== undefined) headers.authorization = token;
    // An upload goes as a form (the browser writes its Content-Type with the boundary).
    const form = 'form' in ENDPOINTS[name];
    if (body !== undefined && !form) headers['content-type'] = 'application/json';
    const url = `${baseUrl}${filled}${search}`;
    const sent = body === undefined ? null : form ? formOf(body) : JSON.stringify(body);
    // Progress as it goes needs XMLHttpRequest: only in a browser, and only when no fetch was
    // handed in (tests hand one in to answer calls themselves).
    const streamed =
      onUploadProgress !== undefined &&
      options.fetch === undefined &&
      typeof XMLHttpRequest === 'function';
    let response: Response;
    try {
      response = streamed
        ? await sendWithProgress(url, { method, headers, body: sent }, signal, onUploadProgress)
        : await doFetch(url, {
            method,
            headers,
            body: sent,
            ...(signal === undefined ? {} : { signal }),
          });
    } catch {
      throw new ApiError(0, 'Network error. Please check your connection and try again.');
    }
    const text = await response.text();
    let data: unknown = undefined;
    if (text !== '') {
      try {
        data = JSON.parse(text);
      } catch {
        data = undefined;
      }
    }
    if (!response.ok) throw new ApiError(response.status, messageFrom(data, response.status));
    if (changes) options.onChanged?.();
    // The server answers as the table says; the contract suite checks every answer against it.
    return data as AnswerOf<N>;
  }

  return {
    /** Any endpoint of the table by name: what the machines' effects call (effects.ts). */
    call,

    /**
     * The signed-in person's live events (`GET /stream`), told to `handlers` until `signal`
     * aborts (or the token is refused); it reconnects by itself and resumes where it was.
     */
    async live(token: string, handlers: LiveHandlers, signal: AbortSignal): Promise<void> {
      await options.ready?.();
      // Loaded when first wanted (after a sign-in): the login page's first paint does without it.
      const { readLiveStream } = await import('./liveStream');
      const url = `${baseUrl}${ENDPOINTS.stream.path}`;
      return readLiveStream(url, token, handlers, { signal, fetch: doFetch });
    },

    // auth
    signup: (body: SignupRequest) => call('signup', { body }),
    login: (body: LoginRequest) => call('login', { body }),
    /** Ends the session this token belongs to, on the server: the token is refused from then on. */
    logout: (token: string) => call('logout', { token }),
    /** Changes the password (the current one required) and ends every other session of the person. */
    changePassword: (body: ChangePasswordRequest, token: string) =>
      call('changePassword', { token, body }),

    // posts
    getPosts: () => call('getPosts'),
    getPost: (postId: string) => call('getPost', { params: { postId } }),
    getUserPosts: (username: string) => call('getUserPosts', { params: { username } }),
    createPost: (postData: PostData, token: string) =>
      call('createPost', { token, body: { postData } satisfies PostDataRequest }),
    editPost: (postId: string, postData: PostData, token: string) =>
      call('editPost', {
        params: { postId },
        token,
        body: { postData } satisfies PostDataRequest,
      }),
    deletePost: (postId: string, token: string) =>
      call('deletePost', { params: { postId }, token }),
    likePost: (postId: string, token: string) => call('likePost', { params: { postId }, token }),
    dislikePost: (postId: string, token: string) =>
      call('dislikePost', { params: { postId }, token }),

    // comments
    getComments: (postId: string) => call('getComments', { params: { postId } }),
    addComment: (postId: string, commentData: string, token: string) =>
      call('addComment', {
        params: { postId },
        token,
        body: { commentData } satisfies CommentDataRequest,
      }),
    editComment: (postId: string, commentId: string, commentData: string, token: string) =>
      call('editComment', {
        params: { postId, commentId },
        token,
        body: { commentData } satisfies CommentDataRequest,
      }),
    deleteComment: (postId: string, commentId: string, token: string) =>
      call('deleteComment', { params: { postId, commentId }, token }),
    upvoteComment: (postId: string, commentId: string, token: string) =>
      call('upvoteComment', { params: { postId, commentId }, token }),
    /** An addition to the contract: withdraws the caller's vote, up or down. */
    unvoteComment: (postId: string, commentId: string, token: string) =>
      call('unvoteComment', { params: { postId, commentId }, token }),
    downvoteComment: (postId: string, commentId: string, token: string) =>
      call('downvoteComment', { params: { postId, commentId }, token }),

    // users
    getUsers: () => call('getUsers'),
    getUser: (userId: string) => call('getUser', { params: { userId } }),
    editUser: (userData: UserData, token: string) =>
      call('editUser', { token, body: { userData } satisfies UserDataRequest }),
    getBookmarks: (token: string) => call('getBookmarks', { token }),
    bookmarkPost: (postId: string, token: string) =>
      call('bookmarkPost', { params: { postId }, token }),
    removeBookmark: (postId: string, token: string) =>
      call('removeBookmark', { params: { postId }, token }),
    followUser: (followUserId: string, token: string) =>
      call('followUser', { params: { followUserId }, token }),
    unfollowUser: (followUserId: string, token: string) =>
      call('unfollowUser', { params: { followUserId }, token }),

    // search (an addition to the spec's contract)
    /**
     * People and posts matching `query`, ranked and capped (rules.ts `SEARCH_RULE`); `signal`
     * aborts a search that newer typing made stale.
     */
    search: (query: string, signal?: AbortSignal) =>
      call('search', { query: { q: query }, ...(signal === undefined ? {} : { signal }) }),

    // the demo (an addition to the spec's contract)
    /** Whether the guest account exists and the demo reset is on, on this server. */
    getDemoInfo: () => call('getDemoInfo'),
    resetDemoData: (token: string) => call('resetDemoData', { token }),

    // media (an addition to the spec's contract)
    /** Uploads an image: its link, sides and placeholder, to send as `imgContent` or `profile`. */
    uploadMedia: (upload: UploadRequest, token: string) =>
      call('uploadMedia', { token, body: upload }),

    /** This API as an OpenAPI 3.1 document. */
    getOpenApi: () => call('getOpenApi'),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
