/**
 * Post fixtures for the post and screen stories, taken from the mock API's seed through the same
 * views the API answers with, so stories show exactly what the app will (the pinned story clock,
 * 2026-03-14T12:00:00Z, makes the seed's times read "5m", "3h", "Mar 5"). What the signed-in
 * guest sees on each post comes from the machines' own selector (`postViewOf`), and the feeds are
 * in the mock API's own orders (`byTime`, `byTrend`): stories never re-implement a rule. Only
 * `longPost`, the vote examples, the Hebrew and long-name posts and the sized pictures are made up.
 */
import { fn } from 'storybook/test';
import type { Mock } from 'storybook/test';
import { checkCommentText } from '../../src/api/rules';
import { tokenize } from '../../src/api/richText';
import type { Comment, Post, User, UserSummary } from '../../src/api/types';
import { createElement } from 'react';
import { PostCard } from '../../src/components/post';
import type { PostCardActions, PostCardView, PostFeedProps } from '../../src/components/post';
import { postViewOf, usernamesOf } from '../../src/machines';
import type { PostViewInput, SortMode } from '../../src/machines';
import { byTime, byTrend } from '../../src/mocks/db/indexes';
import { SEED_POST_IDS } from '../../src/seed/posts';
import { svgDataUrl } from '../../src/seed/svg';
import { createSeedState } from '../../src/seed/seed';
import { stateViews } from '../../src/mocks/db/sets';
import { longestNameUser } from '../fixtures-user';

const views = stateViews(createSeedState());
const seedPosts: Post[] = views.posts;
const seedUsers: User[] = views.users;
const seedPeople: UserSummary[] = seedUsers.map(
  ({ _id, firstName, lastName, username, profile }) => ({
    _id,
    firstName,
    lastName,
    username,
    profile,
  }),
);

/** A seeded person, by username. */
export function person(username: string): UserSummary {
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

/** What the mock API's feed orders compare of a post. */
const feedKey = (post: Post) => ({
  _id: post._id,
  createdAt: post.createdAt,
  likeCount: post.likes.likeCount,
});
const FEED_ORDER = { latest: byTime, trending: byTrend } as const;

/** Explore in the given order, as the API's Latest or Trending feed answers it. */
export const explorePosts = (mode: SortMode): Post[] =>
  [...seedPosts].sort((a, b) => FEED_ORDER[mode](feedKey(a), feedKey(b)));

/** Every seeded post, newest first (the Explore order for 'Latest'). */
export const allPosts: Post[] = explorePosts('latest');

/** The posts of these people, newest first. */
const postsOf = (usernames: readonly string[]): Post[] =>
  allPosts.filter((post) => usernames.includes(post.username));

/** Profile: the guest's own posts, newest first. */
export const ownPosts: Post[] = postsOf([viewer.username]);

/** The Home feed: the guest's own posts and those of the people the guest follows, newest first. */
export const homePosts: Post[] = postsOf([
  viewer.username,
  ...(viewerUser?.following ?? []).map((person) => person.username),
]);

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

/**
 * A post whose conversation has threads: Maya's launch with its two comments, replies under the
 * first (one from the guest), and a later comment of its own.
 */
export const threadPost: Post = (() => {
  const [first, second] = commentsPost.comments;
  if (first === undefined || second === undefined)
    throw new Error('The launch post lost its comments');
  const reply = (id: string, author: UserSummary, text: string, at: string): Comment => ({
    ...makeComment(id, author, text, at, {}),
    parentId: first._id,
  });
  return {
    ...commentsPost,
    _id: 'post-thread',
    comments: [
      first,
      reply(
        'comment-thread-thanks',
        maya,
        'Thank you! It took a while.',
        '2026-03-14T12:20:00+00:00',
      ),
      reply('comment-thread-me', viewer, 'Worth the wait.', '2026-03-14T12:25:00+00:00'),
      second,
    ],
  };
})();

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

/** Everyone in the seed: whose @mentions are links, as in the app. */
const knownUsernames = usernamesOf(seedUsers);

/** The post as the app's answers carry it: which of its mentions are someone's (the server's). */
function withMentions(post: Post): Post {
  const texts = [post.content, ...post.comments.map((comment) => comment.commentData)];
  const mentions = texts.flatMap((text) =>
    tokenize(text).flatMap((token) =>
      token.kind === 'mention' && knownUsernames.has(token.username) ? [token.username] : [],
    ),
  );
  return mentions.length === 0 ? post : { ...post, mentions: [...new Set(mentions)].sort() };
}

/** What the guest sees on a post, by the machines' selector; bookmarks and pending states optional. */
export function viewOf(
  post: Post,
  input: Omit<PostViewInput, 'me' | 'bookmarked'> & {
    bookmarks?: readonly Post[];
  } = {},
): PostCardView {
  const { bookmarks = [], ...rest } = input;
  const bookmarked = bookmarks.some((bookmark) => bookmark._id === post._id);
  return postViewOf(withMentions(post), { me: viewer, bookmarked, ...rest });
}

/**
 * A feed of these posts as <PostFeed> takes it: their ids, and a card for each drawn from the
 * fixtures with what the guest sees on it, its callbacks the given spies.
 */
export function feedOf(
  actions: PostCardActions,
  posts: readonly Post[],
  bookmarks: readonly Post[] = [],
): Pick<PostFeedProps, 'ids' | 'renderPost'> {
  const byId = new Map(posts.map((post) => [post._id, post]));
  return {
    ids: posts.map((post) => post._id),
    renderPost: (postId, headingLevel) => {
      const post = byId.get(postId);
      if (post === undefined) return null;
      return createElement(PostCard, {
        post,
        view: viewOf(post, { bookmarks }),
        actions,
        checkComment: checkCommentText,
        commentsHeadingLevel: headingLevel,
      });
    },
  };
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
    onOpenPost: fn(),
    onCopyLink: fn(),
  };
}

