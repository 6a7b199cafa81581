/**
 * The API's answers as schemas: the same shapes as the interfaces of types.ts (a compile-time
 * check below keeps each pair equal), as data the OpenAPI document is made from (openapi.ts) and
 * the contract suite checks every answer against. Objects are strict: a field the contract does
 * not name (a password hash, say) makes an answer wrong.
 */
import * as v from 'valibot';
import { UNREAD_RULE } from './rules';
import type * as T from './types';

const timestamp = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/),
  v.description('ISO-8601 with offset, e.g. 2026-03-14T09:30:00+00:00'),
);

/** The usernames a text @mentions that link (the app's answers: src/service/mentions.ts). */
const mentions = (of: string) =>
  v.optional(
    v.pipe(
      v.array(v.string()),
      v.description(
        `The usernames ${of} @mentions that are someone's, exactly (letter case included), each once, sorted: the mentions that link. In the app's answers, resolved by the server; absent when none, and in the spec's answers`,
      ),
    ),
  );

export const UserSummary = v.strictObject({
  _id: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  username: v.string(),
  profile: v.string(),
});

const voteCount = (direction: string) =>
  v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(0),
      v.description(
        `How many ${direction} the comment has, when the lists hold only the viewer's own vote (a card's newest comment in the app's pages and their writes); absent when they name every voter`,
      ),
    ),
  );

export const Votes = v.strictObject({
  upvotedBy: v.array(UserSummary),
  downvotedBy: v.array(UserSummary),
  upvoteCount: voteCount('upvotes'),
  downvoteCount: voteCount('downvotes'),
});

export const Comment = v.strictObject({
  _id: v.string(),
  commentData: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  username: v.string(),
  profile: v.string(),
  votes: v.optional(Votes),
  parentId: v.optional(v.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
  editedAt: v.optional(timestamp),
});

export const Likes = v.strictObject({
  likeCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  likedBy: v.array(UserSummary),
  dislikedBy: v.array(UserSummary),
});

export const Post = v.strictObject({
  _id: v.string(),
  content: v.string(),
  imgContent: v.optional(v.string()),
  imgAlt: v.optional(v.string()),
  imgWidth: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  imgHeight: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  imgPlaceholder: v.optional(v.pipe(v.string(), v.description('A ThumbHash, base64'))),
  username: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  profile: v.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  editedAt: v.optional(timestamp),
  likes: Likes,
  comments: v.array(Comment),
  commentCount: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(0),
      v.description(
        "How many comments the post has, when `comments` holds only the newest (the app's pages and their writes); absent when it holds them all",
      ),
    ),
  ),
  mentions: mentions('its `content` and the `comments` carried here'),
  bookmarkedByMe: v.optional(
    v.pipe(
      v.boolean(),
      v.description(
        "Whether the signed-in caller bookmarked it (the app's answers to a caller with a token); absent otherwise",
      ),
    ),
  ),
});

export const User = v.strictObject({
  ...UserSummary.entries,
  bio: v.string(),
  link: v.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  followers: v.array(UserSummary),
  following: v.array(UserSummary),
  bookmarks: v.array(Post),
});

const token = v.pipe(
  v.string(),
  v.description('A signed session token: send it as `authorization`'),
);

export const SignupResponse = v.strictObject({ createdUser: User, encodedToken: token });
export const LoginResponse = v.strictObject({ foundUser: User, encodedToken: token });
export const PostsResponse = v.strictObject({ posts: v.array(Post) });
export const PostResponse = v.strictObject({ post: Post });
export const CommentsResponse = v.strictObject({ comments: v.array(Comment) });
export const CommentsAndPostsResponse = v.strictObject({
  comments: v.array(Comment),
  posts: v.array(Post),
});
export const UsersResponse = v.strictObject({ users: v.array(User) });
export const UserResponse = v.strictObject({ user: User });
export const BookmarksResponse = v.strictObject({ bookmarks: v.array(Post) });
export const FollowResponse = v.strictObject({
  user: User,
  followUser: User,
  users: v.array(User),
});
export const SearchResponse = v.strictObject({
  users: v.array(UserSummary),
  posts: v.array(Post),
});
const cursor = v.nullable(
  v.pipe(
    v.string(),
    v.description('The next page: send it back as `cursor`; null on the last page'),
  ),
);
export const PostIdResponse = v.strictObject({ postId: v.string() });
export const PostPage = v.strictObject({ posts: v.array(Post), next: cursor });
const personCount = (what: string) =>
  v.pipe(v.number(), v.integer(), v.minValue(0), v.description(`How many ${what}`));
