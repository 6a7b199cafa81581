/**
 * The machines against the real mock API (MSW in Node, fresh seed for every test), wired the way
 * the app wires them (`createAppSystem`): every assertion reads the machines through their selectors.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { createApiClient } from '../../../src/api/client';
import { GUEST_CREDENTIALS, type Post, type User } from '../../../src/api/types';
import {
  AUTH_STORAGE_KEYS,
  appActorsOf,
  createAppSystem,
  feedId,
  feedStatusOf,
  isLikedByMe,
  selectFollowsPendingCount,
  selectPeopleList,
  selectPersonById,
  selectPersonByUsername,
  selectPersonStatus,
  SUGGESTED,
  selectChangePasswordOpen,
  selectChangePasswordRefusal,
  selectChangingPassword,
  selectGuestOffered,
  selectResetOffered,
  WRONG_CURRENT_PASSWORD,
  selectFeedIds,
  selectPendingCount,
  selectPostById,
  selectFormRefusal,
  selectSession,
  selectUser,
  selectUnread,
  selectWaitingCount,
  type FeedActorRef,
  type FeedKey,
  type NotifyEvent,
} from '../../../src/machines';
import { SEED_PASSWORD, SEED_USER_IDS } from '../../../src/seed/users';
import { createTestServer } from '../../../src/mocks/node';
import { createSharpImageCodec } from '../../../src/server/imageCodec';
import { memoryStorage } from './fixtures';

const { server, db, baseUrl } = createTestServer({ images: createSharpImageCodec() });
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(async () => {
  await db.reset();
});
afterAll(() => server.close());

let stopAll: (() => void)[] = [];
afterEach(() => {
  for (const stop of stopAll) stop();
  stopAll = [];
});

function app(storage = memoryStorage()) {
  const notes: NotifyEvent[] = [];
  const visits: string[] = [];
  const system = createAppSystem(createApiClient({ baseUrl }), {
    storage,
    onNotify: (event) => notes.push(event),
    onNavigate: (to) => visits.push(to),
  });
  stopAll.push(() => system.stop());
  return { ...appActorsOf(system), stop: () => system.stop(), notes, visits, storage };
}

type App = ReturnType<typeof app>;

/** Until every queued post action is answered. */
const postsIdle = (a: App) => waitFor(a.posts, (s) => selectPendingCount(s) === 0);
/** Until every queued follow is answered. */
const peopleIdle = (a: App) => waitFor(a.people, (s) => selectFollowsPendingCount(s) === 0);

/** Someone as the people store holds them. */
const personNamed = (a: App, username: string) => {
  const person = selectPersonByUsername(a.people.getSnapshot(), username);
  if (person === null) throw new Error(`No person ${username}`);
  return person;
};

async function loginAsGuest(a: App) {
  a.authForms.send({ type: 'LOGIN', ...GUEST_CREDENTIALS });
  await waitFor(a.session, (s) => s.matches('signedIn'));
}

const LATEST: FeedKey = { kind: 'latest' };
const HOME: FeedKey = { kind: 'home' };

const feedOf = (a: App, feed: FeedKey) =>
  a.posts.getSnapshot().children[feedId(feed)] as FeedActorRef | undefined;

/** Opens a feed as its page does (`FEED.OPEN`) and waits for its first page. */
async function openFeed(a: App, feed: FeedKey) {
  a.posts.send({ type: 'FEED.OPEN', feed });
  const child = feedOf(a, feed);
  if (child === undefined) throw new Error(`No ${feed.kind} feed`);
  await waitFor(child, (s) => feedStatusOf(s).status !== 'loading');
  expect(feedStatusOf(child.getSnapshot()).status).toBe('ready');
}

/**
 * Explore's Latest feed (every post), Who to follow and one's own card, read as the pages read
 * them.
 */