/** The post with `author` as its author (the author of a seeded post replaced). */
function writtenBy(post: Post, author: UserSummary): Post {
  const { firstName, lastName, username, profile } = author;
  return { ...post, firstName, lastName, username, profile };
}

/** A Hebrew post with a Hebrew comment: both read right to left, punctuation in place. */
export const hebrewPost: Post = {
  ...textPost,
  _id: 'post-hebrew',
  content: 'שלום עולם! מה שלומכם?',
  comments: [makeComment('comment-hebrew', liam, 'תודה, הכול טוב!', '2026-03-14T11:58:00+00:00')],
};

/** A post and a comment by someone whose name is as long as the rules allow (40 + 35). */
export const longNamePost: Post = {
  ...writtenBy(textPost, longestNameUser),
  _id: 'post-long-name',
  comments: [
    makeComment(
      'comment-long-name',
      longestNameUser,
      'Replying to myself, name and all.',
      '2026-03-14T11:58:00+00:00',
    ),
  ],
};

/**
 * A 64 × 48 PNG (a checkerboard of 8 px squares, so any stretching shows): it must be drawn at
 * 64 × 48, never blown up to the column's width.
 */
export const SMALL_IMAGE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAAXklEQVR42u3XoQ0AIAwEQIZiErZmEwQjIFigqBoIl1S+6KnPl1Z7eHOs8G7LFwAAAACAFOCVR095AAAAAIAcQBMDAAAA2AOaGAAAAMAe0MQAAAAA9oAmBgAAAPgOsAGidLtpB0ocwAAAAABJRU5ErkJggg==';

/** A 1600 × 900 picture, far wider than the column: scaled down to its width, ratio kept. */
export const LARGE_IMAGE = svgDataUrl(
  "<svg xmlns='http://www.w3.org/2000/svg' width='1600' height='900' viewBox='0 0 16 9'>" +
    "<rect width='16' height='9' fill='#ece8fc'/>" +
    "<circle cx='12' cy='3' r='1.5' fill='#f9a66c'/>" +
    "<path d='M0 9 5 3l3 3 2-2 6 5z' fill='#5234c9'/>" +
    '</svg>',
);

/** Someone else's post with a picture of 64 × 48. */
export const smallImagePost: Post = {
  ...textPost,
  _id: 'post-small-image',
  content: 'A tiny picture, at its own size.',
  imgContent: SMALL_IMAGE,
};

/** Someone else's post with a picture of 1600 × 900. */
export const largeImagePost: Post = {
  ...textPost,
  _id: 'post-large-image',
  content: 'A large picture, scaled to the column.',
  imgContent: LARGE_IMAGE,
};

/**
 * A long feed of `count` short posts (the seed's text posts, each with its own id and its place
 * in its text): long enough for PostFeed to mount only the cards near the screen.
 */
export function longFeed(count: number): Post[] {
  const texts = homePosts.filter((post) => post.imgContent === undefined);
  return Array.from({ length: count }, (_, index) => {
    const post = texts[index % texts.length] as Post;
    return {
      ...post,
      _id: `post-long-${index + 1}`,
      content: `Post ${index + 1} of ${count}. ${post.content}`,
      comments: [],
    };
  });
}
