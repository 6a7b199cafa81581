/**
 * The browser mock's reads (src/service/store.ts `Reads`): of a committed state through its
 * indexes, and of a write's draft, where a lookup drafts only the record it finds. The live
 * events come from the tab's event log (eventLog.ts).
 */
import type { DatabaseState, UserRecord } from '../../service/records';
import type { Lookups, Reads } from '../../service/store';
import { eventReads, type EventLog } from './eventLog';
import type { MediaStorage } from './mediaStorage';
import { inboxReads } from './inboxStore';
import { createIndex, indexOf, type RecordFinders } from './indexes';
import { findRecord, plain } from './records';
import { shapedReads } from './shapedReads';
import type { WriteTracker } from './writeTracker';

export const byId =
  (id: string) =>
  (record: { _id: string }): boolean =>
    record._id === id;

export const sameUsername = (username: string) => (user: UserRecord) =>
  user.username.toLowerCase() === username.toLowerCase();

/** The media lookups: images are kept apart from the records (mediaStorage.ts). */
export const mediaLookups = (media: MediaStorage): Lookups['media'] => ({
  get: (id) => media.get(id),
  file: (name) => media.file(name),
});

/** Lookups in a write's draft: only the record found is drafted. */
function draftLookups(draft: DatabaseState, media: MediaStorage): Lookups {
  return {
    media: mediaLookups(media),
    users: {
      get: (id) => Promise.resolve(plain(findRecord(draft.users, byId(id)))),
      exists: (id) => Promise.resolve(findRecord(draft.users, byId(id)) !== undefined),
      byUsername: (username) =>
        Promise.resolve(plain(findRecord(draft.users, sameUsername(username)))),
    },
    posts: {
      get: (id) => Promise.resolve(plain(findRecord(draft.posts, byId(id)))),
    },
    sessions: {
      has: (userId, sessionId) =>
        Promise.resolve(
          findRecord(draft.users, byId(userId))?.sessionIds?.includes(sessionId) ?? false,
        ),
    },
  };
}

/** Reads of a committed state, through its indexes (made once per state, when first needed). */
export function reads(state: DatabaseState, media: MediaStorage, log: EventLog): Reads {
  const index = () => indexOf(state);
  const shaped = shapedReads(index);
  return {
    media: mediaLookups(media),
    users: {
      get: (id) => Promise.resolve(index().user(id)),
      exists: (id) => Promise.resolve(index().user(id) !== undefined),
      byUsername: (username) => Promise.resolve(index().username(username)),
      ...shaped.users,
    },
    posts: { get: (id) => Promise.resolve(index().post(id)), ...shaped.posts },
    inbox: inboxReads({ post: (id) => index().post(id), user: (id) => index().user(id) }),
    events: eventReads(log),
    sessions: {
      has: (userId, sessionId) =>
        Promise.resolve(index().user(userId)?.sessionIds?.includes(sessionId) ?? false),
    },
  };
}

/**
 * A write's reads: lookups in its draft, and shaped reads of the state as the write has made it
 * so far (its indexes are made afresh when a read needs them).
 */
export function draftReads(
  draft: DatabaseState,
  tracker: WriteTracker,
  media: MediaStorage,
  log: EventLog,
): Reads {
  const lookups = draftLookups(draft, media);
  const shaped = shapedReads(() =>
    createIndex(tracker.snapshot, {
      post: (id) => plain(findRecord(draft.posts, byId(id))),
      user: (id) => plain(findRecord(draft.users, byId(id))),
    }),
  );
  return {
    users: { ...lookups.users, ...shaped.users },
    posts: { ...lookups.posts, ...shaped.posts },
    sessions: lookups.sessions,
    media: lookups.media,
    inbox: inboxReads(draftFinders(draft)),
    events: eventReads(log),
  };
}

/** Finding a record as a write has left it so far. */
export const draftFinders = (draft: DatabaseState): RecordFinders => ({
  post: (id) => plain(findRecord(draft.posts, byId(id))),
  user: (id) => plain(findRecord(draft.users, byId(id))),
});
