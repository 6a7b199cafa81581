import { fn } from 'storybook/test';
import type { Comment, Post, UserSummary } from '../../src/api/types';
import type { PostCardActions, PostCardViewState } from '../../src/components/post';

/**
 * Story fixtures for posts and comments: realistic people, fixed ids and timestamps before the
 * pinned story clock (2026-03-14T12:00:00Z), so relative times read "5m", "3h", "Mar 4".
 */

/** A deterministic avatar: a soft-coloured square with the person's initials. */
function avatar(initials: string, background: string, foreground: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" fill="${background}"/>` +
    `<text x="48" y="60" font-family="Arial, sans-serif" font-size="36" font-weight="700" ` +
    `text-anchor="middle" fill="${foreground}">${initials}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export const guest: UserSummary = {
  _id: 'u-guest',
  firstName: 'Alex',
  lastName: 'Morgan',
  username: 'guest',
  profile: avatar('AM', '#dbeafe', '#1e3a8a'),
};

export const maya: UserSummary = {
  _id: 'u-maya',
  firstName: 'Maya',
  lastName: 'Okafor',
  username: 'mayaokafor',
  profile: avatar('MO', '#fde68a', '#78350f'),
};

export const jonas: UserSummary = {
  _id: 'u-jonas',
  firstName: 'Jonas',
  lastName: 'Lindqvist',
  username: 'jonas_l',
  profile: avatar('JL', '#bbf7d0', '#14532d'),
};

export const priya: UserSummary = {
  _id: 'u-priya',
  firstName: 'Priya',
  lastName: 'Raman',
  username: 'priyaraman',
  /** No picture: the card shows the default avatar. */
  profile: '',
};

/** A landscape picture (sunrise over hills) as a data URL, like an attached post image. */
export const landscapeImage = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 450">` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#fbcfe8"/><stop offset="1" stop-color="#fde68a"/></linearGradient></defs>` +
    `<rect width="800" height="450" fill="url(#sky)"/>` +
    `<circle cx="560" cy="250" r="70" fill="#fb923c"/>` +
    `<path d="M0 300 Q200 200 400 290 T800 270 V450 H0Z" fill="#7c3aed" opacity="0.55"/>` +
    `<path d="M0 350 Q250 270 500 340 T800 330 V450 H0Z" fill="#4c1d95" opacity="0.8"/>` +
    `</svg>`,
)}`;

/** A second, portrait-ish picture for variety. */
export const coffeeImage = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600">` +
    `<rect width="800" height="600" fill="#e7d8c9"/>` +
    `<ellipse cx="400" cy="380" rx="230" ry="70" fill="#c8b6a6"/>` +
    `<rect x="270" y="200" width="260" height="180" rx="30" fill="#fff7ed"/>` +
    `<ellipse cx="400" cy="205" rx="130" ry="28" fill="#78350f"/>` +
    `<path d="M530 240 q70 0 70 60 t-70 60" fill="none" stroke="#fff7ed" stroke-width="22"/>` +
    `</svg>`,
)}`;

function summary(user: UserSummary): Pick<Post, 'username' | 'firstName' | 'lastName' | 'profile'> {
  return {
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    profile: user.profile,
  };
}

export function makeComment(
  id: string,
  author: UserSummary,
  commentData: string,
  createdAt: string,
  votes?: { up?: UserSummary[]; down?: UserSummary[] },
): Comment {
  return {
    _id: id,
    commentData,
    ...summary(author),
    ...(votes ? { votes: { upvotedBy: votes.up ?? [], downvotedBy: votes.down ?? [] } } : {}),
    createdAt,
    updatedAt: createdAt,
  };
}

export function makePost(
  id: string,
  author: UserSummary,
  content: string,
  createdAt: string,
  extra: { likedBy?: UserSummary[]; comments?: Comment[]; imgContent?: string } = {},
): Post {
  const likedBy = extra.likedBy ?? [];
  return {
    _id: id,
    content,
    ...(extra.imgContent ? { imgContent: extra.imgContent } : {}),
    ...summary(author),
    createdAt,
    updatedAt: createdAt,
    likes: { likeCount: likedBy.length, likedBy, dislikedBy: [] },
    comments: extra.comments ?? [],
  };
}

export const textPost = makePost(
  'p-text',
  maya,
  'Finally finished the garden bench I started in January. Sanded, oiled and already claimed by the cat.',
  '2026-03-14T11:55:00Z',
  { likedBy: [jonas, priya] },
);

export const imagePost = makePost(
  'p-image',
  jonas,
  'Sunrise over the ridge this morning. Worth the 5 a.m. alarm.\nNo filter, just cold fingers.',
  '2026-03-14T09:00:00Z',
  { likedBy: [maya], imgContent: landscapeImage },
);

export const longPost = makePost(
  'p-long',
  priya,
  'Notes from this week’s reading group, because a few of you asked:\n\n' +
    'We spent most of the evening on how small teams keep their tools simple. The short version: ' +
    'write things down where the next person will look for them, delete what nobody uses, and ' +
    'prefer one obvious place over three clever ones. Someone brought up the classic ' +
    'https://example.com/a-very-long-link-that-keeps-going/and-going/without-any-spaces-at-all/2026/03/notes ' +
    'and we argued about it for a good half hour.\n\n' +
    'Supercalifragilisticexpialidociouslylongunbrokenwordthatshouldwrapinsteadofoverflowingthecard. ' +
    'Next month: bring a tool you removed and tell us why.',
  '2026-03-04T18:20:00Z',
  { likedBy: [maya, jonas, guest] },
);

export const commentsPost = makePost(
  'p-comments',
  maya,
  'Which one should I bring to the picnic on Saturday: lemon bars or the pistachio cake?',
  '2026-03-14T08:10:00Z',
  {
    likedBy: [guest],
    comments: [
      makeComment('c-1', jonas, 'Pistachio cake, no contest.', '2026-03-14T08:30:00Z', {
        up: [maya, priya],
      }),
      makeComment(
        'c-2',
        guest,
        'Lemon bars travel better. Cake on a hot day is a gamble!',
        '2026-03-14T09:05:00Z',
        { up: [maya], down: [jonas] },
      ),
      makeComment('c-3', priya, 'Why not both? I can carry one.', '2026-03-14T11:40:00Z'),
    ],
  },
);

export const ownPost = makePost(
  'p-own',
  guest,
  'First week on Murmur. Say hi if you are into climbing, bread or bad puns.',
  '2026-03-13T16:45:00Z',
  {
    likedBy: [maya],
    comments: [makeComment('c-own-1', jonas, 'Hi! Bread person here.', '2026-03-13T17:00:00Z')],
  },
);

export const coffeePost = makePost(
  'p-coffee',
  priya,
  'New café on the corner does a proper flat white. Dangerous news for my budget.',
  '2026-03-12T07:30:00Z',
  { imgContent: coffeeImage },
);

/** A feed as Home would show it: newest first. */
export const feedPosts: Post[] = [textPost, commentsPost, imagePost, ownPost, coffeePost, longPost];

/** The signed-in person in every story. */
export const viewer = guest;

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

/** Spies for every card callback, for `args` (fresh per call so stories never share them). */
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