async function loadEverything(a: App) {
  a.people.send({ type: 'LIST.OPEN', list: SUGGESTED });
  a.people.send({ type: 'PERSON.OPEN', username: me(a).username });
  await openFeed(a, LATEST);
  await waitFor(
    a.people,
    (s) =>
      selectPeopleList(s, SUGGESTED).status === 'ready' &&
      selectPersonStatus(s, me(a).username) === 'ready',
  );
}

const me = (a: App) => {
  const user = selectUser(a.session.getSnapshot());
  if (user === null) throw new Error('Not signed in');
  return user;
};
/** A post as the store holds it (its record by id: what every feed and card shows). */
const postById = (a: App, id: string): Post => {
  const post = selectPostById(a.posts.getSnapshot(), id);
  if (post === undefined) throw new Error(`No post ${id}`);
  return post;
};
/** The post the dialog saved last: the store lists it first in `published`. */
const lastPublished = (a: App): Post => {
  const id = a.posts.getSnapshot().context.published[0];
  if (id === undefined) throw new Error('Nothing published');
  return postById(a, id);
};
/** The posts a feed shows, as its page reads them: its ids, each post's record from the store. */
const feedPosts = (a: App, feed: FeedKey): Post[] =>
  selectFeedIds(a.posts.getSnapshot(), feed, feedOf(a, feed)?.getSnapshot().context.ids).map((id) =>
    postById(a, id),
  );
const notOwn = (a: App) => {
  const post = feedPosts(a, LATEST).find((p) => p.username !== 'guest');
  if (post === undefined) throw new Error('No post by someone else');
  return post;
};

