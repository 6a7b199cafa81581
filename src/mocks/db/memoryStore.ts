/**
 * The browser mock's store: the service's port (src/service/store.ts) over the in-memory
 * database (database.ts), whose writes run on an immer draft and are saved, record by record, to
 * IndexedDB when the app runs. A record is looked up in the list as it was before the write
 * (findRecord), so a lookup drafts only the record it finds: a write's cost does not grow with the
 * number of posts. Reads: memoryReads.ts; the live events a write logs: eventLog.ts.
 */
import { isDraft } from 'immer';
import type { CommentRecord, DatabaseState, PostRecord, UserRecord } from '../../service/records';
import type { PostChanges, Reaction, Store, Writes } from '../../service/store';
import type { Database } from './database';
import { createEventLog, eventWrites, type EventLog, type Logged } from './eventLog';
import { createMemoryMediaStorage, type MediaStorage } from './mediaStorage';
import { forgetInbox, inboxWrites } from './inboxStore';
import { byId, draftFinders, draftReads, mediaLookups, reads, sameUsername } from './memoryReads';
import { findRecord, plain } from './records';
import { trackWrite } from './writeTracker';

/** The fields of a post's image, as a change names them. */
const IMAGE_KEYS = [
  'imgContent',
  'imgAlt',
  'imgWidth',
  'imgHeight',
  'imgPlaceholder',
  'imgMedia',
] as const satisfies readonly (keyof PostChanges & keyof PostRecord)[];

const without = (ids: readonly string[], id: string) => ids.filter((each) => each !== id);

/**
 * A write's repositories. Media it frees are listed in `freed` and deleted once the write is
 * kept: a write that fails after freeing one must leave it there for the post still using it.
 */
