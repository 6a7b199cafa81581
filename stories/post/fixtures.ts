/**
 * Post fixtures for the post and screen stories, taken from the mock API's seed through the same
 * views the API answers with, so stories show exactly what the app will (the pinned story clock,
 * 2026-03-14T12:00:00Z, makes the seed's times read "5m", "3h", "Mar 5"). Only `longPost` and
 * the vote examples are made up.
 */
import { fn } from 'storybook/test';
import type { Comment, Post, UserSummary } from '../../src/api/types';
import type { PostCardActions, PostCardViewState } from '../../src/components/post';
import { SEED_POST_IDS } from '../../src/mocks/data/posts';
import { createSeedState } from '../../src/mocks/data/seed';
import { createViews } from '../../src/mocks/service/views';

const views = createViews(createSeedState());
const seedPosts: Post[] = views.posts();
const seedPeople: UserSummary[] = views
  .users()
  .map(({ _id, firstName, lastName, username, profile }) => ({
    _id,
    firstName,
    lastName,
    username,
    profile,
  }));

function person(username: string): UserSummary {
  const found = seedPeople.find((user) => user.username === username);
  if (!found) throw new Error(`No seeded user ${username}`);
  return found;
}

function seededPost(id: string): Post {
  const found = seedPosts.find((post) => post._id === id);
  if (!found) throw new Error(`No seeded post ${id}`);
  return found;
}

/** The signed-in person in every story: the guest, who follows Maya and Liam. */
export const viewer: UserSummary = person('guest');
const [maya, liam] = seedPeople.filter((user) => user._id !== viewer._id) as [
  UserSummary,
  UserSummary,
  ...UserSummary[],
];

/** Every seeded post, newest first (the Explore order for 'Latest'). */
export const allPosts: Post[] = [...seedPosts].sort((a, b) =>
  b.createdAt.localeCompare(a.createdAt),
);

/** The Home feed: the guest's own posts and those of the people the guest follows, newest first. */
export const homePosts: Post[] = allPosts.filter((post) =>
  [viewer.username, maya.username, liam.username].includes(post.username),
);

/** Someone else's text-only post, 5 minutes old, with no likes. */
export const textPost = seededPost(SEED_POST_IDS.sofiaScones);
/** Someone else's post with a picture, liked by the guest. */
export const imagePost = seededPost(SEED_POST_IDS.liamRidge);
/** Someone else's post with comments, one of them the guest's own. */
export const commentsPost = seededPost(SEED_POST_IDS.mayaLaunch);
/** Someone else's post with a picture and comments, liked by others but not by the guest. */
export const othersLikedPost = seededPost(SEED_POST_IDS.sofiaLoaf);
/** The guest's own post, with a comment by someone else. */
export const ownPost = seededPost(SEED_POST_IDS.guestHello);

export function makeComment(
  id: string,
  author: UserSummary,
  commentData: string,
  createdAt: string,
  votes?: { up?: UserSummary[]; down?: UserSummary[] },
): Comment {
  const { firstName, lastName, username, profile } = author;
  return {
    _id: id,
    commentData,
    firstName,
    lastName,
    username,
    profile,
    ...(votes ? { votes: { upvotedBy: votes.up ?? [], downvotedBy: votes.down ?? [] } } : {}),
    createdAt,
    updatedAt: createdAt,
  };
}

/** Long text with paragraphs, a long link and a very long word, liked by the guest. */
export const longPost: Post = {
  ...seededPost(SEED_POST_IDS.noahMarathon),
  _id: 'post-long',
  content:
    'Notes from this week’s running club, because a few of you asked:\n\n' +
    'We spent most of the evening on how to keep training simple. The short version: write ' +
    'the plan down where you will see it, drop what you never do, and prefer one easy run over ' +
    'three clever workouts. Someone brought up ' +
    'https://example.com/a-very-long-link-that-keeps-going/and-going/without-any-spaces-at-all/2026/03/notes ' +
    'and we argued about it for a good half hour.\n\n' +
    'Supercalifragilisticexpialidociouslylongunbrokenwordthatshouldwrapinsteadofoverflowingthecard. ' +
    'Next month: bring a habit you dropped and tell us why.',
  createdAt: '2026-03-04T18:20:00+00:00',
  updatedAt: '2026-03-04T18:20:00+00:00',
  likes: { likeCount: 3, likedBy: [maya, liam, viewer], dislikedBy: [] },
  comments: [],
};

/** Comments showing every vote state of the guest: upvoted, downvoted, none, and no votes. */
export const voteComments: Comment[] = [
  makeComment('comment-up', maya, 'I upvoted this one.', '2026-03-14T10:00:00+00:00', {
    up: [viewer, liam],
  }),
  makeComment('comment-down', liam, 'And downvoted this one.', '2026-03-14T10:30:00+00:00', {
    down: [viewer],
  }),
  makeComment(
    'comment-none',
    maya,
    'A seeded comment without any votes.',
    '2026-03-10T10:30:00+00:00',
  ),
];

/** A comment with a long unbroken link, to prove it wraps. */
export const longComment: Comment = makeComment(
  'comment-long',
  maya,
  'Found the route: https://example.com/with/a/really/long/path/that/has/no/spaces/at/all/and/keeps/going',
  '2026-03-14T11:59:00+00:00',
);

/**
 * What `viewer` sees on a post, by the rules the machines' selectors apply (F1, F3): stories
 * need the same answers without the machines.
 */
export function viewOf(post: Post, bookmarkedIds: readonly string[] = []): PostCardViewState {
  const isMe = (user: { username: string }) => user.username === viewer.username;
  return {
    likedByMe: post.likes.likedBy.some(isMe),
    bookmarked: bookmarkedIds.includes(post._id),
    canEdit: isMe(post),
    canEditComment: (comment) => isMe(comment),
    canDeleteComment: (comment) => isMe(comment) || isMe(post),
    commentVoteOf: (comment) =>
      comment.votes?.upvotedBy.some(isMe)
        ? 'up'
        : comment.votes?.downvotedBy.some(isMe)
          ? 'down'
          : null,
  };
}

/** Spies for every card callback, for `args`. */
export function postCardActions(): PostCardActions {
  return {
    onLike: fn(),
    onUnlike: fn(),
    onBookmark: fn(),
    onRemoveBookmark: fn(),
    onEdit: fn(),
    onDelete: fn(),
    onAddComment: fn(),
    onEditComment: fn(),
    onDeleteComment: fn(),
    onUpvoteComment: fn(),
    onDownvoteComment: fn(),
  };
}
