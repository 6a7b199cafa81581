/**
 * Post fixtures for the post and screen stories, taken from the mock API's seed through the same
 * views the API answers with, so stories show exactly what the app will (the pinned story clock,
 * 2026-03-14T12:00:00Z, makes the seed's times read "5m", "3h", "Mar 5"). What the signed-in
 * guest sees on each post comes from the machines' own selectors (`postViewOf`, `selectHomeFeed`,
 * `selectExplorePosts`, `selectOwnPosts`): stories never re-implement a rule. Only `longPost` and the vote examples are made
 * up.
 */
import { fn } from 'storybook/test';
import type { Mock } from 'storybook/test';
import { checkCommentText } from '../../src/api/rules';
import type { Comment, Post, User, UserSummary } from '../../src/api/types';
import type { PostCardActions, PostCardView, PostFeedItem } from '../../src/components/post';
import { postViewOf, selectExplorePosts, selectHomeFeed, selectOwnPosts } from '../../src/machines';
import type { PostViewInput, SortMode } from '../../src/machines';
import { SEED_POST_IDS } from '../../src/mocks/data/posts';
import { createSeedState } from '../../src/mocks/data/seed';
import { createViews } from '../../src/mocks/service/views';

const views = createViews(createSeedState());
const seedPosts: Post[] = views.posts();
const seedUsers: User[] = views.users();
const seedPeople: UserSummary[] = seedUsers.map(
  ({ _id, firstName, lastName, username, profile }) => ({
    _id,
    firstName,
    lastName,
    username,
    profile,
  }),
);

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
const viewerUser = seedUsers.find((user) => user.username === viewer.username) ?? null;
const [maya, liam] = seedPeople.filter((user) => user._id !== viewer._id) as [
  UserSummary,
  UserSummary,
  ...UserSummary[],
];

/** Explore in the given order, as the app shows the posts the API answers with. */
export const explorePosts = (mode: SortMode): Post[] => selectExplorePosts(seedPosts, mode);

/** Every seeded post, newest first (the Explore order for 'Latest'). */
export const allPosts: Post[] = explorePosts('latest');

/** Profile: the guest's own posts, newest first. */
export const ownPosts: Post[] = selectOwnPosts(seedPosts, viewer);

/** The Home feed: the guest's own posts and those of the people the guest follows, newest first. */
export const homePosts: Post[] = selectHomeFeed(seedPosts, viewerUser, seedUsers);

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

/** What the guest sees on a post, by the machines' selector; bookmarks and pending states optional. */
export function viewOf(
  post: Post,
  input: Omit<PostViewInput, 'me' | 'bookmarks'> & {
    bookmarks?: readonly Post[];
  } = {},
): PostCardView {
  return postViewOf(post, { me: viewer, bookmarks: [], ...input });
}

/** A feed's items: each post with what the guest sees on it. */
export function feedItems(posts: readonly Post[], bookmarks: readonly Post[] = []): PostFeedItem[] {
  return posts.map((post) => ({ post, view: viewOf(post, { bookmarks }) }));
}

/** The comment rule every card and composer is given in the app. */
export const checkComment = checkCommentText;

/** A spy for each card callback: plain properties, so a play function can check them. */
export type PostCardSpies = { [K in keyof PostCardActions]: Mock<PostCardActions[K]> };

/** Spies for every card callback, for `args` (one object per story file, as a feed has one). */
export function postCardActions(): PostCardSpies {
  return {
    onToggleLike: fn(),
    onToggleBookmark: fn(),
    onEdit: fn(),
    onDelete: fn(),
    onAddComment: fn(),
    onEditComment: fn(),
    onDeleteComment: fn(),
    onUpvoteComment: fn(),
    onDownvoteComment: fn(),
  };
}
