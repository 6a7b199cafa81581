import { fromPromise } from 'xstate';
import type { ApiClient } from '../api/client';
import type {
  BookmarksResponse,
  ChangePasswordRequest,
  CommentsAndPostsResponse,
  CommentsResponse,
  DemoInfoResponse,
  DemoResetResponse,
  FollowResponse,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  PostData,
  PostsResponse,
  SearchResponse,
  SignupRequest,
  SignupResponse,
  UserData,
  UserResponse,
  UsersResponse,
} from '../api/types';

/**
 * The API as actors. Every machine declares its effects in `setup({ actors })` with the
 * placeholders below (they reject until provided); the app provides the real ones made here from
 * the typed client, tests and stories provide fakes with `machine.provide({ actors })`. The input
 * of each actor is exactly the arguments of its client function, token included.
 */

export interface TokenInput {
  token: string;
}
export interface PostInput extends TokenInput {
  postId: string;
}
/** Create (no post id) or edit (the post's id): the post dialog's one call. */
export interface SavePostInput extends TokenInput {
  postId: string | null;
  postData: PostData;
}
export interface AddCommentInput extends PostInput {
  commentData: string;
}
export interface CommentInput extends PostInput {
  commentId: string;
}
export interface EditCommentInput extends CommentInput {
  commentData: string;
}
export interface EditUserInput extends TokenInput {
  userData: UserData;
}
/** The password change's body and the token of the session that asks for it. */
export interface ChangePasswordInput extends TokenInput, ChangePasswordRequest {}
export interface FollowInput extends TokenInput {
  userId: string;
}
export interface SearchInput {
  query: string;
}

/** A stand-in effect: fails loudly when a machine runs without its effects provided. */
export function notProvided<TOutput, TInput = undefined>(name: string) {
  return fromPromise<TOutput, TInput>(() =>
    Promise.reject(new Error(`The "${name}" actor was not provided.`)),
  );
}

/** The real effects, one per client function; pass to `machine.provide({ actors })`. */
export function createApiActors(api: ApiClient) {
  return {
    // auth
    login: fromPromise<LoginResponse, LoginRequest>(({ input }) => api.login(input)),
    signup: fromPromise<SignupResponse, SignupRequest>(({ input }) => api.signup(input)),
    editUser: fromPromise<UserResponse, EditUserInput>(({ input }) =>
      api.editUser(input.userData, input.token),
    ),
    logout: fromPromise<MessageResponse, TokenInput>(({ input }) => api.logout(input.token)),
    changePassword: fromPromise<MessageResponse, ChangePasswordInput>(({ input }) =>
      api.changePassword(
        { currentPassword: input.currentPassword, newPassword: input.newPassword },
        input.token,
      ),
    ),
    // the demo
    getDemoInfo: fromPromise<DemoInfoResponse, undefined>(() => api.getDemoInfo()),
    resetDemoData: fromPromise<DemoResetResponse, TokenInput>(({ input }) =>
      api.resetDemoData(input.token),
    ),
    // posts
    loadPosts: fromPromise<PostsResponse, undefined>(() => api.getPosts()),
    savePost: fromPromise<PostsResponse, SavePostInput>(({ input }) =>
      input.postId === null
        ? api.createPost(input.postData, input.token)
        : api.editPost(input.postId, input.postData, input.token),
    ),
    deletePost: fromPromise<PostsResponse, PostInput>(({ input }) =>
      api.deletePost(input.postId, input.token),
    ),
    likePost: fromPromise<PostsResponse, PostInput>(({ input }) =>
      api.likePost(input.postId, input.token),
    ),
    dislikePost: fromPromise<PostsResponse, PostInput>(({ input }) =>
      api.dislikePost(input.postId, input.token),
    ),
    addComment: fromPromise<CommentsAndPostsResponse, AddCommentInput>(({ input }) =>
      api.addComment(input.postId, input.commentData, input.token),
    ),
    editComment: fromPromise<CommentsResponse, EditCommentInput>(({ input }) =>
      api.editComment(input.postId, input.commentId, input.commentData, input.token),
    ),
    deleteComment: fromPromise<CommentsAndPostsResponse, CommentInput>(({ input }) =>
      api.deleteComment(input.postId, input.commentId, input.token),
    ),
    upvoteComment: fromPromise<CommentsResponse, CommentInput>(({ input }) =>
      api.upvoteComment(input.postId, input.commentId, input.token),
    ),
    downvoteComment: fromPromise<CommentsResponse, CommentInput>(({ input }) =>
      api.downvoteComment(input.postId, input.commentId, input.token),
    ),
    unvoteComment: fromPromise<CommentsResponse, CommentInput>(({ input }) =>
      api.unvoteComment(input.postId, input.commentId, input.token),
    ),
    // users and bookmarks
    loadUsers: fromPromise<UsersResponse, undefined>(() => api.getUsers()),
    followUser: fromPromise<FollowResponse, FollowInput>(({ input }) =>
      api.followUser(input.userId, input.token),
    ),
    unfollowUser: fromPromise<FollowResponse, FollowInput>(({ input }) =>
      api.unfollowUser(input.userId, input.token),
    ),
    loadBookmarks: fromPromise<BookmarksResponse, TokenInput>(({ input }) =>
      api.getBookmarks(input.token),
    ),
    bookmarkPost: fromPromise<BookmarksResponse, PostInput>(({ input }) =>
      api.bookmarkPost(input.postId, input.token),
    ),
    removeBookmark: fromPromise<BookmarksResponse, PostInput>(({ input }) =>
      api.removeBookmark(input.postId, input.token),
    ),
    // search: stopping the actor (newer typing) aborts the request
    search: fromPromise<SearchResponse, SearchInput>(({ input, signal }) =>
      api.search(input.query, signal),
    ),
  };
}

export type ApiActors = ReturnType<typeof createApiActors>;

/**
 * The effects a machine names in `setup({ actors })`, as stand-ins typed exactly like the real
 * ones of `createApiActors` (so each effect's input and output are written once, there) that
 * fail loudly when a machine runs without them provided.
 */
export function placeholderActors<K extends keyof ApiActors>(...names: K[]): Pick<ApiActors, K> {
  return Object.fromEntries(
    names.map((name) => [name, notProvided<unknown, unknown>(name)]),
  ) as unknown as Pick<ApiActors, K>;
}

/** The status of a list loaded from the server: the `list` / `bookmarks` regions' states. */
export type LoadStatus = 'idle' | 'loading' | 'success' | 'failed';
