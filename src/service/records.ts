/**
 * The records the service works on, as every store hands them over. People are referred to by
 * `_id` (authors, likes, votes, the social graph) and bookmarks by post `_id`. The API shapes of
 * src/api/types.ts are built from these on every read (views.ts), so a profile edit shows at once
 * on every post, comment and follower list, and a deleted post can never linger in a bookmark
 * list. Lists keep the order things happened in: the oldest like, follow or post first.
 */
import type { NotificationKind, Timestamp } from '../api/types';

export interface UserRecord {
  _id: string;
  firstName: string;
  lastName: string;
  username: string;
  /** PBKDF2 hash (service/passwords.ts); never leaves the database. */
  passwordHash: string;
  bio: string;
  link: string;
  profile: string;
  /** The media the avatar is (src/service/media.ts); absent for the default or a seeded one. */
  profileMedia?: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  followerIds: string[];
  followingIds: string[];
  bookmarkIds: string[];
  /**
   * The person's open sessions: a token names one, and is answered only while it is here. Kept
   * with the person in the browser's store (absent: none); the server keeps a table of them.
   */
  sessionIds?: string[];
  /**
   * The browser store's notifications of the person (the server keeps a table of them): absent,
   * none yet. `seq` counts the entries ever added, `readSeq` is the read mark.
   */
  inbox?: { entries: InboxRecord[]; seq: number; readSeq: number };
}

/** An entry of a person's notifications, as the browser store keeps it (store.ts `InboxEntry`). */
export interface InboxRecord {
  kind: NotificationKind;
  actorId: string;
  target: string;
  postId?: string;
  commentId?: string;
  at: Timestamp;
  seq: number;
}

export interface VotesRecord {
  upvotedByIds: string[];
  downvotedByIds: string[];
  /**
   * How many of each there are, when the lists hold only the viewer's vote (a card's read, which
   * must not grow with the votes); absent when the lists name everyone.
   */
  upvoteCount?: number;
  downvoteCount?: number;
}

export interface CommentRecord {
  _id: string;
  commentData: string;
  authorId: string;
  /** Absent on some seeded comments, as in the spec; the first vote creates it. */
  votes?: VotesRecord;
  /** A reply: the id of the post's comment it answers, itself never a reply. */
  parentId?: string;
  createdAt: Timestamp;
  /** Changes with every change to it, votes included. */
  updatedAt: Timestamp;
  /** When its author last changed its text; absent when never edited. */
  editedAt?: Timestamp;
}

export interface PostRecord {
  _id: string;
  content: string;
  imgContent?: string;
  /** The image's alt text; only beside an image, never empty. */
  imgAlt?: string;
  /** The image's sides, when known: a card keeps its box before it loads. */
  imgWidth?: number;
  imgHeight?: number;
  /** The image's ThumbHash (base64), painted until it loads. */
  imgPlaceholder?: string;
  /** The media the image is (src/service/media.ts); absent for a seeded picture. */
  imgMedia?: string;
  authorId: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** When the author last changed text, image or alt text; absent when never edited. */
  editedAt?: Timestamp;
  likeCount: number;
  likedByIds: string[];
  dislikedByIds: string[];
  comments: CommentRecord[];
  /**
   * How many comments the post has, when `comments` holds only the newest (a read shaped for a
   * card, store.ts `OwnReactions`); absent when it holds them all.
   */
  commentCount?: number;
  /** Whether the viewer of a read with `own` bookmarked it; absent without a viewer. */
  bookmarkedByViewer?: boolean;
}

/** Posts are kept oldest first (the order the spec's explore page reverses). */
export interface DatabaseState {
  users: UserRecord[];
  posts: PostRecord[];
}