describe('machines on the mock API', () => {
  it('guest journey: log in, load, create, like, comment, bookmark, follow, edit profile, log out', async () => {
    const a = app();

    // Log in as the guest.
    await loginAsGuest(a);
    expect(me(a).username).toBe('guest');
    expect(selectSession(a.session.getSnapshot()).token).toEqual(expect.any(String));
    expect(a.storage.data.get(AUTH_STORAGE_KEYS.token)).toBe(
      selectSession(a.session.getSnapshot()).token,
    );
    expect(a.visits).toEqual(['/home-page']);
    expect(a.notes).toEqual([{ type: 'notify', kind: 'success', message: 'Login successfully' }]);

    // Read the Latest feed, Who to follow and one's own card.
    await loadEverything(a);
    expect(feedPosts(a, LATEST)).toHaveLength(8);
    // The seed: the guest follows Maya and Liam; Who to follow is the two others.
    const suggested = selectPeopleList(a.people.getSnapshot(), SUGGESTED).ids;
    expect([...suggested].sort()).toEqual([SEED_USER_IDS.noah, SEED_USER_IDS.sofia].sort());
    expect(personNamed(a, 'guest').followingCount).toBe(2);
    await openFeed(a, HOME);
    const feedAuthors = new Set(feedPosts(a, HOME).map((p) => p.username));
    expect([...feedAuthors].sort()).toEqual(['guest', 'liam_chen', 'maya_okafor']);

    // Create a post through the dialog.
    a.postDialog.send({ type: 'OPEN_CREATE' });
    a.postDialog.send({ type: 'CHANGE_TEXT', text: '  Hello from the machines  ' });
    a.postDialog.send({ type: 'SUBMIT' });
    await waitFor(a.postDialog, (s) => s.matches('closed'));
    // The server answers the one post (publishPost); the store holds it and lists it published.
    const created = lastPublished(a);
    expect(created).toMatchObject({
      content: 'Hello from the machines',
      username: 'guest',
      likes: { likeCount: 0 },
      comments: [],
    });
    expect(a.posts.getSnapshot().context.published).toEqual([created._id]);
    expect(a.notes.at(-1)).toEqual({ type: 'notify', kind: 'success', message: 'Post created!' });

    // Like someone else's post.
    const target = notOwn(a);
    const before = target.likes.likeCount;
    a.posts.send({ type: 'TOGGLE_LIKE', postId: target._id });
    expect(isLikedByMe(postById(a, target._id), me(a))).toBe(true); // at once
    await postsIdle(a);
    expect(isLikedByMe(postById(a, target._id), me(a))).toBe(true); // confirmed
    expect(postById(a, target._id).likes.likeCount).toBe(before + 1);
    expect(selectPendingCount(a.posts.getSnapshot())).toBe(0);

    // Comment on it, edit the comment, upvote it.
    a.posts.send({ type: 'COMMENT.ADD', postId: target._id, text: 'Nice one!' });
    await postsIdle(a);
    const comment = postById(a, target._id).comments.find((c) => c.commentData === 'Nice one!');
    expect(comment).toMatchObject({ username: 'guest' });
    const commentId = comment?._id ?? '';
    a.posts.send({ type: 'COMMENT.EDIT', postId: target._id, commentId, text: 'Very nice!' });
    a.posts.send({ type: 'COMMENT.UPVOTE', postId: target._id, commentId });
    await postsIdle(a);
    const edited = postById(a, target._id).comments.find((c) => c._id === commentId);
    expect(edited?.commentData).toBe('Very nice!');
    expect(edited?.votes?.upvotedBy.map((u) => u.username)).toEqual(['guest']);

    // Bookmark it.
    // Bookmark it: the post says so at once, then as the server answers it; the bookmarks feed
    // lists it.
    a.posts.send({ type: 'TOGGLE_BOOKMARK', postId: target._id });
    expect(postById(a, target._id).bookmarkedByMe).toBe(true);
    await postsIdle(a);
    expect(postById(a, target._id).bookmarkedByMe).toBe(true);
    await openFeed(a, { kind: 'bookmarks' });
    expect(feedPosts(a, { kind: 'bookmarks' }).map((p) => p._id)).toEqual([target._id]);

    // Follow Sofia: her card, one's own count and the session's user all follow.
    a.people.send({ type: 'TOGGLE_FOLLOW', userId: SEED_USER_IDS.sofia });
    await peopleIdle(a);
    const sofia = selectPersonById(a.people.getSnapshot(), SEED_USER_IDS.sofia);
    expect(sofia).toMatchObject({ followedByMe: true, followerCount: 1 });
    expect(personNamed(a, 'guest').followingCount).toBe(3);
    expect(me(a).following.map((u) => u.username)).toContain('sofia_bakes');
    const stored = JSON.parse(a.storage.data.get(AUTH_STORAGE_KEYS.user) ?? '{}') as User;
    expect(stored.following.map((u) => u.username)).toContain('sofia_bakes');

    // Edit the profile: a new avatar is uploaded as it is picked (a real 4 × 3 PNG, which the
    // mock makes into media), then saved with the bio as its link.
    const picture = Uint8Array.from(
      atob(
        'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWMwXlUORww4OQAzzg/xUTK2PQAAAABJRU5ErkJggg==',
      ),
      (c) => c.charCodeAt(0),
    );
    a.profile.send({ type: 'OPEN' });
    a.profile.send({ type: 'PICK_AVATAR', file: new Blob([picture], { type: 'image/png' }) });
    await waitFor(a.profile, (s) => s.matches({ open: { editing: 'ready' } }));
    a.profile.send({ type: 'EDIT_PROFILE', userData: { bio: 'Edited by a machine' } });
    await waitFor(a.profile, (s) => s.matches('closed'));
    expect(me(a).bio).toBe('Edited by a machine');
    const avatar = me(a).profile;
    expect(avatar).toMatch(/\/api\/media\/[A-Za-z0-9_-]{32}-400\.webp$/);
    // The open feeds are read again, so the new avatar shows everywhere; one's card takes it.
    const ownPosts = () => feedPosts(a, HOME).filter((p) => p.username === 'guest');
    await waitFor(a.posts, () => ownPosts().every((p) => p.profile === avatar), {
      timeout: 2000,
    });
    expect(ownPosts().length).toBeGreaterThan(1); // the seed's and the one created above
    expect(personNamed(a, 'guest')).toMatchObject({ bio: 'Edited by a machine', profile: avatar });
    expect(a.notes.at(-1)).toEqual({
      type: 'notify',
      kind: 'success',
      message: 'Profile updated!',
    });

    // No action failed along the way.
    expect(a.notes.filter((n) => n.kind !== 'success')).toEqual([]);

    // Log out: the server ends the session first, then it ends here.
    a.session.send({ type: 'LOGOUT' });
    await waitFor(a.session, (s) => s.matches('signedOut'));
    expect(a.session.getSnapshot().value).toBe('signedOut');
    expect(selectSession(a.session.getSnapshot())).toEqual({ user: null, token: null });
    expect(a.storage.data.size).toBe(0);
    expect(selectPostById(a.posts.getSnapshot(), target._id)).toBeUndefined();
    expect(a.visits.at(-1)).toBe('/');
    expect(a.notes.at(-1)).toEqual({
      type: 'notify',
      kind: 'success',
      message: 'Loggedout Successfully.',
    });
  });

  it('the limits agree with the server: a 300-character comment with a trailing space, a 500-emoji post', async () => {
    const a = app();
    await loginAsGuest(a);
    await loadEverything(a);
    const target = notOwn(a);
    const comment = 'x'.repeat(300);
    a.posts.send({ type: 'COMMENT.ADD', postId: target._id, text: `${comment} ` });
    await postsIdle(a);
    expect(postById(a, target._id).comments.map((c) => c.commentData)).toContain(comment);

    const emoji = '👍'.repeat(500);
    a.postDialog.send({ type: 'OPEN_CREATE' });
    a.postDialog.send({ type: 'CHANGE_TEXT', text: emoji });
    a.postDialog.send({ type: 'SUBMIT' });
    await waitFor(a.postDialog, (s) => s.matches('closed'));
    expect(lastPublished(a).content).toBe(emoji);
    expect(a.notes.filter((n) => n.kind !== 'success')).toEqual([]);
  });

  it('a like the server refuses rolls back with its message', async () => {
    const a = app();
    await loginAsGuest(a);
    await loadEverything(a);
    const target = notOwn(a);
    a.posts.send({ type: 'LIKE', postId: target._id });
    await postsIdle(a);
    a.posts.send({ type: 'LIKE', postId: target._id }); // already liked: the server refuses
    await postsIdle(a);
    expect(postById(a, target._id).likes.likeCount).toBe(target.likes.likeCount + 1);
    expect(a.notes.at(-1)).toEqual({
      type: 'notify',
      kind: 'error',
      message: 'Cannot like a post that is already liked. ',
    });
  });

  it('unfollow, unlike and remove-bookmark round-trip to the seed state', async () => {
    const a = app();
    await loginAsGuest(a);
    await loadEverything(a);
    const target = notOwn(a);
    a.posts.send({ type: 'LIKE', postId: target._id });
    a.people.send({ type: 'PERSON.OPEN', username: 'maya_okafor' });
    await waitFor(a.people, (s) => selectPersonStatus(s, 'maya_okafor') === 'ready');
    a.posts.send({ type: 'TOGGLE_BOOKMARK', postId: target._id });
    a.people.send({ type: 'TOGGLE_FOLLOW', userId: SEED_USER_IDS.maya });
    await postsIdle(a);
    await peopleIdle(a);
    a.posts.send({ type: 'DISLIKE', postId: target._id });
    a.posts.send({ type: 'TOGGLE_BOOKMARK', postId: target._id });
    await postsIdle(a);
    expect(isLikedByMe(postById(a, target._id), me(a))).toBe(false);
    expect(postById(a, target._id).bookmarkedByMe).toBe(false);
    // The guest followed Maya in the seed: the toggle unfollowed her.
    expect(personNamed(a, 'maya_okafor').followedByMe).toBe(false);
    expect(personNamed(a, 'guest')).toMatchObject({ followingCount: 1, followerCount: 0 });
    expect(me(a).following.map((u) => u._id)).not.toContain(SEED_USER_IDS.maya);
    expect(a.notes.filter((n) => n.kind === 'error')).toEqual([]);
  });

  it('edit and delete own post; comment delete', async () => {
    const a = app();
    await loginAsGuest(a);
    await loadEverything(a);
    const own = feedPosts(a, LATEST).find((p) => p.username === 'guest');
    if (own === undefined) throw new Error('The seed has a guest post');
    a.postDialog.send({ type: 'OPEN_EDIT', post: own });
    a.postDialog.send({ type: 'CHANGE_TEXT', text: 'Edited text' });
    a.postDialog.send({ type: 'SUBMIT' });
    await waitFor(a.postDialog, (s) => s.matches('closed'));
    expect(postById(a, own._id).content).toBe('Edited text');
    expect(a.notes.at(-1)?.message).toBe('Post edited!');

    // The author of a post may delete anyone's comment on it.
    const other = postById(a, own._id).comments.find((c) => c.username !== 'guest');
    if (other !== undefined) {
      a.posts.send({ type: 'COMMENT.DELETE', postId: own._id, commentId: other._id });
      await postsIdle(a);
      expect(postById(a, own._id).comments.map((c) => c._id)).not.toContain(other._id);
    }

    a.posts.send({ type: 'DELETE', postId: own._id });
    await postsIdle(a);
    expect(selectPostById(a.posts.getSnapshot(), own._id)).toBeUndefined();
    expect(feedPosts(a, LATEST).map((p) => p._id)).not.toContain(own._id);
    expect(a.notes.filter((n) => n.kind === 'error')).toEqual([]);
  });

  it('deleting someone else post is refused with the server message', async () => {
    const a = app();
    await loginAsGuest(a);
    await loadEverything(a);
    const target = notOwn(a);
    a.posts.send({ type: 'DELETE', postId: target._id });
    await postsIdle(a);
    expect(postById(a, target._id)).toEqual(target);
    expect(a.notes.at(-1)).toEqual({
      type: 'notify',
      kind: 'error',
      message: "Cannot delete a Post doesn't belong to the logged in User.",
    });
  });

  it('wrong password: said once, under Password in plain words; no toast', async () => {
    const a = app();
    a.authForms.send({ type: 'LOGIN', username: 'guest', password: 'wrong-password' });
    await waitFor(a.authForms, (s) => s.matches('idle'));
    expect(selectFormRefusal(a.authForms.getSnapshot(), 'login')).toMatchObject({
      message: 'That password is not right for this username.',
      place: { field: 'password' },
    });
    expect(a.notes).toEqual([]);
    expect(a.visits).toEqual([]);
  });

  it('sign-up goes to /explore-page; a taken username is refused', async () => {
    const a = app();
    const fields = {
      firstName: 'New',
      lastName: 'Person',
      username: 'new_person',
      password: 'secret12',
      confirmPassword: 'secret12',
    };
    a.authForms.send({ type: 'SIGNUP', ...fields });
    await waitFor(a.session, (s) => s.matches('signedIn'));
    expect(me(a)).toMatchObject({ username: 'new_person', followers: [], following: [] });
    expect(a.visits).toEqual(['/explore-page']);
    a.session.send({ type: 'LOGOUT' });
    await waitFor(a.session, (s) => s.matches('signedOut'));

    const notes = a.notes.length;
    a.authForms.send({ type: 'SIGNUP', ...fields, username: 'guest' });
    await waitFor(a.authForms, (s) => s.matches('idle'));
    expect(selectFormRefusal(a.authForms.getSnapshot(), 'signup')).toMatchObject({
      message: 'That username is taken. Try another one.',
      place: { field: 'username' },
    });
    expect(a.notes).toHaveLength(notes);
  });

  it('a session survives a restart through storage', async () => {
    const first = app();
    await loginAsGuest(first);
    first.stop();
    const second = app(first.storage);
    expect(second.session.getSnapshot().value).toEqual({ signedIn: 'idle' });
    await loadEverything(second);
    // The stored token reads as the guest: each post says whether they bookmarked it.
    expect(feedPosts(second, LATEST).every((p) => p.bookmarkedByMe === false)).toBe(true);
  });

  it('a public feed read with a token the server does not know ends the session', async () => {
    const storage = memoryStorage({
      [AUTH_STORAGE_KEYS.token]: 'tampered.token.value',
      [AUTH_STORAGE_KEYS.user]: JSON.stringify({ _id: SEED_USER_IDS.guest, username: 'guest' }),
    });
    const a = app(storage);
    a.posts.send({ type: 'FEED.OPEN', feed: LATEST });
    await waitFor(a.session, (s) => s.matches('signedOut'));
    await postsIdle(a);
    expect(feedOf(a, LATEST)).toBeUndefined();
    expect(storage.data.size).toBe(0);
    expect(a.visits).toEqual(['/']);
  });

  it('a 401 signs the user out cleanly: a stored token the server refuses is found out at once', async () => {
    const storage = memoryStorage({
      [AUTH_STORAGE_KEYS.token]: 'tampered.token.value',
      [AUTH_STORAGE_KEYS.user]: JSON.stringify({ _id: SEED_USER_IDS.guest, username: 'guest' }),
    });
    const a = app(storage);
    expect(a.session.getSnapshot().matches('signedIn')).toBe(true);
    // The bell's count is read as the session starts: the first call to send the token.
    await waitFor(a.session, (s) => s.matches('signedOut'));
    await postsIdle(a);
    // Nothing of the ended session is kept; the next one reads afresh.
    const theirs: FeedKey = { kind: 'user', username: 'maya_okafor' };
    expect(feedOf(a, theirs)).toBeUndefined();
    expect(storage.data.size).toBe(0);
    expect(a.visits).toEqual(['/']);
    expect(a.notes).toEqual([
      {
        type: 'notify',
        kind: 'warning',
        message: 'Your session has expired. Please log in again.',
      },
    ]);
  });
  it('logout ends the token on the server; a password change keeps this session and ends the others', async () => {
    const api = createApiClient({ baseUrl });
    const here = app();
    const elsewhere = app();
    await loginAsGuest(here);
    await loginAsGuest(elsewhere);
    const tokenHere = selectSession(here.session.getSnapshot()).token ?? '';
    const tokenElsewhere = selectSession(elsewhere.session.getSnapshot()).token ?? '';
    expect(tokenHere).not.toBe(tokenElsewhere);

    // A wrong current password is placed in the form and changes nothing.
    here.changePassword.send({ type: 'OPEN' });
    const change = { newPassword: 'guest5678', confirmPassword: 'guest5678' };
    here.changePassword.send({ type: 'SUBMIT', currentPassword: 'guest12345', ...change });
    await waitFor(here.changePassword, (s) => !selectChangingPassword(s));
    expect(selectChangePasswordRefusal(here.changePassword.getSnapshot())).toEqual({
      message: WRONG_CURRENT_PASSWORD,
      field: 'currentPassword',
    });

    here.changePassword.send({ type: 'SUBMIT', currentPassword: 'guest1234', ...change });
    await waitFor(here.changePassword, (s) => !selectChangingPassword(s));
    expect(selectChangePasswordOpen(here.changePassword.getSnapshot())).toBe(false);
    expect(here.notes.at(-1)).toEqual({
      type: 'notify',
      kind: 'success',
      message: 'Password changed. Every other session was logged out.',
    });
    await expect(api.getBookmarks(tokenHere)).resolves.toEqual({ bookmarks: [] });
    await expect(api.getBookmarks(tokenElsewhere)).rejects.toMatchObject({ status: 401 });
    await expect(api.login(GUEST_CREDENTIALS)).rejects.toMatchObject({ status: 401 });

    here.session.send({ type: 'LOGOUT' });
    await waitFor(here.session, (s) => s.matches('signedOut'));
    await expect(api.getBookmarks(tokenHere)).rejects.toMatchObject({ status: 401 });
    await expect(api.login({ username: 'guest', password: 'guest5678' })).resolves.toMatchObject({
      foundUser: { username: 'guest' },
    });
  });

  it('the mock offers the guest and the demo reset', async () => {
    const a = app();
    await waitFor(a.demo, (s) => s.matches({ offer: 'known' }));
    expect(selectGuestOffered(a.demo.getSnapshot())).toBe(true);
    expect(selectResetOffered(a.demo.getSnapshot())).toBe(true);
  });
});

