/**
 * The port between the service's rules and storage: the repositories the rules need, and how a
 * call reads or writes through them. Two stores plug in: the browser mock's (memory, saved to
 * IndexedDB; src/mocks/db/memoryStore.ts) and the Node server's (SQL on PGlite or PostgreSQL;
 * src/server/db/sqlStore.ts). The rules (who may do what, which message a refusal carries) stay
 * in the service; a store only keeps records and the invariants a database can hold by itself:
 * one username per person in any letter case, one like or dislike per person per post, one vote
 * per person per comment, one follow per pair, one bookmark per post, nothing pointing at a
 * record that is gone.
 */
import type { LiveEvent, Timestamp } from '../api/types';
import type { CommentRecord, PostRecord, UserRecord } from './records';
import type {
  InboxEntry,
  InboxGroup,
  InboxKey,
  InlineImage,
  LoggedEvent,
  MediaFile,
  MediaRow,
} from './storeRows';

export type {
  InboxEntry,
  InboxGroup,
  InboxKey,
  InlineImage,
  LoggedEvent,
  MediaFile,
  MediaRow,
} from './storeRows';
export { INBOX_EXCERPT } from './storeRows';

/** A person without the lists that hang off them (follows, bookmarks). */
export type UserRow = Omit<
  UserRecord,
  'followerIds' | 'followingIds' | 'bookmarkIds' | 'sessionIds' | 'inbox'
>;

/** A post without the lists that hang off it (likes, dislikes, comments). */
export type PostRow = Omit<PostRecord, 'likedByIds' | 'dislikedByIds' | 'comments'>;

/** A comment without its votes; `voted` says whether it has its (maybe empty) lists of votes. */
export type CommentRow = Omit<CommentRecord, 'votes'> & { postId: string; voted: boolean };

/** What a profile edit may change. */
export type UserChanges = Partial<
  Pick<
    UserRow,
    'firstName' | 'lastName' | 'bio' | 'link' | 'profile' | 'passwordHash' | 'updatedAt'
  >
> & {
  /** The media the new avatar is; null: none (the default avatar, or another link). */
  profileMedia?: string | null;
};

/**
 * What an edit or a like may change on a post. `null` removes the image or its alt text (an
 * optional field absent from a record is absent from the row too).
 */
/** A post's like count and how many comments it has. */
export interface PostCounts {
  likeCount: number;
  commentCount: number;
}

export interface PostChanges {
  content?: string;
  imgContent?: string | null;
  imgAlt?: string | null;
  imgWidth?: number | null;
  imgHeight?: number | null;
  imgPlaceholder?: string | null;
  imgMedia?: string | null;
  updatedAt?: string;
  editedAt?: string;
  /** Added to the like count. */
  likeDelta?: number;
}

export type Reaction = 'like' | 'dislike';
export type Vote = 'up' | 'down';

/** Lookups by key, in a read or a write. */
export interface Lookups {
  users: {
    get(id: string): Promise<UserRow | undefined>;
    /** Whether this person is there (reads nothing of them: no avatar, no hash). */
    exists(id: string): Promise<boolean>;
    /** The person with this username, in any letter case. */
    byUsername(username: string): Promise<UserRow | undefined>;
  };
  posts: {
    /** In a write the post is held until the write ends: its likes and comments change one write at a time. */
    get(id: string): Promise<PostRow | undefined>;
  };
  sessions: {
    /** Whether this session of this person is open. */
    has(userId: string, sessionId: string): Promise<boolean>;
  };
  media: {
    get(id: string): Promise<MediaRow | undefined>;
    /** One file by its name, bytes and all. */
    file(name: string): Promise<MediaFile | undefined>;
  };
}

/** A person as posts, comments and people lists name them. */
export type PersonRow = Pick<UserRow, '_id' | 'username' | 'firstName' | 'lastName' | 'profile'>;

/**
 * A person as a profile card shows them: their fields without the lists of people, the sizes of
 * those lists, and whether the viewer follows them.
 */
export type PersonCard = PersonRow &
  Pick<UserRow, 'bio' | 'link' | 'createdAt' | 'updatedAt'> & {
    followerCount: number;
    followingCount: number;
    followedByViewer: boolean;
  };

