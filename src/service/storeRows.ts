/**
 * The rows the store port (./store.ts) hands over besides the records: media, inline images,
 * notifications and the live stream's events.
 */
import type { MediaPurpose } from '../api/media';
import type { LiveEvent, NotificationKind, Timestamp } from '../api/types';
import type { PersonRow } from './store';

/** An uploaded image (src/service/media.ts): its files are kept beside it, by name. */
export interface MediaRow {
  /** A hash of the upload and its purpose: the same picture uploaded twice is one media. */
  _id: string;
  /** Who uploaded it first (absent once they are gone). */
  ownerId?: string;
  purpose: MediaPurpose;
  /** The type of its files (WebP where the encoder can write it): their names' extension. */
  type: string;
  /** The first file's sides (MEDIA_FILES of src/api/media.ts). */
  width: number;
  height: number;
  /** A ThumbHash, base64. */
  placeholder: string;
  /** The description sent with the upload, if any. */
  alt?: string;
  createdAt: Timestamp;
}

/** One file of a media, served as it is under its name. */
export interface MediaFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/**
 * An image still held inline, as a base64 data URL, in a post or a person (what was stored before
 * images were media): `ownerId` is who sent it.
 */
export interface InlineImage {
  id: string;
  ownerId: string;
  dataUrl: string;
}

/**
 * One person's part in a notification (src/service/inbox.ts): who did what to whom, about what.
 * Entries of one recipient with one kind and target make one notification.
 */
export interface InboxEntry {
  recipientId: string;
  kind: NotificationKind;
  actorId: string;
  /**
   * What it is about: a post's id (like, dislike, comment, a mention in a post), a comment's
   * (reply: the comment answered; upvote, downvote; a mention in a comment), '' for a follow.
   */
  target: string;
  /** The post it links to (none for a follow); the comment, when it is about one. */
  postId?: string;
  commentId?: string;
  at: Timestamp;
}

/** Which entry: one actor's in one notification. */
export type InboxKey = Pick<InboxEntry, 'recipientId' | 'kind' | 'target' | 'actorId'>;

/** A notification: one recipient's entries of one kind and target, as of the newest. */
export interface InboxGroup {
  kind: NotificationKind;
  target: string;
  /** The newest entry's. */
  postId?: string;
  commentId?: string;
  at: Timestamp;
  /** The newest entry's place in the recipient's inbox (larger is newer): the page key. */
  seq: number;
  /** How many people are in it. */
  count: number;
  /** The newest three, newest first. */
  actors: PersonRow[];
  /** The text it is about (the comment's, else the post's), at most INBOX_EXCERPT code units. */
  excerpt?: string;
  /** Its newest entry came after the recipient's read mark. */
  unread: boolean;
}

/** The longest excerpt a notification carries, in code units. */
export const INBOX_EXCERPT = 140;

/** An event of the live stream as the store logs it: to everyone, or to one person only. */
export interface LoggedEvent {
  /** Its place in the log: larger is later. */
  seq: number;
  /** Whose stream it goes to; null: everyone's. */
  recipientId: string | null;
  event: LiveEvent;
}
