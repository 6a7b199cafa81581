import { describe, expect, it } from 'vitest';
import type { Notification, NotificationKind, UserSummary } from '../../../src/api/types';
import { NOTIFICATION_VERBS, notificationViewOf } from '../../../src/machines/notificationViews';
import { titleWithUnread, unreadCountText } from '../../../src/paths';

function person(username: string, firstName: string, lastName: string): UserSummary {
  return { _id: `id-${username}`, firstName, lastName, username, profile: '' };
}

const maya = person('maya_okafor', 'Maya', 'Okafor');
const liam = person('liam_chen', 'Liam', 'Chen');
const sofia = person('sofia_r', 'Sofia', 'Ramos');

function notice(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'n1',
    kind: 'like',
    actors: [maya],
    actorCount: 1,
    postId: 'post-1',
    excerpt: 'Fresh sourdough today',
    createdAt: '2026-03-01T10:00:00.000Z',
    seq: 7,
    unread: true,
    ...overrides,
  };
}

describe('notificationViewOf: the sentence', () => {
  it('names one actor, two actors, or the newest and how many others', () => {
    expect(notificationViewOf(notice(), 'guest').text).toBe('Maya Okafor liked your post');
    expect(notificationViewOf(notice({ actors: [maya, liam], actorCount: 2 }), 'guest').text).toBe(
      'Maya Okafor and Liam Chen liked your post',
    );
    expect(
      notificationViewOf(notice({ actors: [maya, liam, sofia], actorCount: 4 }), 'guest').text,
    ).toBe('Maya Okafor and 3 others liked your post');
    expect(
      notificationViewOf(notice({ actors: [maya, liam, sofia], actorCount: 3 }), 'guest').text,
    ).toBe('Maya Okafor and 2 others liked your post');
  });

  it('says "1 other" when only two did it but one of them is not listed', () => {
    expect(notificationViewOf(notice({ actors: [maya], actorCount: 2 }), 'guest').text).toBe(
      'Maya Okafor and 1 other liked your post',
    );
  });

  it('has a verb for every kind', () => {
    const expected: Record<NotificationKind, string> = {
      like: 'Maya Okafor liked your post',
      dislike: 'Maya Okafor disliked your post',
      comment: 'Maya Okafor commented on your post',
      reply: 'Maya Okafor replied to your comment',
      upvote: 'Maya Okafor upvoted your comment',
      downvote: 'Maya Okafor downvoted your comment',
      follow: 'Maya Okafor followed you',
      mention: 'Maya Okafor mentioned you',
    };
    for (const kind of Object.keys(NOTIFICATION_VERBS) as NotificationKind[]) {
      expect(notificationViewOf(notice({ kind }), 'guest').text).toBe(expected[kind]);
    }
  });
});

describe('notificationViewOf: the link, the actors and the rest', () => {
  it('links a follow to the newest follower, anything else to its post', () => {
    const follow = notice({ kind: 'follow', actors: [liam, maya], actorCount: 2 });
    delete follow.postId;
    delete follow.excerpt;
    expect(notificationViewOf(follow, 'guest').href).toBe('/profile-page/liam_chen');
    // One's own page is /profile-page.
    expect(notificationViewOf(follow, 'liam_chen').href).toBe('/profile-page');
    expect(notificationViewOf(notice({ kind: 'reply', commentId: 'c1' }), null).href).toBe(
      '/post/post-1',
    );
    expect(notificationViewOf(notice({ kind: 'mention', postId: 'a/b' }), null).href).toBe(
      '/post/a%2Fb',
    );
  });

  it('keeps at most three actors, newest first, with their names and avatar sizes', () => {
    const media = 'https://murmur.example/media/abcdefghijklmnopqrstuvwxyz012345-400.webp';
    const withPicture = { ...maya, profile: media };
    const extra = person('extra', 'Extra', 'Person');
    const view = notificationViewOf(
      notice({ actors: [withPicture, liam, sofia, extra], actorCount: 9 }),
      'guest',
    );
    expect(view.actors.map((actor) => actor.username)).toEqual([
      'maya_okafor',
      'liam_chen',
      'sofia_r',
    ]);
    expect(view.actors[0]).toEqual({
      username: 'maya_okafor',
      name: 'Maya Okafor',
      avatar: media,
      avatarSrcSet:
        'https://murmur.example/media/abcdefghijklmnopqrstuvwxyz012345-96.webp 96w, ' +
        `${media} 400w`,
    });
    // A picture without sizes (the default, a seeded asset) has no srcset.
    expect(view.actors[1]).toEqual({ username: 'liam_chen', name: 'Liam Chen', avatar: '' });
    expect(view.text).toBe('Maya Okafor and 8 others liked your post');
  });

  it('carries the id, kind, excerpt, time and unread mark as they are', () => {
    expect(notificationViewOf(notice({ unread: false }), 'guest')).toEqual({
      id: 'n1',
      kind: 'like',
      text: 'Maya Okafor liked your post',
      actors: [{ username: 'maya_okafor', name: 'Maya Okafor', avatar: '' }],
      href: '/post/post-1',
      excerpt: 'Fresh sourdough today',
      createdAt: '2026-03-01T10:00:00.000Z',
      unread: false,
    });
    expect(notificationViewOf(notice({ excerpt: '' }), 'guest')).not.toHaveProperty('excerpt');
  });
});

describe('titleWithUnread', () => {
  it('puts the unread count before the title, 99+ above 99, nothing at 0', () => {
    expect(titleWithUnread('Home · Murmur', 0)).toBe('Home · Murmur');
    expect(titleWithUnread('Home · Murmur', 3)).toBe('(3) Home · Murmur');
    expect(titleWithUnread('Home · Murmur', 99)).toBe('(99) Home · Murmur');
    expect(titleWithUnread('Home · Murmur', 100)).toBe('(99+) Home · Murmur');
    expect(unreadCountText(120)).toBe('99+');
  });
});