/**
 * Posts and everyone their views name (authors, likers, dislikers, commenters, voters): all an
 * answer needs to show them, read by a few set queries over only these posts.
 */
export interface PostSet {
  posts: PostRecord[];
  people: ReadonlyMap<string, PersonRow>;
}

/**
 * People and everything their views name: the people they follow and who follow them, and the
 * posts they bookmarked (with everyone those posts name). No session ids.
 */
export interface UserSet {
  users: Omit<UserRecord, 'sessionIds'>[];
  people: ReadonlyMap<string, PersonRow>;
  bookmarks: PostSet;
}

/**
 * A read whose posts carry only the viewer's own like or dislike, everyone else's left out (the
 * like count still counts them), and whose comments carry only the viewer's own vote beside the
 * vote counts: what a card and a post's page show, at a size that does not grow with the likes
 * and votes. `viewer` null: no one's (a caller who is not signed in).
 */
export interface OwnReactions {
  viewer: string | null;
  /**
   * 'newest': each post carries only its newest comment (with its votes) and `commentCount`, the
   * number of all of them: a card's shape, whose size does not grow with the conversation (the
   * post's page reads the whole thread). Without it, every comment (each counted as above).
   */
  comments?: 'newest';
}

/** A read shaped for a card: the viewer's own like or dislike, the newest comment and the count. */
export const cardRead = (viewer: string | null): OwnReactions => ({ viewer, comments: 'newest' });

/** The spec's whole lists of posts, in their order. */
export type PostList =
  | { kind: 'all' } // every post, oldest first
  | { kind: 'author'; authorId: string } // one person's, oldest first
  | { kind: 'bookmarks'; userId: string } // one person's bookmarks, oldest bookmark first
  | { kind: 'ids'; ids: readonly string[] }; // these, in this order; an id with no post is left out

/** The app's paged feeds of posts: newest first, but trending (most liked, then newest). */
export type PostFeed =
  | { kind: 'latest' }
  | { kind: 'trending' }
  | { kind: 'home'; userId: string } // theirs and those of everyone they follow
  | { kind: 'author'; authorId: string }
  | { kind: 'bookmarks'; userId: string } // most recently bookmarked first
  // posts whose text carries `#tag` (richText.ts's `hasHashtag`); `tag` in lower case, no '#'
  | { kind: 'hashtag'; tag: string }
  // folded text (search.ts `foldText`) contains `needle`, already folded (`searchNeedle`)
  | { kind: 'search'; needle: string };

/** The app's paged lists of people: most recent follow first. */
export type PeopleFeed = { kind: 'followers' | 'following'; userId: string };

/**
 * Where a page ends: the sort key of its last item, which the next page starts after. Time feeds
 * order by `createdAt` then `_id`, both descending; trending by like count first; bookmarks and
 * follows by the store's own position of the bookmark or follow (`seq`, larger is more recent).
 */
export type PageKey =
  { at: string; id: string } | { likes: number; at: string; id: string } | { seq: number };

export interface Page<T> {
  items: T;
  /** Where the next page starts; null on the last page. */
  next: PageKey | null;
}

/**
 * A read: lookups, and reads shaped like the answers. Each reads only the rows its answer shows
 * (with the indexes they need in SQL), never the whole database.
 */