function writes(
  draft: DatabaseState,
  media: MediaStorage,
  freed: string[],
  log: EventLog,
  logged: Logged[],
): Writes {
  const tracker = trackWrite(draft);
  const { users, posts, sessions } = draftReads(draft, tracker, media, log);
  const base = { users, posts, sessions };

  /** Whether a post or a person uses the media, as this write has left them so far. */
  const used = (id: string) => {
    const state = tracker.snapshot();
    return (
      state.posts.some((record) => record.imgMedia === id) ||
      state.users.some((record) => record.profileMedia === id)
    );
  };

  /** The person's record, to change: the tracker is told, so the write's reads see the change. */
  function user(id: string): UserRecord {
    const found = findRecord(draft.users, byId(id));
    if (found === undefined) throw new Error(`No user ${id} to change`);
    tracker.touched('users', id);
    return found;
  }

  /** Records of this write's own, not shared with the committed state: safe to change in place. */
  const owned = new WeakSet<object>();

  function post(id: string): PostRecord {
    const list = draft.posts;
    const found = findRecord(list, byId(id));
    if (found === undefined) throw new Error(`No post ${id} to change`);
    tracker.touched('posts', id);
    if (isDraft(list) || isDraft(found) || owned.has(found)) return found;
    // The list was replaced in this write (a removal) and holds committed records as they are:
    // change a copy, never the record every earlier state shares.
    const copy = structuredClone(found);
    list[list.indexOf(found)] = copy;
    owned.add(copy);
    return copy;
  }

  function comment(postId: string, commentId: string): CommentRecord {
    const found = findRecord(post(postId).comments, byId(commentId));
    if (found === undefined) throw new Error(`No comment ${commentId} to change`);
    return found;
  }

  /** The ids of the users whose record matches, without drafting the others. */
  function usersWhere(matches: (record: UserRecord) => boolean): string[] {
    return tracker
      .snapshot()
      .users.filter(matches)
      .map((record) => record._id);
  }

  const resolved = Promise.resolve();

  return {
    ...base,
    users: {
      ...base.users,
      insert(row) {
        if (findRecord(draft.users, sameUsername(row.username)) !== undefined) {
          return Promise.resolve(false);
        }
        draft.users.push({ ...row, followerIds: [], followingIds: [], bookmarkIds: [] });
        tracker.inserted('users', row._id);
        return Promise.resolve(true);
      },
      update(id, { profileMedia, ...changes }) {
        const record = Object.assign(user(id), changes);
        if (profileMedia === null) delete record.profileMedia;
        else if (profileMedia !== undefined) record.profileMedia = profileMedia;
        return resolved;
      },
      touch(ids, stamp) {
        for (const id of ids) user(id).updatedAt = stamp;
        return resolved;
      },
    },
    posts: {
      ...base.posts,
      insert(row) {
        draft.posts.push({ ...row, likedByIds: [], dislikedByIds: [], comments: [] });
        tracker.inserted('posts', row._id);
        return resolved;
      },
      update(id, { content, updatedAt, editedAt, likeDelta, ...image }) {
        const record = post(id);
        if (content !== undefined) record.content = content;
        // The image's fields: null removes one, undefined leaves it as it is.
        for (const key of IMAGE_KEYS) {
          const value = image[key];
          if (value === null) Reflect.deleteProperty(record, key);
          else if (value !== undefined) Object.assign(record, { [key]: value });
        }
        if (updatedAt !== undefined) record.updatedAt = updatedAt;
        if (editedAt !== undefined) record.editedAt = editedAt;
        if (likeDelta !== undefined) record.likeCount += likeDelta;
        return Promise.resolve({
          likeCount: record.likeCount,
          commentCount: record.comments.length,
        });
      },
      remove(id) {
        for (const holder of usersWhere((record) => record.bookmarkIds.includes(id))) {
          const record = user(holder);
          record.bookmarkIds = without(record.bookmarkIds, id);
        }
        const told = forgetInbox(usersWhere, user, (entry) => entry.postId === id);
        // From the write's own view of the list: filtering the draft itself would draft every post.
        draft.posts = tracker.snapshot().posts.filter((record) => record._id !== id);
        tracker.removed('posts', id);
        return Promise.resolve(told);
      },
    },
    reactions: {
      set(postId, userId, reaction) {
        const record = post(postId);
        const before: Reaction | undefined = record.likedByIds.includes(userId)
          ? 'like'
          : record.dislikedByIds.includes(userId)
            ? 'dislike'
            : undefined;
        const liked = without(record.likedByIds, userId);
        const disliked = without(record.dislikedByIds, userId);
        record.likedByIds = reaction === 'like' ? [...liked, userId] : liked;
        record.dislikedByIds = reaction === 'dislike' ? [...disliked, userId] : disliked;
        return Promise.resolve(before);
      },
    },
    comments: {
      get(postId, commentId) {
        const record = findRecord(draft.posts, byId(postId));
        const found = record && plain(findRecord(record.comments, byId(commentId)));
        if (found === undefined) return Promise.resolve(undefined);
        const { votes, ...fields } = found;
        return Promise.resolve({ ...fields, postId, voted: votes !== undefined });
      },
      insert(postId, row) {
        post(postId).comments.push({ ...row, votes: { upvotedByIds: [], downvotedByIds: [] } });
        return resolved;
      },
      update(postId, commentId, changes) {
        Object.assign(comment(postId, commentId), changes);
        return resolved;
      },
      remove(postId, commentId) {
        const record = post(postId);
        record.comments = record.comments.filter((candidate) => candidate._id !== commentId);
        // Its replies stay, as comments of the post (the SQL store's foreign key sets them free).
        for (const reply of record.comments) {
          if (reply.parentId === commentId) delete reply.parentId;
        }
        return Promise.resolve(forgetInbox(usersWhere, user, (e) => e.commentId === commentId));
      },
    },
    votes: {
      get(postId, commentId, userId) {
        const votes = plain(comment(postId, commentId).votes);
        if (votes?.upvotedByIds.includes(userId)) return Promise.resolve('up');
        if (votes?.downvotedByIds.includes(userId)) return Promise.resolve('down');
        return Promise.resolve(undefined);
      },
      set(postId, commentId, userId, vote) {
        const record = comment(postId, commentId);
        const votes = record.votes ?? { upvotedByIds: [], downvotedByIds: [] };
        const up = without(votes.upvotedByIds, userId);
        const down = without(votes.downvotedByIds, userId);
        record.votes = {
          upvotedByIds: vote === 'up' ? [...up, userId] : up,
          downvotedByIds: vote === 'down' ? [...down, userId] : down,
        };
        return resolved;
      },
    },
    bookmarks: {
      add(userId, postId) {
        const record = user(userId);
        if (record.bookmarkIds.includes(postId)) return Promise.resolve(false);
        record.bookmarkIds.push(postId);
        return Promise.resolve(true);
      },
      remove(userId, postId) {
        const record = user(userId);
        if (!record.bookmarkIds.includes(postId)) return Promise.resolve(false);
        record.bookmarkIds = without(record.bookmarkIds, postId);
        return Promise.resolve(true);
      },
      holders: (postId) =>
        Promise.resolve(usersWhere((record) => record.bookmarkIds.includes(postId))),
    },
    sessions: {
      ...base.sessions,
      open(userId, sessionId) {
        const record = user(userId);
        record.sessionIds = [...(record.sessionIds ?? []), sessionId];
        return resolved;
      },
      close(userId, sessionId) {
        const record = plain(findRecord(draft.users, byId(userId)));
        if (!record?.sessionIds?.includes(sessionId)) return Promise.resolve(false);
        user(userId).sessionIds = without(record.sessionIds, sessionId);
        return Promise.resolve(true);
      },
      closeOthers(userId, keep) {
        const record = user(userId);
        record.sessionIds = (record.sessionIds ?? []).filter((id) => id === keep);
        return resolved;
      },
    },
    follows: {
      add(followerId, followeeId) {
        const follower = user(followerId);
        if (follower.followingIds.includes(followeeId)) return Promise.resolve(false);
        follower.followingIds.push(followeeId);
        user(followeeId).followerIds.push(followerId);
        return Promise.resolve(true);
      },
      remove(followerId, followeeId) {
        const follower = user(followerId);
        if (!follower.followingIds.includes(followeeId)) return Promise.resolve(false);
        follower.followingIds = without(follower.followingIds, followeeId);
        const followee = user(followeeId);
        followee.followerIds = without(followee.followerIds, followerId);
        return Promise.resolve(true);
      },
    },
    inbox: inboxWrites(draftFinders(draft), user),
    events: eventWrites(log, logged),
    media: {
      ...mediaLookups(media),
      // Stored at once, outside the write: an image no record names is harmless, and swept.
      insert: (row, files) => media.put(row, files),
      release(id) {
        if (used(id)) return Promise.resolve(false);
        freed.push(id);
        return Promise.resolve(true);
      },
      async sweep(before, limit) {
        const unused = (await media.rows())
          .filter((row) => row.createdAt < before && !used(row._id))
          .slice(0, limit);
        freed.push(...unused.map((row) => row._id));
        return unused.length;
      },
    },
  };
}

/**
 * The port over `db` and the images of `media`: reads see the committed state, writes one draft
 * at a time.
 */
export function createMemoryStore(
  db: Database,
  media: MediaStorage = createMemoryMediaStorage(),
  log: EventLog = createEventLog(),
): Store {
  return {
    read: (work) => work(reads(db.state, media, log)),
    readEach: (work) => work(reads(db.state, media, log)),
    async sessionHolder(userId, sessionId) {
      const lookups = reads(db.state, media, log);
      const user = await lookups.users.get(userId);
      return user !== undefined && (await lookups.sessions.has(userId, sessionId))
        ? user.username
        : undefined;
    },
    async write(work) {
      const freed: string[] = [];
      let logged: Logged[] = [];
      const result = await db.update((draft) => {
        logged = [];
        return work(writes(draft, media, freed, log, logged));
      });
      for (const id of freed) await media.remove(id);
      log.publish(logged);
      return result;
    },
    async reset() {
      await db.reset();
      await media.clear();
    },
    call: (work) => db.transaction(work),
    onEvents: (listener) => log.onEvents(listener),
  };
}
