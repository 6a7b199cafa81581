/**
 * The API contract: every entity and every request / response body of the API's endpoints
 * (the product's 24 and our additions: the comment unvote, search and the demo reset). The typed client (client.ts) and the mock API
 * (src/mocks) both import these, so a change to the contract is a type error on both sides.
 */

/** ISO-8601 timestamp with offset, e.g. `2026-03-14T09:30:00+00:00`. */
export type Timestamp = string;

/** A user as other records refer to them (followers, following, likes). */
export interface UserSummary {
  _id: string;
  firstName: string;
  lastName: string;
  username: string;
  /** Avatar: a data URL or bundled asset URL; empty means "use the default picture". */
  profile: string;
}

/** A user as the API returns it. Never carries a password. */
export interface User extends UserSummary {
  bio: string;
  /** Website; only http(s) URLs are accepted. Empty when unset. */
  link: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  followers: UserSummary[];
  following: UserSummary[];
  bookmarks: Post[];
}

export interface Votes {
  upvotedBy: UserSummary[];
  downvotedBy: UserSummary[];
  /**
   * How many upvotes the comment has, when the lists hold only the viewer's own vote: a card's
   * newest comment in the app's pages and their writes. Absent when the lists name every voter,
   * as in the spec's answers. An addition to the contract.
   */
  upvoteCount?: number;
  /** How many downvotes, beside `upvoteCount`. */
  downvoteCount?: number;
}

export interface Comment {
  _id: string;
  commentData: string;
  firstName: string;
  lastName: string;
  username: string;
  profile: string;
  /** Some seeded comments lack votes: treat missing as no votes. */
  votes?: Votes;
  /** A reply: the comment of the same post it answers (always a comment that answers none). */
  parentId?: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** When its author last changed its text; absent when never edited (an addition to the contract). */
  editedAt?: Timestamp;
}

export interface Likes {
  likeCount: number;
  likedBy: UserSummary[];
  dislikedBy: UserSummary[];
}