export interface Reads extends Lookups {
  posts: Lookups['posts'] & {
    /** Every like and dislike, unless `own` asks for the viewer's only. */
    list(list: PostList, own?: OwnReactions): Promise<PostSet>;
    /**
     * At most `limit` posts after `after` (from the start when null); every like and dislike,
     * unless `own` asks for the viewer's only.
     */
    page(
      feed: PostFeed,
      after: PageKey | null,
      limit: number,
      own?: OwnReactions,
    ): Promise<Page<PostSet>>;
    /**
     * One post's comments, oldest first, with everyone they name: a set of that one post (only its
     * comments are read from it); undefined when no such post.
     */
    comments(postId: string): Promise<PostSet | undefined>;
    /** At most `limit` posts whose image is still inline, by id after `after` (null: the first). */
    inlineImages(after: string | null, limit: number): Promise<InlineImage[]>;
  };
  users: Lookups['users'] & {
    /** These people (every person when `ids` is omitted, oldest account first), in this order. */
    list(ids?: readonly string[]): Promise<UserSet>;
    page(feed: PeopleFeed, after: PageKey | null, limit: number): Promise<Page<PersonRow[]>>;
    /** These people as cards, in this order (an id no one has is left out); `viewer` null: no one. */
    cards(ids: readonly string[], viewer: string | null): Promise<PersonCard[]>;
    /**
     * Those of `usernames` that are someone's username exactly, letter case included (the @mentions
     * that link: mentions.ts); by the unique index on usernames, nothing else of the people read.
     */
    existing(usernames: readonly string[]): Promise<ReadonlySet<string>>;
    /** People `viewer` does not follow (never themselves), oldest account first: a page. */
    suggested(viewer: string, after: PageKey | null, limit: number): Promise<Page<PersonCard[]>>;
    /**
     * People whose folded username, first name, last name or full name contains `needle`
     * (folded as search.ts folds), at most `limit`, in any order: the service ranks them.
     */
    matching(needle: string, limit: number): Promise<PersonRow[]>;
    /** At most `limit` people whose avatar is still inline, by id after `after` (null: the first). */
    inlineImages(after: string | null, limit: number): Promise<InlineImage[]>;
  };
  inbox: {
    /** At most `limit` of the person's notifications, newest first, after `after` ({ seq }). */
    page(userId: string, after: PageKey | null, limit: number): Promise<Page<InboxGroup[]>>;
    /** How many of their notifications are unread, up to UNREAD_RULE.countedUpTo. */
    unread(userId: string): Promise<number>;
  };
  events: {
    /** At most `limit` logged events after `seq`, oldest first (everyone's: a stream filters). */
    since(seq: number, limit: number): Promise<LoggedEvent[]>;
    /** The seq of the oldest event kept and of the newest (0 and 0: none yet). */
    bounds(): Promise<{ oldest: number; newest: number }>;
  };
}

