import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { BookmarksResponse } from '../../../src/api/types';
import {
  bookmarksMachine,
  isBookmarkPending,
  selectBookmarkIds,
  selectBookmarksError,
  selectBookmarksPendingCount,
  selectBookmarksStatus,
  type BookmarksEmitted,
  type PostInput,
  type Session,
  type TokenInput,
} from '../../../src/machines';
import {
  alice,
  answering,
  bob,
  controlled,
  failing,
  makePost,
  recordEmitted,
  refused,
  settle,
  signedIn,
  signedOut,
  summary,
  TOKEN,
  unauthorized,
} from './fixtures';

type Actors = Parameters<typeof bookmarksMachine.provide>[0]['actors'];

function start(actors: Actors = {}, session: Session = signedIn()) {
  const actor = createActor(bookmarksMachine.provide({ actors }), { input: { session } });
  const emitted = recordEmitted<BookmarksEmitted>(actor);
  actor.start();
  return { actor, emitted };
}

const post1 = makePost('p1', summary(alice));
const post2 = makePost('p2', summary(bob));

const loaded = (actors: Actors = {}, session: Session = signedIn()) =>
  Promise.resolve(start(actors, session));

describe('bookmarks', () => {
  it('load: idle → loading → success, with the token', async () => {
    const loadBookmarks = controlled<BookmarksResponse, TokenInput>();
    const { actor, emitted } = start({ loadBookmarks: loadBookmarks.logic });
    expect(selectBookmarksStatus(actor.getSnapshot())).toBe('idle');
    actor.send({ type: 'BOOKMARKS.LOAD' });
    expect(selectBookmarksStatus(actor.getSnapshot())).toBe('loading');
    expect(loadBookmarks.calls).toEqual([{ token: TOKEN }]);
    await loadBookmarks.resolve({ bookmarks: [post1] });
    expect(selectBookmarksStatus(actor.getSnapshot())).toBe('success');
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post1._id]);
    // The ids only: the Bookmarks page reads its posts as a feed, and nothing is said.
    expect(emitted).toEqual([]);
  });

  it('load failure: failed, notified; BOOKMARKS.RETRY reloads; a 401 expires the session', async () => {
    const loadBookmarks = controlled<BookmarksResponse, TokenInput>();
    const { actor, emitted } = start({ loadBookmarks: loadBookmarks.logic });
    actor.send({ type: 'BOOKMARKS.LOAD' });
    await loadBookmarks.reject(refused('Boom', 500));
    expect(selectBookmarksStatus(actor.getSnapshot())).toBe('failed');
    expect(selectBookmarksError(actor.getSnapshot())).toBe('Boom');
    actor.send({ type: 'BOOKMARKS.RETRY' });
    expect(selectBookmarksStatus(actor.getSnapshot())).toBe('loading');
    await loadBookmarks.reject(unauthorized());
    expect(emitted).toEqual([
      { type: 'notify', kind: 'error', message: 'Boom' },
      { type: 'sessionExpired' },
    ]);
    const withSession = start({ loadBookmarks: loadBookmarks.logic });
    withSession.actor.send({ type: 'BOOKMARKS.LOAD' });
    await loadBookmarks.reject(refused('Boom', 500));
    // A sign-out ends the session: the failed load is forgotten and nothing is retried without one.
    withSession.actor.send({ type: 'SESSION', session: signedOut() });
    withSession.actor.send({ type: 'BOOKMARKS.RETRY' });
    withSession.actor.send({ type: 'BOOKMARKS.LOAD' });
    expect(selectBookmarksStatus(withSession.actor.getSnapshot())).toBe('idle');
    expect(selectBookmarksError(withSession.actor.getSnapshot())).toBeNull();
    expect(loadBookmarks.calls).toHaveLength(3);

    actor.send({ type: 'BOOKMARKS.RETRY' });
    await loadBookmarks.resolve({ bookmarks: [] });
    expect(selectBookmarksStatus(actor.getSnapshot())).toBe('success');
    expect(selectBookmarksError(actor.getSnapshot())).toBeNull();
  });

  it('bookmark shows at once and the server bookmarks replace the list', async () => {
    const bookmarkPost = controlled<BookmarksResponse, PostInput>();
    const { actor } = start({ bookmarkPost: bookmarkPost.logic });
    actor.send({ type: 'TOGGLE_BOOKMARK', postId: post1._id });
    actor.send({ type: 'TOGGLE_BOOKMARK', postId: post1._id }); // double click
    expect(bookmarkPost.calls).toEqual([{ postId: 'p1', token: TOKEN }]);
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post1._id]);
    expect(isBookmarkPending(actor.getSnapshot(), 'p1')).toBe(true);
    await bookmarkPost.resolve({ bookmarks: [post2, post1] });
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post2._id, post1._id]);
    expect(isBookmarkPending(actor.getSnapshot(), 'p1')).toBe(false);
  });

  it('a first load read before a bookmark was answered does not undo it: it is read again', async () => {
    const loadBookmarks = controlled<BookmarksResponse, TokenInput>();
    const bookmarkPost = controlled<BookmarksResponse, PostInput>();
    const { actor } = start({
      loadBookmarks: loadBookmarks.logic,
      bookmarkPost: bookmarkPost.logic,
    });
    actor.send({ type: 'BOOKMARKS.LOAD' }); // read by the server before the bookmark
    actor.send({ type: 'TOGGLE_BOOKMARK', postId: post1._id });
    await bookmarkPost.resolve({ bookmarks: [post1] });
    expect(loadBookmarks.calls).toHaveLength(2); // asked again once the bookmark was answered
    await loadBookmarks.resolve({ bookmarks: [] }, 0); // the first answer arrives late: dropped
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post1._id]);
    await loadBookmarks.resolve({ bookmarks: [post1] }, 1);
    expect(selectBookmarksStatus(actor.getSnapshot())).toBe('success');
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post1._id]);
  });

  it('a refused bookmark rolls back and notifies', async () => {
    const bookmarkPost = failing<BookmarksResponse, PostInput>(
      refused('This Post is already bookmarked'),
    );
    const { actor, emitted } = start({ bookmarkPost: bookmarkPost.logic });
    actor.send({ type: 'TOGGLE_BOOKMARK', postId: post1._id });
    await settle();
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([]);
    expect(emitted).toEqual([
      { type: 'notify', kind: 'error', message: 'This Post is already bookmarked' },
    ]);
  });

  it('remove shows at once, rolls back when refused, and replaces on success', async () => {
    const loadBookmarks = answering<BookmarksResponse, TokenInput>(() => ({
      bookmarks: [post1, post2],
    }));
    const removeBookmark = controlled<BookmarksResponse, PostInput>();
    const { actor, emitted } = start({
      loadBookmarks: loadBookmarks.logic,
      removeBookmark: removeBookmark.logic,
    });
    actor.send({ type: 'BOOKMARKS.LOAD' });
    await settle();
    actor.send({ type: 'TOGGLE_BOOKMARK', postId: post1._id }); // bookmarked: remove
    expect(removeBookmark.calls).toEqual([{ postId: 'p1', token: TOKEN }]);
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post2._id]);
    await removeBookmark.reject(refused('Post not bookmarked yet'));
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post1._id, post2._id]);
    expect(emitted).toEqual([
      { type: 'notify', kind: 'error', message: 'Post not bookmarked yet' },
    ]);

    actor.send({ type: 'TOGGLE_BOOKMARK', postId: post1._id });
    await removeBookmark.resolve({ bookmarks: [post2] });
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post2._id]);
  });

  it('TOGGLE_BOOKMARK bookmarks a post, then removes it once it is bookmarked', async () => {
    const bookmarkPost = controlled<BookmarksResponse, PostInput>();
    const removeBookmark = controlled<BookmarksResponse, PostInput>();
    const { actor } = start({
      bookmarkPost: bookmarkPost.logic,
      removeBookmark: removeBookmark.logic,
    });
    actor.send({ type: 'TOGGLE_BOOKMARK', postId: post1._id });
    await bookmarkPost.resolve({ bookmarks: [post1] });
    actor.send({ type: 'TOGGLE_BOOKMARK', postId: post1._id });
    expect(bookmarkPost.calls).toEqual([{ postId: 'p1', token: TOKEN }]);
    expect(removeBookmark.calls).toEqual([{ postId: 'p1', token: TOKEN }]);
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([]);
    await removeBookmark.resolve({ bookmarks: [] });
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([]);
    expect(isBookmarkPending(actor.getSnapshot(), 'p1')).toBe(false);
  });

  it('a session that ends forgets bookmarks and pending calls; late answers are ignored', async () => {
    const loadBookmarks = answering<BookmarksResponse, TokenInput>(() => ({ bookmarks: [post2] }));
    const bookmarkPost = controlled<BookmarksResponse, PostInput>();
    const { actor, emitted } = await loaded({
      loadBookmarks: loadBookmarks.logic,
      bookmarkPost: bookmarkPost.logic,
    });
    actor.send({ type: 'BOOKMARKS.LOAD' });
    await settle();
    actor.send({ type: 'TOGGLE_BOOKMARK', postId: post1._id });
    actor.send({ type: 'SESSION', session: signedOut() });
    const snapshot = actor.getSnapshot();
    expect(selectBookmarksStatus(snapshot)).toBe('idle');
    expect(selectBookmarksPendingCount(snapshot)).toBe(0);
    expect(selectBookmarkIds(snapshot)).toEqual([]);
    await bookmarkPost.resolve({ bookmarks: [post2, post1] }, 0);
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([]);
    // Nothing about the dropped calls.
    expect(emitted).toEqual([]);
  });
});

