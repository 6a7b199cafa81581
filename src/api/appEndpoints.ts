/**
 * The app's own endpoints, part of the one endpoint table (endpoints.ts): paged reads (newest
 * first, or trending; a cursor and a limit) and writes that answer only what they changed. The
 * spec's endpoints keep their whole-list answers beside these.
 *
 * A post in these answers carries the caller's own like or dislike only: `likes.likedBy` and
 * `likes.dislikedBy` name the signed-in caller or no one (`likeCount` counts everyone). A card
 * needs no more, and an answer stays the same size however many people like a post. The spec's
 * endpoints (`GET /posts`, `GET /posts/:postId`, …) name every liker, as the contract says.
 *
 * A post in the pages and in the answers to publish, edit, like and dislike also carries only its
 * newest comment, with `commentCount` the number of all: what a card shows. The post's page and
 * the answer to a comment carry every comment (the page shows the new one in its thread). Each
 * comment in these answers names the caller's own vote only, beside `votes.upvoteCount` and
 * `votes.downvoteCount`, the counts of everyone's.
 */
import * as A from './answers';
import * as v from 'valibot';
import { commentBody, postBody, readMarkBody, replyBody, uploadForm } from './bodies';
import { PAGE_QUERY, SEARCH_QUERY, spec } from './endpointSpec';