describe('live: what one person does reaches another’s open app', () => {
  it('a like, a comment and its edit, a notification and a new post, each on the one record or in the pill', async () => {
    const guest = app();
    await loginAsGuest(guest);
    await openFeed(guest, LATEST);
    await waitFor(guest.live, (s) => s.matches({ on: 'open' }));
    const maya = app();
    maya.authForms.send({ type: 'LOGIN', username: 'maya_okafor', password: SEED_PASSWORD });
    await waitFor(maya.session, (s) => s.matches('signedIn'));
    const own = feedPosts(guest, LATEST).find((p) => p.username === 'guest');
    if (own === undefined) throw new Error('The guest has no post');
    const before = own.likes.likeCount;
    const shownBefore = feedOf(guest, LATEST)?.getSnapshot().context.ids;

    maya.posts.send({ type: 'LIKE', postId: own._id });
    await waitFor(guest.posts, (s) => selectPostById(s, own._id)?.likes.likeCount === before + 1);
    await waitFor(guest.inbox, (s) => selectUnread(s) === 1);
    // Only the one record changed: the feed's ids are the same list.
    expect(feedOf(guest, LATEST)?.getSnapshot().context.ids).toBe(shownBefore);

    maya.posts.send({ type: 'COMMENT.ADD', postId: own._id, text: 'Welcome aboard' });
    await waitFor(guest.posts, (s) =>
      (selectPostById(s, own._id)?.comments ?? []).some((c) => c.commentData === 'Welcome aboard'),
    );

    const token = selectSession(maya.session.getSnapshot()).token ?? '';
    // A comment edited or voted on elsewhere: the post is read again.
    const written = selectPostById(guest.posts.getSnapshot(), own._id)?.comments.find(
      (c) => c.commentData === 'Welcome aboard',
    );
    await createApiClient({ baseUrl }).call('editComment', {
      params: { postId: own._id, commentId: written?._id ?? '' },
      token,
      body: { commentData: 'Welcome aboard, guest' },
    });
    await waitFor(guest.posts, (s) =>
      (selectPostById(s, own._id)?.comments ?? []).some(
        (c) => c.commentData === 'Welcome aboard, guest',
      ),
    );

    await createApiClient({ baseUrl }).call('publishPost', {
      token,
      body: { postData: { content: 'Live from the other device' } },
    });
    const latest = feedOf(guest, LATEST);
    if (latest === undefined) throw new Error('No latest feed');
    await waitFor(latest, (s) => selectWaitingCount(s) === 1);
    // Nothing moved under the reader: the new post waits for the pill.
    expect(latest.getSnapshot().context.ids).toBe(shownBefore);
    latest.send({ type: 'SHOW_NEW' });
    await waitFor(latest, (s) => selectWaitingCount(s) === 0 && !s.matches('showing'));
    expect(feedPosts(guest, LATEST)[0]?.content).toBe('Live from the other device');
  });
});
