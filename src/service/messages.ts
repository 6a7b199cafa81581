import { AUTH_REFUSALS } from '../api/refusals';

/**
 * The mock server's messages. The first group is the product's
 * own wording, word for word, trailing spaces included; the second names unknown ids and the
 * other refusals this server adds. The refusals of a login or sign-up are the client's too
 * (src/api/refusals.ts places each on the field it concerns), so they are written there.
 */
export const MESSAGES = {
  ...AUTH_REFUSALS,
  invalidToken: 'The token is invalid. Unauthorized access error.',
  editPostNotOwner: "Cannot edit a Post doesn't belong to the logged in User.",
  deletePostNotOwner: "Cannot delete a Post doesn't belong to the logged in User.",
  alreadyLiked: 'Cannot like a post that is already liked. ',
  likeBelowZero: 'Cannot decrement like less than 0.',
  alreadyDisliked: 'Cannot dislike a post that is already disliked. ',
  editCommentNotOwner: "Cannot edit a comment doesn't belong to the User.",
  deleteCommentNotOwner: "Cannot delete a comment doesn't belong to the User.",
  alreadyUpvoted: 'Cannot upvote a post that is already upvoted. ',
  alreadyDownvoted: 'Cannot downvote a post that is already downvoted. ',
  /** Unvote when the person has no vote on the comment. */
  noVoteToWithdraw: 'No vote to withdraw.',
  alreadyBookmarked: 'This Post is already bookmarked',
  notBookmarked: 'Post not bookmarked yet',
  alreadyFollowing: 'User Already following',
  notFollowing: 'User already not following',

  postNotFound: 'Post not found',
  userNotFound: 'User not found',
  commentNotFound: 'Comment not found',
  followSelf: 'You cannot follow yourself',
  malformedJson: 'The request body is not valid JSON',
  tooDeepJson: 'The request body is nested too deeply: at most 32 levels of objects and arrays.',
  demoResetOff: 'Resetting the demo data is switched off on this server.',
  notJson: 'Send the request body as JSON (Content-Type: application/json).',
  mediaNotFound: 'No such image',
  notForm: 'Send the image as multipart/form-data, in a field named file.',
  malformedForm: 'The request body is not a valid multipart/form-data form',
  loggedOut: 'Logged out.',
  passwordChanged: 'Password changed. Every other session was logged out.',
  badCursor: 'cursor must be the `next` of an earlier page of the same list',
  badLimit: 'limit must be a whole number from 1 to 40',
} as const;