export const APP_ENDPOINTS = {
  // The app's paged reads: newest first (trending: most liked first), a page at a time.
  homeFeed: spec({
    method: 'GET',
    path: '/feed/home',
    status: 200,
    auth: true,
    summary: "A page of the signed-in person's posts and those of everyone they follow",
    query: PAGE_QUERY,
    answer: A.PostPage,
  }),
  latestFeed: spec({
    method: 'GET',
    path: '/feed/latest',
    status: 200,
    auth: 'optional',
    summary: 'A page of every post, newest first',
    query: PAGE_QUERY,
    answer: A.PostPage,
  }),
  trendingFeed: spec({
    method: 'GET',
    path: '/feed/trending',
    status: 200,
    auth: 'optional',
    summary: 'A page of every post, most liked first',
    query: PAGE_QUERY,
    answer: A.PostPage,
  }),
  userFeed: spec({
    method: 'GET',
    path: '/feed/user/:username',
    status: 200,
    auth: 'optional',
    summary: "A page of one person's posts, newest first",
    query: PAGE_QUERY,
    answer: A.PostPage,
  }),
  bookmarkFeed: spec({
    method: 'GET',
    path: '/feed/bookmarks',
    status: 200,
    auth: true,
    summary: "A page of the signed-in person's bookmarks, most recently bookmarked first",
    query: PAGE_QUERY,
    answer: A.PostPage,
  }),
  hashtagFeed: spec({
    method: 'GET',
    path: '/feed/hashtag/:tag',
    status: 200,
    auth: 'optional',
    summary: 'A page of the posts carrying a hashtag, newest first',
    query: PAGE_QUERY,
    answer: A.PostPage,
  }),
  searchFeed: spec({
    method: 'GET',
    path: '/feed/search',
    status: 200,
    auth: 'optional',
    summary: 'A page of the posts whose text contains `q`, newest first',
    query: { q: SEARCH_QUERY, ...PAGE_QUERY },
    answer: A.PostPage,
  }),
  followersPage: spec({
    method: 'GET',
    path: '/people/:userId/followers',
    status: 200,
    auth: 'optional',
    summary:
      'A page of the people who follow a person, most recent first, each with counts and whether the caller follows them',
    query: PAGE_QUERY,
    answer: A.PersonPage,
  }),
  followingPage: spec({
    method: 'GET',
    path: '/people/:userId/following',
    status: 200,
    auth: 'optional',
    summary:
      'A page of the people a person follows, most recent first, each with counts and whether the caller follows them',
    query: PAGE_QUERY,
    answer: A.PersonPage,
  }),

  // People as a profile card shows them: counts, not the lists of people.
  person: spec({
    method: 'GET',
    path: '/person/:username',
    status: 200,
    auth: 'optional',
    summary:
      'One person for their profile card: follower and following counts, and whether the caller follows them',
    answer: A.PersonResponse,
  }),
  suggestedPeople: spec({
    method: 'GET',
    path: '/people/suggested',
    status: 200,
    auth: true,
    summary:
      'Who to follow: a page of the people the signed-in person does not follow, oldest account first',
    query: PAGE_QUERY,
    answer: A.PersonPage,
  }),
  followOne: spec({
    method: 'POST',
    path: '/people/:userId/follow',
    status: 200,
    auth: true,
    summary: 'Follows a person; answers them as the follower now sees them',
    answer: A.PersonResponse,
  }),
  unfollowOne: spec({
    method: 'DELETE',
    path: '/people/:userId/follow',
    status: 200,
    auth: true,
    summary: 'Stops following a person; answers them as the caller now sees them',
    answer: A.PersonResponse,
  }),

  // Notifications: what others did to the signed-in person or to what they wrote, grouped.
  notifications: spec({
    method: 'GET',
    path: '/notifications',
    status: 200,
    auth: true,
    summary:
      "A page of the signed-in person's notifications, newest first, grouped by what they are about",
    query: PAGE_QUERY,
    answer: A.NotificationPage,
  }),
  unreadNotifications: spec({
    method: 'GET',
    path: '/notifications/unread',
    status: 200,
    auth: true,
    summary: "How many of the signed-in person's notifications are unread",
    answer: A.UnreadCount,
  }),
  markNotificationsRead: spec({
    method: 'POST',
    path: '/notifications/read',
    status: 200,
    auth: true,
    summary:
      'Marks the notifications read up to one seen (on every device); answers the unread count',
    body: readMarkBody,
    answer: A.UnreadCount,
  }),

  // What changed, pushed as it happens.
  stream: spec({
    method: 'GET',
    path: '/stream',
    status: 200,
    auth: true,
    summary:
      "The signed-in person's live events (Server-Sent Events): posts published, edited or deleted (or their comments edited or voted on), a post's counts, follows, and their unread notifications; send `Last-Event-ID` to resume",
    stream: true,
    answer: A.LiveEvent,
  }),

  // The post's page: its whole thread, each comment with counts, not voters.
  postPage: spec({
    method: 'GET',
    path: '/post/:postId',
    status: 200,
    auth: 'optional',
    summary:
      "One post for its page: every comment, each with its vote counts and the caller's own vote only",
    answer: A.PostResponse,
  }),

  // The app's writes: each answers only what changed.
  publishPost: spec({
    method: 'POST',
    path: '/post',
    status: 201,
    auth: true,
    summary: 'Publishes a post; answers it',
    body: postBody,
    answer: A.PostResponse,
  }),
  updatePost: spec({
    method: 'POST',
    path: '/post/:postId',
    status: 200,
    auth: true,
    summary: "Edits one's own post; answers it",
    body: postBody,
    answer: A.PostResponse,
  }),
  removePost: spec({
    method: 'DELETE',
    path: '/post/:postId',
    status: 200,
    auth: true,
    summary: "Deletes one's own post; answers its id",
    answer: A.PostIdResponse,
  }),
  likeOne: spec({
    method: 'POST',
    path: '/post/:postId/like',
    status: 200,
    auth: true,
    summary: 'Likes a post; answers it',
    answer: A.PostResponse,
  }),
  bookmarkOne: spec({
    method: 'POST',
    path: '/post/:postId/bookmark',
    status: 200,
    auth: true,
    summary: 'Bookmarks a post; answers it',
    answer: A.PostResponse,
  }),
  unbookmarkOne: spec({
    method: 'DELETE',
    path: '/post/:postId/bookmark',
    status: 200,
    auth: true,
    summary: 'Removes a bookmark; answers the post',
    answer: A.PostResponse,
  }),
  dislikeOne: spec({
    method: 'POST',
    path: '/post/:postId/dislike',
    status: 200,
    auth: true,
    summary: "Takes back one's like (or records a dislike); answers the post",
    answer: A.PostResponse,
  }),
  commentOn: spec({
    method: 'POST',
    path: '/post/:postId/comments',
    status: 201,
    auth: true,
    summary:
      'Comments on a post, or replies to one of its comments (`parentId`); answers the post with its comments',
    body: replyBody,
    answer: A.PostResponse,
  }),

  updateComment: spec({
    method: 'POST',
    path: '/post/:postId/comments/:commentId',
    status: 200,
    auth: true,
    summary: "Edits one's own comment; answers the post with its comments",
    body: commentBody,
    answer: A.PostResponse,
  }),
  removeComment: spec({
    method: 'DELETE',
    path: '/post/:postId/comments/:commentId',
    status: 200,
    auth: true,
    summary:
      "Deletes one's own comment, or one on one's own post; answers the post with its comments",
    answer: A.PostResponse,
  }),
  upvoteOne: spec({
    method: 'POST',
    path: '/post/:postId/comments/:commentId/upvote',
    status: 200,
    auth: true,
    summary: 'Upvotes a comment; answers the post with its comments',
    answer: A.PostResponse,
  }),
  downvoteOne: spec({
    method: 'POST',
    path: '/post/:postId/comments/:commentId/downvote',
    status: 200,
    auth: true,
    summary: 'Downvotes a comment; answers the post with its comments',
    answer: A.PostResponse,
  }),
  unvoteOne: spec({
    method: 'POST',
    path: '/post/:postId/comments/:commentId/unvote',
    status: 200,
    auth: true,
    summary: "Withdraws one's vote on a comment; answers the post with its comments",
    answer: A.PostResponse,
  }),

  // Images as media: uploaded once, made into sized files, served by name.
  uploadMedia: spec({
    method: 'POST',
    path: '/media',
    status: 201,
    auth: true,
    summary:
      'Uploads an image (multipart/form-data, at most 10 MiB): decoded, turned upright, stripped of metadata, resized, stored once',
    body: uploadForm,
    form: true,
    answer: A.MediaResponse,
  }),
  mediaFile: spec({
    method: 'GET',
    path: '/media/:name',
    status: 200,
    auth: false,
    summary: "One of an uploaded image's files, by name (immutable: cached for a year)",
    file: true,
    answer: v.object({
      name: v.string(),
      type: v.string(),
      bytes: v.custom<Uint8Array>((value) => value instanceof Uint8Array),
    }),
  }),
} as const;
