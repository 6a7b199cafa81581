/**
 * The eight seeded posts, oldest first. Storybook pins its clock at 2026-03-14T12:00:00Z, so the
 * creation times read as "5m", "48m", "3h", "2d", "Mar 5", "Feb 20" and "Jan 28". Like counts
 * match likedBy; some comments carry no `votes`, as the spec's seed does.
 */
import type { PostRecord } from '../service/records';
import { POST_IMAGES } from './images';
import { SEED_USER_IDS } from './users';

const { guest, maya, liam, sofia, noah } = SEED_USER_IDS;

export const SEED_POST_IDS = {
  noahMarathon: 'post-noah-marathon',
  sofiaLoaf: 'post-sofia-loaf',
  liamRidge: 'post-liam-ridge',
  mayaLaunch: 'post-maya-launch',
  guestHello: 'post-guest-hello',
  mayaGrid: 'post-maya-grid',
  liamDusk: 'post-liam-dusk',
  sofiaScones: 'post-sofia-scones',
} as const;

const ids = SEED_POST_IDS;

export function seedPosts(): PostRecord[] {
  return [
    {
      _id: ids.noahMarathon,
      content:
        'Twenty miles this morning in the fog. Legs are done, heart is full. Nine weeks until race day.',
      authorId: noah,
      createdAt: '2026-01-28T08:15:00+00:00',
      updatedAt: '2026-01-28T08:15:00+00:00',
      likeCount: 1,
      likedByIds: [maya],
      dislikedByIds: [liam],
      comments: [],
    },
    {
      _id: ids.sofiaLoaf,
      content:
        'Day 3 of the new starter and we finally have an ear! Open crumb, crackly crust, zero regrets.',
      imgContent: POST_IMAGES.sourdough,
      authorId: sofia,
      createdAt: '2026-02-20T16:40:00+00:00',
      updatedAt: '2026-02-20T18:30:00+00:00',
      likeCount: 3,
      likedByIds: [maya, liam, noah],
      dislikedByIds: [],
      comments: [
        {
          _id: 'comment-loaf-recipe',
          commentData: 'That crumb! Recipe please?',
          authorId: maya,
          votes: { upvotedByIds: [liam], downvotedByIds: [] },
          createdAt: '2026-02-20T17:02:00+00:00',
          updatedAt: '2026-02-20T17:02:00+00:00',
        },
        {
          _id: 'comment-loaf-promise',
          commentData: 'Posting it this weekend, promise.',
          authorId: sofia,
          createdAt: '2026-02-20T18:30:00+00:00',
          updatedAt: '2026-02-20T18:30:00+00:00',
        },
      ],
    },
    {
      _id: ids.liamRidge,
      content:
        'Up at 4:30 for this. The ridge lit up for about ninety seconds and then the clouds rolled in. Worth it.',
      imgContent: POST_IMAGES.mountains,
      authorId: liam,
      createdAt: '2026-03-05T07:05:00+00:00',
      updatedAt: '2026-03-05T09:14:00+00:00',
      likeCount: 4,
      likedByIds: [guest, maya, sofia, noah],
      dislikedByIds: [],
      comments: [
        {
          _id: 'comment-ridge-where',
          commentData: 'Where is this? Adding it to my list.',
          authorId: sofia,
          createdAt: '2026-03-05T09:14:00+00:00',
          updatedAt: '2026-03-05T09:14:00+00:00',
        },
      ],
    },
    {
      _id: ids.mayaLaunch,
      content:
        'Shipped the accessibility pass on our design system today: focus rings, reduced motion, proper labels. Small things, big difference.',
      authorId: maya,
      createdAt: '2026-03-11T19:30:00+00:00',
      updatedAt: '2026-03-12T08:45:00+00:00',
      likeCount: 2,
      likedByIds: [guest, liam],
      dislikedByIds: [],
      comments: [
        {
          _id: 'comment-launch-congrats',
          commentData: 'Congrats on shipping! Focus rings are underrated.',
          authorId: liam,
          createdAt: '2026-03-11T20:05:00+00:00',
          updatedAt: '2026-03-11T20:05:00+00:00',
        },
        {
          _id: 'comment-launch-sprint',
          commentData: 'Saving this for our next sprint.',
          authorId: guest,
          votes: { upvotedByIds: [], downvotedByIds: [] },
          createdAt: '2026-03-12T08:45:00+00:00',
          updatedAt: '2026-03-12T08:45:00+00:00',
        },
      ],
    },
    {
      _id: ids.guestHello,
      content: 'Hello Murmur! Trying out the demo account. Who should I follow first?',
      authorId: guest,
      createdAt: '2026-03-12T10:00:00+00:00',
      updatedAt: '2026-03-12T10:20:00+00:00',
      likeCount: 0,
      likedByIds: [],
      dislikedByIds: [],
      comments: [
        {
          _id: 'comment-hello-welcome',
          commentData: "Welcome! Start with Liam's photos.",
          authorId: maya,
          votes: { upvotedByIds: [guest], downvotedByIds: [] },
          createdAt: '2026-03-12T10:20:00+00:00',
          updatedAt: '2026-03-12T10:20:00+00:00',
        },
      ],
    },
    {
      _id: ids.mayaGrid,
      content:
        'Hot take: CSS subgrid is the best thing to happen to card layouts in years. Fight me (politely).',
      authorId: maya,
      createdAt: '2026-03-14T09:00:00+00:00',
      updatedAt: '2026-03-14T09:40:00+00:00',
      likeCount: 1,
      likedByIds: [noah],
      dislikedByIds: [],
      comments: [
        {
          _id: 'comment-grid-clicked',
          commentData: 'Same here, the grid finally clicked for me.',
          authorId: noah,
          votes: { upvotedByIds: [maya], downvotedByIds: [] },
          createdAt: '2026-03-14T09:40:00+00:00',
          updatedAt: '2026-03-14T09:40:00+00:00',
        },
      ],
    },
    {
      _id: ids.liamDusk,
      content: 'Blue hour from the rooftop. The city hums differently at this time of day.',
      imgContent: POST_IMAGES.cityDusk,
      authorId: liam,
      createdAt: '2026-03-14T11:12:00+00:00',
      updatedAt: '2026-03-14T11:12:00+00:00',
      likeCount: 0,
      likedByIds: [],
      dislikedByIds: [],
      comments: [],
    },
    {
      _id: ids.sofiaScones,
      content: "Scones are in the oven. Cheese and chive, because it's that kind of Saturday.",
      authorId: sofia,
      createdAt: '2026-03-14T11:55:00+00:00',
      updatedAt: '2026-03-14T11:55:00+00:00',
      likeCount: 0,
      likedByIds: [],
      dislikedByIds: [],
      comments: [],
    },
  ];
}
