/**
 * The five seeded people. Passwords (for trying the demo): the guest's are GUEST_CREDENTIALS
 * (`guest` / `guest1234`); the four others use `murmur123`. Only PBKDF2 hashes are stored; they
 * were computed once with service/passwords.ts and a fixed salt per user (`murmur-seed:<username>`)
 * so that creating the seed is synchronous and instant (tests/unit/mocks/seed.test.ts checks that
 * each hash still verifies).
 */
import type { UserRecord } from '../service/records';
import { AVATARS } from './avatars';

export const SEED_PASSWORD = 'murmur123';

export const SEED_USER_IDS = {
  guest: 'user-guest',
  maya: 'user-maya',
  liam: 'user-liam',
  sofia: 'user-sofia',
  noah: 'user-noah',
} as const;

const ids = SEED_USER_IDS;

export function seedUsers(): UserRecord[] {
  return [
    {
      _id: ids.guest,
      firstName: 'Guest',
      lastName: 'User',
      username: 'guest',
      passwordHash:
        'pbkdf2-sha256$10000$bXVybXVyLXNlZWQ6Z3Vlc3Q=$/TVbfz2qzIqjEqztMN6XlDYdldLyQNrG3ZxmMI71c3E=',
      bio: 'Just looking around Murmur. Say hi!',
      link: 'https://murmur.example.com',
      profile: AVATARS.guest,
      createdAt: '2025-09-01T09:00:00+00:00',
      updatedAt: '2025-09-01T09:00:00+00:00',
      followerIds: [],
      followingIds: [ids.maya, ids.liam],
      bookmarkIds: [],
    },
    {
      _id: ids.maya,
      firstName: 'Maya',
      lastName: 'Okafor',
      username: 'maya_okafor',
      passwordHash:
        'pbkdf2-sha256$10000$bXVybXVyLXNlZWQ6bWF5YV9va2Fmb3I=$fgFwwPCdHI5MJy6E8lFuoYadl3hs/vwScomQ4dOkxlo=',
      bio: 'Frontend engineer. Accessible interfaces, strong coffee, long walks.',
      link: 'https://mayaokafor.dev',
      profile: AVATARS.maya,
      createdAt: '2025-06-14T18:22:00+00:00',
      updatedAt: '2025-11-02T08:10:00+00:00',
      followerIds: [ids.guest],
      followingIds: [],
      bookmarkIds: [],
    },
    {
      _id: ids.liam,
      firstName: 'Liam',
      lastName: 'Chen',
      username: 'liam_chen',
      passwordHash:
        'pbkdf2-sha256$10000$bXVybXVyLXNlZWQ6bGlhbV9jaGVu$hpuOYr3QYvH1qwx57bEQ0/XtIppVKw9unroE5IUErDU=',
      bio: 'Photographer chasing early light across mountains and small towns.',
      link: 'https://liamchen.photos',
      profile: AVATARS.liam,
      createdAt: '2025-03-03T07:45:00+00:00',
      updatedAt: '2025-03-03T07:45:00+00:00',
      followerIds: [ids.guest],
      followingIds: [],
      bookmarkIds: [],
    },
    {
      _id: ids.sofia,
      firstName: 'Sofia',
      lastName: 'Martins',
      username: 'sofia_bakes',
      passwordHash:
        'pbkdf2-sha256$10000$bXVybXVyLXNlZWQ6c29maWFfYmFrZXM=$7NXI/D4nq8SqNB+Vds5KTRFtU2IEckX/yzIDu7OFjEE=',
      bio: 'Sourdough evangelist. Weekend baker, weekday accountant.',
      link: 'https://sofiabakes.example.com',
      profile: AVATARS.sofia,
      createdAt: '2025-08-19T12:00:00+00:00',
      updatedAt: '2026-01-05T15:30:00+00:00',
      followerIds: [],
      followingIds: [],
      bookmarkIds: [],
    },
    {
      _id: ids.noah,
      firstName: 'Noah',
      lastName: 'Williams',
      username: 'noah_runs',
      passwordHash:
        'pbkdf2-sha256$10000$bXVybXVyLXNlZWQ6bm9haF9ydW5z$uuYIT3EyLq2j2h/c8/HxTAzHGWfrrMscuST43IbHSto=',
      bio: 'Marathoner in training. Slow miles, big smiles.',
      link: 'http://noahruns.example.org',
      profile: AVATARS.noah,
      createdAt: '2025-10-27T06:05:00+00:00',
      updatedAt: '2025-10-27T06:05:00+00:00',
      followerIds: [],
      followingIds: [],
      bookmarkIds: [],
    },
  ];
}
