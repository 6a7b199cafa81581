/**
 * The SQL tables of the Node server's store (sqlStore.ts). The constraints hold the invariants of
 * the store port (src/service/store.ts) by themselves, whatever code writes the rows: one username
 * per person in any letter case, one reaction per person per post, one vote per person per
 * comment, one follow per pair and never of oneself, one bookmark per post, a like count that is
 * never negative, and nothing pointing at a row that is gone (every reference cascades).
 *
 * Every table has `seq`, an identity that grows with each row inserted: the records' lists (posts,
 * likes, follows, comments, votes, bookmarks) are read back in `seq` order, the order things
 * happened in. Timestamps are `timestamptz` and read back as the API's text (clock.ts).
 *
 * After a change here: `npm run db:generate` writes the next migration into ./migrations.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** `YYYY-MM-DDTHH:mm:ss+00:00`, what `formatTimestamp` (src/service/clock.ts) writes. */
const API_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;

/** PostgreSQL's text form of a timestamptz (DateStyle ISO), in any session time zone. */
const PG_TIMESTAMPTZ =
  /^(\d{4,}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(\.\d+)?([+-]\d{2})(?::?(\d{2}))?(?::?(\d{2}))?$/;

/** That text in a UTC session for a time of whole seconds, which is all this schema writes. */
const UTC_WHOLE_SECONDS = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\+00$/;

/**
 * The API's text form of a timestamptz as PostgreSQL prints it. Only whole seconds can be written
 * (see `timestamp` below), so the text read back is exactly the text written.
 */
export function apiTimestampFromPostgres(value: string | Date): string {
  // The usual text, a session in UTC and whole seconds (`2025-09-01 09:00:00+00`), is only
  // rearranged: a page reads hundreds of times, and the general way below builds a Date for each.
  if (typeof value === 'string' && UTC_WHOLE_SECONDS.test(value)) {
    return `${value.slice(0, 10)}T${value.slice(11, 19)}+00:00`;
  }
  if (value instanceof Date) return `${value.toISOString().slice(0, 19)}+00:00`;
  const match = PG_TIMESTAMPTZ.exec(value);
  if (!match) throw new Error(`Unexpected timestamptz from the database: ${value}`);
  const [, day, time, fraction = '', hours, minutes = '00', seconds] = match;
  if (seconds !== undefined && seconds !== '00') {
    throw new Error(`Unexpected seconds in a time zone offset: ${value}`);
  }
  const instant = new Date(`${day ?? ''}T${time ?? ''}${fraction}${hours ?? ''}:${minutes}`);
  return `${instant.toISOString().slice(0, 19)}+00:00`;
}

/** A `bytea` column: bytes in, bytes out (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * A `timestamptz` column holding the API's timestamps. Writing any other text is an error rather
 * than a value that would read back different from what was written.
 */
export const timestamp = customType<{ data: string; driverData: string }>({
  dataType: () => 'timestamp with time zone',
  toDriver: (value) => {
    if (!API_TIMESTAMP.test(value)) {
      throw new Error(`Not an API timestamp (YYYY-MM-DDTHH:mm:ss+00:00): ${value}`);
    }
    return value;
  },
  fromDriver: (value) => apiTimestampFromPostgres(value),
});

/** Insertion order: the lists of the records are read back in this order. */
export const seq = () => bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull();

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    bio: text('bio').notNull(),
    link: text('link').notNull(),
    /** An avatar's address: a media link (profile_media names it); older rows, a `data:` URL. */
    profile: text('profile').notNull(),
    /** The media the avatar is, when it is one: what keeps it from being freed. */
    profileMedia: text('profile_media').references((): AnyPgColumn => media.id),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
    /** `fold(username)` (sqlDerived.ts), what `users.matching` looks in; null until filled in. */
    searchUsername: text('search_username'),
    /** `fold(firstName + ' ' + lastName)`, which holds each name too; null until filled in. */
    searchName: text('search_name'),
    /** `fold(lastName)`: ranks a match on the last name's start; null until filled in. */
    searchLast: text('search_last'),
    /** The read mark of the person's notifications (schemaLive.ts): the `seq` read up to. */
    inboxReadSeq: bigint('inbox_read_seq', { mode: 'number' }).notNull().default(0),
    /** How many follow them and whom they follow: kept by triggers on `follows` (migration 0011). */
    followerCount: integer('follower_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    seq: seq(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    // 'Who to follow': people in the order their accounts were made.
    index('users_seq_idx').on(t.seq),
    check(
      'users_follow_counts_not_negative',
      sql`${t.followerCount} >= 0 and ${t.followingCount} >= 0`,
    ),
    index('users_profile_media_idx')
      .on(t.profileMedia)
      .where(sql`${t.profileMedia} is not null`),
    // Rows written before the folded columns existed, filled in at startup (sqlDerived.ts).
    index('users_unfolded_idx')
      .on(t.id)
      .where(sql`${t.searchLast} is null`),
  ],
);