export const Person = v.strictObject({
  ...UserSummary.entries,
  bio: v.string(),
  link: v.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  followerCount: personCount('people follow them'),
  followingCount: personCount('people they follow'),
  followedByMe: v.pipe(
    v.boolean(),
    v.description('The signed-in caller follows them; false without a token'),
  ),
  mentions: mentions('their `bio`'),
});
export const PersonResponse = v.strictObject({ person: Person });
export const PersonPage = v.strictObject({ users: v.array(Person), next: cursor });
export const NotificationKind = v.picklist([
  'like',
  'dislike',
  'comment',
  'reply',
  'upvote',
  'downvote',
  'follow',
  'mention',
]);
export const Notification = v.strictObject({
  id: v.string(),
  kind: NotificationKind,
  actors: v.array(UserSummary),
  actorCount: v.pipe(v.number(), v.integer(), v.minValue(1)),
  postId: v.optional(v.string()),
  commentId: v.optional(v.string()),
  excerpt: v.optional(v.string()),
  createdAt: timestamp,
  seq: v.pipe(v.number(), v.integer(), v.minValue(1)),
  unread: v.boolean(),
});
/** Counted up to UNREAD_RULE.countedUpTo (the bell reads '99+' past 99). */
const unread = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(UNREAD_RULE.countedUpTo));
export const NotificationPage = v.strictObject({
  notifications: v.array(Notification),
  next: cursor,
  unread,
});
export const UnreadCount = v.strictObject({ unread });
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
export const LiveEvent = v.variant('type', [
  v.strictObject({
    type: v.literal('post'),
    postId: v.string(),
    authorId: v.string(),
    change: v.picklist(['created', 'edited', 'deleted', 'comments']),
  }),
  v.strictObject({
    type: v.literal('counts'),
    postId: v.string(),
    likeCount: count,
    commentCount: count,
  }),
  v.strictObject({
    type: v.literal('follow'),
    followerId: v.string(),
    followeeId: v.string(),
    following: v.boolean(),
    followee: v.optional(
      v.pipe(
        UserSummary,
        v.description(
          'The one followed, as the follower now lists them; absent in events logged before it was added',
        ),
      ),
    ),
  }),
  v.strictObject({ type: v.literal('bookmark'), postId: v.string(), bookmarked: v.boolean() }),
  v.strictObject({ type: v.literal('inbox'), unread }),
  v.strictObject({ type: v.literal('reset') }),
]);
export const MessageResponse = v.strictObject({ message: v.string() });
export const DemoResetResponse = MessageResponse;
export const DemoInfoResponse = v.strictObject({ guest: v.boolean(), reset: v.boolean() });
export const Media = v.strictObject({
  id: v.string(),
  purpose: v.picklist(['post', 'avatar']),
  url: v.string(),
  width: v.pipe(v.number(), v.integer(), v.minValue(1)),
  height: v.pipe(v.number(), v.integer(), v.minValue(1)),
  placeholder: v.pipe(v.string(), v.description('A ThumbHash, base64')),
  sources: v.array(
    v.strictObject({ url: v.string(), width: v.pipe(v.number(), v.integer(), v.minValue(1)) }),
  ),
  alt: v.optional(v.string()),
});
export const MediaResponse = v.strictObject({ media: Media });
export const ErrorsBody = v.strictObject({ errors: v.array(v.string()) });
export const ErrorBody = v.strictObject({ error: v.string() });

/** Every named schema, as the OpenAPI document's components list them. */
export const ANSWER_SCHEMAS = {
  UserSummary,
  Votes,
  Comment,
  Likes,
  Post,
  User,
  SignupResponse,
  LoginResponse,
  PostsResponse,
  PostResponse,
  CommentsResponse,
  CommentsAndPostsResponse,
  UsersResponse,
  UserResponse,
  BookmarksResponse,
  FollowResponse,
  SearchResponse,
  PostIdResponse,
  PostPage,
  Person,
  PersonResponse,
  PersonPage,
  Notification,
  NotificationPage,
  UnreadCount,
  LiveEvent,
  MessageResponse,
  DemoInfoResponse,
  Media,
  MediaResponse,
  ErrorsBody,
  ErrorBody,
} as const;