describe('bookmarks: changed in another tab', () => {
  it('reads the bookmarks again quietly, staying shown meanwhile', async () => {
    const loadBookmarks = controlled<BookmarksResponse, TokenInput>();
    const { actor, emitted } = start({ loadBookmarks: loadBookmarks.logic });
    actor.send({ type: 'BOOKMARKS.LOAD' });
    await loadBookmarks.resolve({ bookmarks: [post1] });

    actor.send({ type: 'CHANGED_ELSEWHERE' });
    expect(loadBookmarks.calls).toHaveLength(2);
    expect(selectBookmarksStatus(actor.getSnapshot())).toBe('success');
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post1._id]);

    await loadBookmarks.resolve({ bookmarks: [post1, post2] });
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post1._id, post2._id]);
    // No toast.
    expect(emitted).toEqual([]);
  });

  it('keeps the bookmarks, silently, when the quiet read fails, and asks again after an own action', async () => {
    const loadBookmarks = controlled<BookmarksResponse, TokenInput>();
    const bookmarkPost = controlled<BookmarksResponse, { postId: string; token: string }>();
    const { actor, emitted } = start({
      loadBookmarks: loadBookmarks.logic,
      bookmarkPost: bookmarkPost.logic,
    });
    actor.send({ type: 'BOOKMARKS.LOAD' });
    await loadBookmarks.resolve({ bookmarks: [post1] });
    actor.send({ type: 'CHANGED_ELSEWHERE' });
    await loadBookmarks.reject(unauthorized());
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post1._id]);
    expect(selectBookmarksStatus(actor.getSnapshot())).toBe('success');
    // The failed quiet read says nothing.
    expect(emitted).toEqual([]);

    actor.send({ type: 'TOGGLE_BOOKMARK', postId: post2._id });
    actor.send({ type: 'CHANGED_ELSEWHERE' });
    expect(loadBookmarks.calls).toHaveLength(3);
    await bookmarkPost.resolve({ bookmarks: [post1, post2] });
    expect(loadBookmarks.calls).toHaveLength(4);
    await loadBookmarks.resolve({ bookmarks: [post1] }, 2); // served before the bookmark: ignored
    expect(selectBookmarkIds(actor.getSnapshot())).toEqual([post1._id, post2._id]);
  });

  it('does not read bookmarks that were never loaded', () => {
    const loadBookmarks = controlled<BookmarksResponse, TokenInput>();
    const { actor } = start({ loadBookmarks: loadBookmarks.logic });
    actor.send({ type: 'CHANGED_ELSEWHERE' });
    expect(loadBookmarks.calls).toHaveLength(0);
  });
});
