import type {
  BookmarksResponse,
  ChangePasswordRequest,
  CommentDataRequest,
  CommentsAndPostsResponse,
  CommentsResponse,
  DemoInfoResponse,
  DemoResetResponse,
  ErrorBody,
  ErrorsBody,
  FollowResponse,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  PostData,
  PostDataRequest,
  PostResponse,
  PostsResponse,
  SearchResponse,
  SignupRequest,
  SignupResponse,
  UserData,
  UserDataRequest,
  UserResponse,
  UsersResponse,
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

type Method = 'GET' | 'POST' | 'DELETE';

function messageFrom(body: unknown, status: number): string {
  if (typeof body === 'object' && body !== null) {
    const { errors } = body as Partial<ErrorsBody>;
    if (Array.isArray(errors) && typeof errors[0] === 'string') return errors.join(' ');
    const { error } = body as Partial<ErrorBody>;
    if (typeof error === 'string') return error;
  }
  return `Request failed with status ${status}`;
}

/**
 * The typed API client: one function per endpoint. Authenticated calls send
 * the token as the raw value of the `authorization` header. Every failure throws `ApiError`.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? '/api').replace(/\/$/, '');
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function request<T>(
    method: Method,
    path: string,
    {
      token,
      body,
      query,
      signal,
      changes = method !== 'GET',
    }: {
      token?: string;
      body?: unknown;
      /** Query parameters, encoded onto the path (`?q=maya`). */
      query?: Record<string, string>;
      /** Aborts the call (a search overtaken by newer typing); it then rejects. */
      signal?: AbortSignal;
      changes?: boolean;
    } = {},
  ): Promise<T> {
    await options.ready?.();
    const search = query === undefined ? '' : `?${new URLSearchParams(query).toString()}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token !== undefined) headers.authorization = token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}${search}`, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
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
    return data as T;
  }

  const id = encodeURIComponent;

  return {
    // auth
    signup: (body: SignupRequest) => request<SignupResponse>('POST', '/auth/signup', { body }),
    login: (body: LoginRequest) =>
      request<LoginResponse>('POST', '/auth/login', { body, changes: false }),
    /** Ends the session this token belongs to, on the server: the token is refused from then on. */
    logout: (token: string) =>
      request<MessageResponse>('POST', '/auth/logout', { token, changes: false }),
    /** Changes the password (the current one required) and ends every other session of the person. */
    changePassword: (body: ChangePasswordRequest, token: string) =>
      request<MessageResponse>('POST', '/auth/password', { token, body, changes: false }),

    // posts
    getPosts: () => request<PostsResponse>('GET', '/posts'),
    getPost: (postId: string) => request<PostResponse>('GET', `/posts/${id(postId)}`),
    getUserPosts: (username: string) =>
      request<PostsResponse>('GET', `/posts/user/${id(username)}`),
    createPost: (postData: PostData, token: string) =>
      request<PostsResponse>('POST', '/posts', {
        token,
        body: { postData } satisfies PostDataRequest,
      }),
    editPost: (postId: string, postData: PostData, token: string) =>
      request<PostsResponse>('POST', `/posts/edit/${id(postId)}`, {
        token,
        body: { postData } satisfies PostDataRequest,
      }),
    deletePost: (postId: string, token: string) =>
      request<PostsResponse>('DELETE', `/posts/${id(postId)}`, { token }),
    likePost: (postId: string, token: string) =>
      request<PostsResponse>('POST', `/posts/like/${id(postId)}`, { token }),
    dislikePost: (postId: string, token: string) =>
      request<PostsResponse>('POST', `/posts/dislike/${id(postId)}`, { token }),

    // comments
    getComments: (postId: string) => request<CommentsResponse>('GET', `/comments/${id(postId)}`),
    addComment: (postId: string, commentData: string, token: string) =>
      request<CommentsAndPostsResponse>('POST', `/comments/add/${id(postId)}`, {
        token,
        body: { commentData } satisfies CommentDataRequest,
      }),
    editComment: (postId: string, commentId: string, commentData: string, token: string) =>
      request<CommentsResponse>('POST', `/comments/edit/${id(postId)}/${id(commentId)}`, {
        token,
        body: { commentData } satisfies CommentDataRequest,
      }),
    deleteComment: (postId: string, commentId: string, token: string) =>
      request<CommentsAndPostsResponse>('POST', `/comments/delete/${id(postId)}/${id(commentId)}`, {
        token,
      }),
    upvoteComment: (postId: string, commentId: string, token: string) =>
      request<CommentsResponse>('POST', `/comments/upvote/${id(postId)}/${id(commentId)}`, {
        token,
      }),
    /** A13, an addition to the contract: withdraws the caller's vote, up or down. */
    unvoteComment: (postId: string, commentId: string, token: string) =>
      request<CommentsResponse>('POST', `/comments/unvote/${id(postId)}/${id(commentId)}`, {
        token,
      }),
    downvoteComment: (postId: string, commentId: string, token: string) =>
      request<CommentsResponse>('POST', `/comments/downvote/${id(postId)}/${id(commentId)}`, {
        token,
      }),

    // users
    getUsers: () => request<UsersResponse>('GET', '/users'),
    getUser: (userId: string) => request<UserResponse>('GET', `/users/${id(userId)}`),
    editUser: (userData: UserData, token: string) =>
      request<UserResponse>('POST', '/users/edit', {
        token,
        body: { userData } satisfies UserDataRequest,
      }),
    getBookmarks: (token: string) =>
      request<BookmarksResponse>('GET', '/users/bookmark', { token }),
    bookmarkPost: (postId: string, token: string) =>
      request<BookmarksResponse>('POST', `/users/bookmark/${id(postId)}`, { token }),
    removeBookmark: (postId: string, token: string) =>
      request<BookmarksResponse>('POST', `/users/remove-bookmark/${id(postId)}`, { token }),
    followUser: (followUserId: string, token: string) =>
      request<FollowResponse>('POST', `/users/follow/${id(followUserId)}`, { token }),
    unfollowUser: (followUserId: string, token: string) =>
      request<FollowResponse>('POST', `/users/unfollow/${id(followUserId)}`, { token }),

    // search (an addition to the spec's contract)
    /**
     * People and posts matching `query`, ranked and capped (rules.ts `SEARCH_RULE`); `signal`
     * aborts a search that newer typing made stale.
     */
    search: (query: string, signal?: AbortSignal) =>
      request<SearchResponse>('GET', '/search', { query: { q: query }, signal }),

    // the demo (an addition to the spec's contract)
    /** Whether the guest account exists and the demo reset is on, on this server. */
    getDemoInfo: () => request<DemoInfoResponse>('GET', '/demo'),
    resetDemoData: (token: string) => request<DemoResetResponse>('POST', '/demo/reset', { token }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