/** The repositories a write changes records through; a thrown error undoes all of it. */
export interface Writes extends Reads {
  users: Reads['users'] & {
    /** False, and nothing stored, when the username is taken in any letter case. */
    insert(user: UserRow): Promise<boolean>;
    update(id: string, changes: UserChanges): Promise<void>;
    /** Sets `updatedAt` on these people (one call, so the rows are always taken in one order). */
    touch(ids: readonly string[], stamp: string): Promise<void>;
  };
  posts: Reads['posts'] & {
    /** Appended: the newest post is the last. */
    insert(post: PostRow): Promise<void>;
    /**
     * Answers the post's like and comment counts after the change (what the live stream tells of
     * it), read by the same statement; undefined when there is no such post (or nothing to change).
     */
    update(id: string, changes: PostChanges): Promise<PostCounts | undefined>;
    /**
     * Its likes, comments, votes, bookmarks and notifications go with it; answers the people
     * whose notifications went (their unread counts may have changed).
     */
    remove(id: string): Promise<string[]>;
  };
  reactions: {
    /**
     * The person's one reaction to the post, now this one (last in its list); answers the one it
     * replaced, if any, read in the same step.
     */
    set(postId: string, userId: string, reaction: Reaction): Promise<Reaction | undefined>;
  };
  /** A comment is named by its post and its own id (a comment id is unique on its own too). */
  comments: {
    get(postId: string, commentId: string): Promise<CommentRow | undefined>;
    /** Appended to the post's comments, with empty lists of votes. */
    insert(postId: string, comment: Omit<CommentRecord, 'votes'>): Promise<void>;
    update(
      postId: string,
      commentId: string,
      changes: { commentData?: string; updatedAt: string; editedAt?: string },
    ): Promise<void>;
    /** Its votes and notifications go with it; answers the people whose notifications went. */
    remove(postId: string, commentId: string): Promise<string[]>;
  };
  votes: {
    get(postId: string, commentId: string, userId: string): Promise<Vote | undefined>;
    /** The person's one vote on the comment, now this one (last in its list), or none. */
    set(postId: string, commentId: string, userId: string, vote: Vote | undefined): Promise<void>;
  };
  bookmarks: {
    /** False, and nothing changed, when the person had already bookmarked the post. */
    add(userId: string, postId: string): Promise<boolean>;
    /** False when the person had not bookmarked the post. */
    remove(userId: string, postId: string): Promise<boolean>;
    /** The people who bookmarked the post. */
    holders(postId: string): Promise<string[]>;
  };
  sessions: Reads['sessions'] & {
    open(userId: string, sessionId: string, createdAt: string): Promise<void>;
    /** False when there was no such session. */
    close(userId: string, sessionId: string): Promise<boolean>;
    /** Ends every session of the person but `keep`. */
    closeOthers(userId: string, keep: string): Promise<void>;
  };
  follows: {
    /** False, and nothing changed, when the follow was already there. */
    add(followerId: string, followeeId: string): Promise<boolean>;
    /** False when there was no such follow. */
    remove(followerId: string, followeeId: string): Promise<boolean>;
  };
  inbox: Reads['inbox'] & {
    /**
     * The entry, as the newest of the recipient's (a new `seq`), replacing the actor's earlier one
     * in that notification. An entry goes when its post, comment or either person goes.
     */
    add(entry: InboxEntry): Promise<void>;
    /** Takes the entry back (an undone like, follow or vote; a mention edited away). */
    remove(key: InboxKey): Promise<void>;
    /** Notifications up to `seq` count as read; a mark never goes back. */
    markRead(userId: string, seq: number): Promise<void>;
  };
  events: Reads['events'] & {
    /**
     * Logs the event with the write: it is kept, and streamed, only if the write is. A store
     * wakes the streams (src/service/stream.ts) once the write is kept.
     */
    append(event: LiveEvent, recipientId: string | null): Promise<void>;
    /** Forgets the events logged before `before`; how many. */
    prune(before: Timestamp): Promise<number>;
  };
  media: Reads['media'] & {
    /** The media and its files; false, and nothing changed, when a media of that id is there. */
    insert(row: MediaRow, files: readonly MediaFile[]): Promise<boolean>;
    /**
     * Frees the media and its files when no post and no person uses it any more; true when it
     * was freed. A post or profile that let go of it calls this in the same write.
     */
    release(id: string): Promise<boolean>;
    /** Frees at most `limit` media made before `before` that nothing uses; how many. */
    sweep(before: Timestamp, limit: number): Promise<number>;
  };
}

export interface Store {
  /** Reads at one moment (one transaction): the records cannot change between two reads. */
  read<T>(work: (reads: Reads) => Promise<T>): Promise<T>;
  /**
   * Reads in which each lookup is a moment of its own (no transaction around them), for a read
   * whose lookups need not agree: a feed checks that its person exists, then reads its page in
   * one statement. A SQL store saves the BEGIN and COMMIT round trips, which on a loaded server
   * cost more than the page itself.
   */
  readEach<T>(work: (reads: Reads) => Promise<T>): Promise<T>;
  /**
   * All or nothing, in one transaction: when `work` throws, nothing it changed is kept. A write's
   * reads see its own changes, so a call builds its answer in the same transaction.
   */
  write<T>(work: (writes: Writes) => Promise<T>): Promise<T>;
  /**
   * The username of the person whose open session this is, or undefined (the session closed, the
   * person gone): the token check of every signed-in call, so one lookup of a row, not a read
   * transaction (a SQL store asks it in one statement, and reads no avatar or password hash).
   */
  sessionHolder(userId: string, sessionId: string): Promise<string | undefined>;
  /**
   * Every record back to a fresh copy of the seed. The sessions of the people who are still there
   * (the seed's) stay open; everyone else's go with them.
   */
  reset(): Promise<void>;
  /**
   * Runs one API call around its reads and writes. The browser store runs it alone across tabs
   * on the stored state; a SQL store needs nothing more than its transactions.
   */
  call<T>(work: () => Promise<T>): Promise<T>;
  /**
   * `listener` runs when events may have been logged (a write that logged some was kept, here or,
   * for a store that hears it, in another process on the same database); returns an unsubscribe.
   * The streams then read the log from where they are (src/service/stream.ts).
   */
  onEvents(listener: () => void): () => void;
}