// Each schema's output is its interface, and the other way round: a field added to one and not
// the other is a type error here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Out<S extends v.GenericSchema> = v.InferOutput<S>;
export const SCHEMAS_MATCH_TYPES: {
  UserSummary: Same<Out<typeof UserSummary>, T.UserSummary>;
  Votes: Same<Out<typeof Votes>, T.Votes>;
  Comment: Same<Out<typeof Comment>, T.Comment>;
  Likes: Same<Out<typeof Likes>, T.Likes>;
  Post: Same<Out<typeof Post>, T.Post>;
  User: Same<Out<typeof User>, T.User>;
  SignupResponse: Same<Out<typeof SignupResponse>, T.SignupResponse>;
  LoginResponse: Same<Out<typeof LoginResponse>, T.LoginResponse>;
  PostsResponse: Same<Out<typeof PostsResponse>, T.PostsResponse>;
  PostResponse: Same<Out<typeof PostResponse>, T.PostResponse>;
  CommentsResponse: Same<Out<typeof CommentsResponse>, T.CommentsResponse>;
  CommentsAndPostsResponse: Same<Out<typeof CommentsAndPostsResponse>, T.CommentsAndPostsResponse>;
  UsersResponse: Same<Out<typeof UsersResponse>, T.UsersResponse>;
  UserResponse: Same<Out<typeof UserResponse>, T.UserResponse>;
  BookmarksResponse: Same<Out<typeof BookmarksResponse>, T.BookmarksResponse>;
  FollowResponse: Same<Out<typeof FollowResponse>, T.FollowResponse>;
  SearchResponse: Same<Out<typeof SearchResponse>, T.SearchResponse>;
  PostIdResponse: Same<Out<typeof PostIdResponse>, T.PostIdResponse>;
  PostPage: Same<Out<typeof PostPage>, T.PostPage>;
  Person: Same<Out<typeof Person>, T.Person>;
  PersonResponse: Same<Out<typeof PersonResponse>, T.PersonResponse>;
  PersonPage: Same<Out<typeof PersonPage>, T.PersonPage>;
  Notification: Same<Out<typeof Notification>, T.Notification>;
  NotificationPage: Same<Out<typeof NotificationPage>, T.NotificationPage>;
  UnreadCount: Same<Out<typeof UnreadCount>, T.UnreadCount>;
  LiveEvent: Same<Out<typeof LiveEvent>, T.LiveEvent>;
  MessageResponse: Same<Out<typeof MessageResponse>, T.MessageResponse>;
  DemoInfoResponse: Same<Out<typeof DemoInfoResponse>, T.DemoInfoResponse>;
  Media: Same<Out<typeof Media>, T.Media>;
  MediaResponse: Same<Out<typeof MediaResponse>, T.MediaResponse>;
  ErrorsBody: Same<Out<typeof ErrorsBody>, T.ErrorsBody>;
  ErrorBody: Same<Out<typeof ErrorBody>, T.ErrorBody>;
} = {
  UserSummary: true,
  Votes: true,
  Comment: true,
  Likes: true,
  Post: true,
  User: true,
  SignupResponse: true,
  LoginResponse: true,
  PostsResponse: true,
  PostResponse: true,
  CommentsResponse: true,
  CommentsAndPostsResponse: true,
  UsersResponse: true,
  UserResponse: true,
  BookmarksResponse: true,
  FollowResponse: true,
  SearchResponse: true,
  PostIdResponse: true,
  PostPage: true,
  Person: true,
  PersonResponse: true,
  PersonPage: true,
  Notification: true,
  NotificationPage: true,
  UnreadCount: true,
  LiveEvent: true,
  MessageResponse: true,
  DemoInfoResponse: true,
  Media: true,
  MediaResponse: true,
  ErrorsBody: true,
  ErrorBody: true,
};
