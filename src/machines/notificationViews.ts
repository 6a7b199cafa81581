import type { Notification, NotificationKind as NoticeKind } from '../api/types';
import { PATHS, postPathOf, profilePathOf } from '../paths';
import { avatarSrcSet } from './views';

/**
 * A notification as the notifications screen draws it (the screen's `NotificationView`, which
 * describes the same shape in its own words): the sentence, who did it, where it leads.
 */
export interface NotificationView {
  id: string;
  kind: NoticeKind;
  /** "Maya Okafor and 3 others liked your post". */
  text: string;
  /** The newest (at most three) who did it, newest first. */
  actors: { username: string; name: string; avatar: string; avatarSrcSet?: string }[];
  /** The post it is about, or, for a follow, the newest follower's profile. */
  href: string;
  excerpt?: string;
  createdAt: string;
  unread: boolean;
}

/** What each kind of notification says after who did it. */
export const NOTIFICATION_VERBS: Record<NoticeKind, string> = {
  like: 'liked your post',
  dislike: 'disliked your post',
  comment: 'commented on your post',
  reply: 'replied to your comment',
  upvote: 'upvoted your comment',
  downvote: 'downvoted your comment',
  follow: 'followed you',
  mention: 'mentioned you',
};

/** Who did it, in words: "Maya Okafor", "Maya Okafor and Liam Chen", "Maya Okafor and 3 others". */
function whoDidIt(names: readonly string[], count: number): string {
  const [first = 'Someone', second] = names;
  if (count <= 1) return first;
  if (count === 2 && second !== undefined) return `${first} and ${second}`;
  const others = count - 1;
  return `${first} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

/** A follow leads to the newest follower's page; anything else to the post it is about. */
function hrefOf(n: Notification, self: string | null): string {
  if (n.kind !== 'follow' && n.postId !== undefined) return postPathOf(n.postId);
  const newest = n.actors[0];
  return newest === undefined ? PATHS.notifications : profilePathOf(newest.username, self);
}

/**
 * One notification as `self` (the signed-in username) sees it: the sentence, the actors with
 * their avatars' sizes, and the link (a follow to the newest follower's page, anything else to
 * the post it is about).
 */
export function notificationViewOf(n: Notification, self: string | null): NotificationView {
  const actors = n.actors.slice(0, 3).map((actor) => {
    const srcSet = avatarSrcSet(actor.profile);
    return {
      username: actor.username,
      name: `${actor.firstName} ${actor.lastName}`,
      avatar: actor.profile,
      ...(srcSet === undefined ? {} : { avatarSrcSet: srcSet }),
    };
  });
  const count = Math.max(n.actorCount, actors.length);
  return {
    id: n.id,
    kind: n.kind,
    text: `${whoDidIt(
      actors.map((actor) => actor.name),
      count,
    )} ${NOTIFICATION_VERBS[n.kind]}`,
    actors,
    href: hrefOf(n, self),
    ...(n.excerpt === undefined || n.excerpt === '' ? {} : { excerpt: n.excerpt }),
    createdAt: n.createdAt,
    unread: n.unread,
  };
}