export interface Post {
  _id: string;
  content: string;
  /** Optional image: its link (an uploaded image's file; a seeded picture's data URL). */
  imgContent?: string;
  /**
   * The image's description for people who cannot see it (its alt text), as the author wrote it;
   * absent when they wrote none, and always absent without an image.
   */
  imgAlt?: string;
  /** The image's width in pixels, when known: a card keeps its box before it loads. */
  imgWidth?: number;
  /** The image's height in pixels, beside its width. */
  imgHeight?: number;
  /** The image's ThumbHash (base64), painted until it loads; absent for a seeded picture. */
  imgPlaceholder?: string;
  username: string;
  firstName: string;
  lastName: string;
  profile: string;
  createdAt: Timestamp;
  /** Changes with every change to the post, its likes included. */
  updatedAt: Timestamp;
  /** When its author last changed its text, image or alt text; absent when never edited. */
  editedAt?: Timestamp;
  likes: Likes;
  comments: Comment[];
  /**
   * How many comments the post has, when `comments` holds only the newest: a post as the app's
   * pages and its like, publish and edit answers carry it (a card shows the count and the newest
   * comment). Absent when `comments` is the whole conversation, as in the spec's answers. An
   * addition to the contract.
   */
  commentCount?: number;
  /**
   * The app's answers: the usernames its text and the comments carried here @mention that are
   * someone's (each once, sorted), the mentions that link; absent when none, and in the spec's.
   */
  mentions?: string[];
  /** The app's answers to a signed-in caller: whether they bookmarked it. */
  bookmarkedByMe?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Request bodies
// ---------------------------------------------------------------------------------------------

export interface SignupRequest {
  firstName: string;
  lastName: string;
  username: string;
  password: string;
  /** The client sends it; the server ignores it. */
  confirmPassword?: string;
  bio?: string;
  link?: string;
  profile?: string;
}

export interface LoginRequest {
  username: string;
  password: string;
}

/** `POST /api/auth/password`: the current password proves it is the person; the new one follows the sign-up rule. */
export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

export interface PostData {
  content: string;
  /** An image data URL. Edit: absent keeps the image, '' removes it (and its alt text). */
  imgContent?: string;
  /**
   * The image's alt text, up to 1000 characters; blank means none. Kept only beside an image.
   * Edit: absent keeps the alt text, unless a new image (or none) is sent, which replaces it.
   */
  imgAlt?: string;
}

export interface PostDataRequest {
  postData: PostData;
}

export interface CommentDataRequest {
  commentData: string;
}

/** The app's comment: optionally a reply to one of the post's comments. */
export interface ReplyDataRequest extends CommentDataRequest {
  parentId?: string;
}

/** The fields a profile edit may change; nothing else (id, username, password, followers) ever. */
export interface UserData {
  firstName?: string;
  lastName?: string;
  bio?: string;
  link?: string;
  profile?: string;
}

export interface UserDataRequest {
  userData: UserData;
}

// ---------------------------------------------------------------------------------------------
// Response bodies
// ---------------------------------------------------------------------------------------------

export interface SignupResponse {
  createdUser: User;
  encodedToken: string;
}

export interface LoginResponse {
  foundUser: User;
  encodedToken: string;
}

export interface PostsResponse {
  posts: Post[];
}

export interface PostResponse {
  post: Post;
}

export interface CommentsResponse {
  comments: Comment[];
}

export interface CommentsAndPostsResponse {
  comments: Comment[];
  posts: Post[];
}

export interface UsersResponse {
  users: User[];
}

export interface UserResponse {
  user: User;
}

export interface BookmarksResponse {
  bookmarks: Post[];
}

export interface FollowResponse {
  user: User;
  followUser: User;
  users: User[];
}

/** `DELETE /api/post/:postId`: which post went. */
export interface PostIdResponse {
  postId: string;
}

/**
 * A page of a feed of posts (`GET /api/feed/…`). `next` is the cursor of the page after this one
 * (send it back as `cursor`), null on the last page; the answer's `Link` header names it too.
 */
export interface PostPage {
  posts: Post[];
  next: string | null;
}

// People as the app's pages and cards show them: ./personTypes.ts.
export type { Person, PersonPage, PersonResponse } from './personTypes';

/** What a notification tells: someone did this to the signed-in person or to what they wrote. */
export type NotificationKind =
  | 'like' // liked your post
  | 'dislike' // disliked your post
  | 'comment' // commented on your post
  | 'reply' // replied to your comment
  | 'upvote' // upvoted your comment
  | 'downvote' // downvoted your comment
  | 'follow' // followed you
  | 'mention'; // mentioned you in a post or a comment

/**
 * A notification (`GET /api/notifications`): everyone who did the same thing to the same post,
 * comment or person, grouped ("Maya and 3 others liked your post"), as of the newest of them.
 */
export interface Notification {
  /** The group: its kind and what it is about. */
  id: string;
  kind: NotificationKind;
  /** The newest three who did it, newest first. */
  actors: UserSummary[];
  /** How many did it (at least 1). */
  actorCount: number;
  /** The post it links to (none for a follow, which links to its person). */
  postId?: string;
  /** The comment it is about, when it is about one (on the post `postId`). */
  commentId?: string;
  /** The beginning of the text it is about: the comment's, else the post's. */
  excerpt?: string;
  /** When the newest of them did it. */
  createdAt: Timestamp;
  /** Its place among the person's notifications: what `POST /api/notifications/read` sends. */
  seq: number;
  /** Whether it changed since the person last marked their notifications read. */
  unread: boolean;
}

/** A page of notifications, newest first, and how many are unread (counted up to 100). */
export interface NotificationPage {
  notifications: Notification[];
  next: string | null;
  unread: number;
}

/**
 * What changed, as the live stream (`GET /api/stream`, Server-Sent Events) tells it: small events
 * naming the post or person, with the counts a card shows. Each SSE message's `event` is the
 * `type`, its `data` this object as JSON, its `id` the event's place in the stream (send the last
 * one back as `Last-Event-ID` to resume without missing one).
 */
export type LiveEvent =
  /**
   * A post was published, edited or deleted, or one of its comments was edited or voted on
   * (`comments`; a comment written or deleted changes the post's counts).
   */
  | {
      type: 'post';
      postId: string;
      authorId: string;
      change: 'created' | 'edited' | 'deleted' | 'comments';
    }
  /** A post's like count or comment count changed. */
  | { type: 'counts'; postId: string; likeCount: number; commentCount: number }
  /** Someone followed or unfollowed someone (`followee`: who, absent in events logged before it). */
  | {
      type: 'follow';
      followerId: string;
      followeeId: string;
      following: boolean;
      followee?: UserSummary;
    }
  /** One's own bookmark made or taken back (to them only: their other tabs and devices). */
  | { type: 'bookmark'; postId: string; bookmarked: boolean }
  /** The signed-in person's notifications changed (to them only): how many are unread, to 100. */
  | { type: 'inbox'; unread: number }
  /** The stream cannot resume from the `Last-Event-ID` sent (older than those kept): read again. */
  | { type: 'reset' };

/** How many notifications are unread, counted up to 100 (the bell reads '99+' past 99). */
export interface UnreadCount {
  unread: number;
}

/**
 * `GET /api/search?q=` (an addition to the spec's contract): the people and posts that match the
 * query, ranked and capped as `SEARCH_RULE` (rules.ts) says. An empty (after trimming) or
 * over-long query is refused with 400.
 */
export interface SearchResponse {
  /**
   * People whose username, first name, last name or full name contain the query (ignoring case):
   * an exact username first, then names that start with it, then the rest; at most
   * `SEARCH_RULE.maxPeople`.
   */
  users: UserSummary[];
  /** Posts whose text contains the query, newest first, at most `SEARCH_RULE.maxPosts`, as cards. */
  posts: Post[];
}

/**
 * `POST /api/demo/reset` (an addition to the spec's contract, for the demo only): the database is
 * back to the seed. Every session ends with it, since the seed's users replace the current ones.
 */
export interface DemoResetResponse {
  message: string;
}

/**
 * `GET /api/demo` (an addition to the spec's contract): what this server offers for trying the
 * app. The login page shows its guest button only where the guest account exists, and the profile
 * its 'Reset demo data' only where the reset is on.
 */
export interface DemoInfoResponse {
  /** Whether the guest account (`GUEST_CREDENTIALS`) exists here. */
  guest: boolean;
  /** Whether `POST /api/demo/reset` is on here. */
  reset: boolean;
}

/**
 * `POST /api/auth/logout` and `POST /api/auth/password` (additions to the spec's contract): a
 * sentence saying what happened. Logout ends the session of the token sent; a password change ends
 * every other session of the person (the token sent stays valid).
 */
export interface MessageResponse {
  message: string;
}

/** 4xx body: the server's messages, each a sentence a person can read. */
export interface ErrorsBody {
  errors: string[];
}

/** 500 body. */
export interface ErrorBody {
  error: string;
}

/** The guest account the login page's 'Add Guest Credentials' button fills in. */
export const GUEST_CREDENTIALS: LoginRequest = { username: 'guest', password: 'guest1234' };

/** An uploaded image (`POST /media`): its link, sides, placeholder and description. */
export interface Media {
  /** A hash of the upload and its purpose: the same picture uploaded twice is one media. */
  id: string;
  purpose: 'post' | 'avatar';
  /** The link to send as a post's `imgContent` or a profile's `profile`. */
  url: string;
  width: number;
  height: number;
  /** A ThumbHash, base64. */
  placeholder: string;
  /** Its files by width, for `srcset` (a post image: the card's copy and the image itself). */
  sources: { url: string; width: number }[];
  alt?: string;
}

export interface MediaResponse {
  media: Media;
}