export const posts = pgTable(
  'posts',
  {
    id: text('id').primaryKey(),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** The image's address: a media link (img_media names it); older rows, a `data:` URL. */
    imgContent: text('img_content'),
    imgAlt: text('img_alt'),
    /** The image's sides and ThumbHash, so a card keeps its box and paints it before it loads. */
    imgWidth: integer('img_width'),
    imgHeight: integer('img_height'),
    imgPlaceholder: text('img_placeholder'),
    /** The media the image is, when it is one: what keeps it from being freed. */
    imgMedia: text('img_media').references((): AnyPgColumn => media.id),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
    editedAt: timestamp('edited_at'),
    likeCount: integer('like_count').notNull(),
    /** `fold(content)` (sqlDerived.ts), what the search feed looks in; null until filled in. */
    searchText: text('search_text'),
    seq: seq(),
  },
  (t) => [
    check('posts_like_count_not_negative', sql`${t.likeCount} >= 0`),
    // The feeds' orders, each read from its start or from a keyset (sqlPages.ts), newest first:
    // scanned backwards. Ascending, as `ORDER BY … DESC` (NULLS FIRST) reads them backwards;
    // drizzle's `.desc()` would write DESC NULLS LAST, which such an ORDER BY cannot use.
    index('posts_created_at_id_idx').on(t.createdAt, t.id),
    index('posts_trending_idx').on(t.likeCount, t.createdAt, t.id),
    index('posts_author_created_at_id_idx').on(t.authorId, t.createdAt, t.id),
    // Whether a media is still used, when a post lets go of it (sqlMedia.ts).
    index('posts_img_media_idx')
      .on(t.imgMedia)
      .where(sql`${t.imgMedia} is not null`),
    // Rows written before search_text and post_tags existed, filled in at startup.
    index('posts_unfolded_idx')
      .on(t.id)
      .where(sql`${t.searchText} is null`),
  ],
);

/**
 * The hashtags of each post (`hashtagsOf` of src/api/richText.ts, lower-cased, each once), written
 * by the store with the post: the hashtag feed reads one tag's posts newest first from the index.
 * `created_at` is the post's, which never changes.
 */
export const postTags = pgTable(
  'post_tags',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.tag] }),
    // One tag's posts newest first: scanned backwards (see the posts' indexes).
    index('post_tags_tag_created_at_post_id_idx').on(t.tag, t.createdAt, t.postId),
  ],
);

export const postReactions = pgTable(
  'post_reactions',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['like', 'dislike'] }).notNull(),
    seq: seq(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    check('post_reactions_kind_known', sql`${t.kind} in ('like', 'dislike')`),
    index('post_reactions_user_id_idx').on(t.userId),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: text('id').primaryKey(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    commentData: text('comment_data').notNull(),
    /**
     * A reply: the comment of the same post it answers. Deleting that comment leaves its replies
     * as comments of the post.
     */
    parentId: text('parent_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'set null',
    }),
    /** Whether the comment has its (maybe empty) lists of votes: some seeded comments have none. */
    voted: boolean('voted').notNull(),
    /**
     * How many up and down votes it has: kept by triggers on comment_votes (migration 0010), so
     * that a card, which shows the counts and the viewer's own vote, reads two numbers instead of
     * every vote and every voter.
     */
    upCount: integer('up_count').notNull().default(0),
    downCount: integer('down_count').notNull().default(0),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
    /** When its author last changed its text; null when never edited. */
    editedAt: timestamp('edited_at'),
    seq: seq(),
  },
  (t) => [
    check('comments_vote_counts_not_negative', sql`${t.upCount} >= 0 and ${t.downCount} >= 0`),
    // A post's comments in the order they were written, and its newest (a card's), by the index.
    index('comments_post_id_seq_idx').on(t.postId, t.seq),
    index('comments_author_id_idx').on(t.authorId),
  ],
);

export const commentVotes = pgTable(
  'comment_votes',
  {
    commentId: text('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['up', 'down'] }).notNull(),
    seq: seq(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.userId] }),
    check('comment_votes_direction_known', sql`${t.direction} in ('up', 'down')`),
    index('comment_votes_user_id_idx').on(t.userId),
  ],
);

export const follows = pgTable(
  'follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: text('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: seq(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    check('follows_not_oneself', sql`${t.followerId} <> ${t.followeeId}`),
    // Followers and following, most recent first (and a person's follows in `seq` order).
    index('follows_followee_id_seq_idx').on(t.followeeId, t.seq),
    index('follows_follower_id_seq_idx').on(t.followerId, t.seq),
  ],
);

export const bookmarks = pgTable(
  'bookmarks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    seq: seq(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index('bookmarks_post_id_idx').on(t.postId),
    // A person's bookmarks, most recent first.
    index('bookmarks_user_id_seq_idx').on(t.userId, t.seq),
  ],
);

/**
 * Signed-in sessions: a token names its session (`sid`), and a call is answered only while the
 * session's row is here. Logging out deletes it; changing the password deletes every other one of
 * the person's; deleting the person deletes them all.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at').notNull(),
    seq: seq(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * The rate limits' counters (src/server/db/rateLimits.ts), shared by every server process on the
 * database and kept across restarts: one row per thing counted (`login:address:…`,
 * `login:username:…`, `signup:address:…`), the calls counted in its window and when the window
 * ends. Rows whose window has ended are deleted now and then; the index finds them.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    resetAt: bigint('reset_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);

/**
 * Uploaded images (src/service/media.ts), named by a hash of what was uploaded and what for, so
 * the same picture uploaded twice is one row. `created_at` lets uploads that no post or profile
 * took up be swept after a day.
 */
export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose').notNull(),
    type: text('type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    placeholder: text('placeholder').notNull(),
    alt: text('alt'),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [index('media_created_at_idx').on(t.createdAt)],
);

/**
 * The files of each media, served as they are by name (`GET /api/media/:name`): in the database,
 * so every server process reads the same files and a backup holds them with the posts.
 */
export const mediaFiles = pgTable('media_files', {
  name: text('name').primaryKey(),
  mediaId: text('media_id')
    .notNull()
    .references(() => media.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  bytes: bytea('bytes').notNull(),
});
