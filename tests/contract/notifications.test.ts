/**
 * Notifications (src/service/inbox.ts): one test per kind, each with its undo and the rule that no
 * one is told of their own doing; grouping, paging, the read mark every device shares, and what a
 * deletion takes with it. Run on the mock, PGlite and PostgreSQL alike.
 */
import { describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS, type Notification, type NotificationPage } from '../../src/api/types';
import { UNREAD_RULE } from '../../src/api/rules';
import { MESSAGES } from '../../src/service/messages';
import { SEED_POST_IDS } from '../../src/seed/posts';
import { SEED_USER_IDS } from '../../src/seed/users';
import { expectRefused as refuse, failure, useApi, USERNAMES, type SeedPerson } from './harness';

const api = useApi();

const { guestHello, sofiaLoaf, mayaLaunch } = SEED_POST_IDS;
const WELCOME = 'comment-hello-welcome'; // Maya's, on the guest's post
const SPRINT = 'comment-launch-sprint'; // the guest's, on Maya's post

const page = (person: SeedPerson, query: { cursor?: string; limit?: number } = {}) =>
  api.client.call('notifications', { token: api.tokens[person], query });

const inbox = async (person: SeedPerson): Promise<Notification[]> =>
  (await page(person)).notifications;

/** The notifications as kind, who (newest first) and what they are about. */
const told = async (person: SeedPerson) =>
  (await inbox(person)).map(({ kind, actors, actorCount, postId, commentId }) => ({
    kind,
    by: actors.map((actor) => actor.username),
    actorCount,
    ...(postId === undefined ? {} : { postId }),
    ...(commentId === undefined ? {} : { commentId }),
  }));

const unread = async (person: SeedPerson) =>
  (await api.client.call('unreadNotifications', { token: api.tokens[person] })).unread;

const like = (person: SeedPerson, postId: string) =>
  api.client.call('likeOne', { params: { postId }, token: api.tokens[person] });
const dislike = (person: SeedPerson, postId: string) =>
  api.client.call('dislikeOne', { params: { postId }, token: api.tokens[person] });
const comment = (person: SeedPerson, postId: string, commentData: string, parentId?: string) =>
  api.client.call('commentOn', {
    params: { postId },
    token: api.tokens[person],
    body: parentId === undefined ? { commentData } : { commentData, parentId },
  });
const publish = (person: SeedPerson, content: string) =>
  api.client.call('publishPost', { token: api.tokens[person], body: { postData: { content } } });
const vote = (person: SeedPerson, postId: string, commentId: string, how: 'up' | 'down' | 'un') =>
  api.client[`${how}voteComment`](postId, commentId, api.tokens[person]);
const follow = (person: SeedPerson, whom: SeedPerson) =>
  api.client.followUser(SEED_USER_IDS[whom], api.tokens[person]);

describe('GET /notifications: each kind', () => {
  it('tells the author of a like and of a dislike; a changed mind takes the old one back', async () => {
    await like('maya', guestHello);
    expect(await told('guest')).toEqual([
      { kind: 'like', by: [USERNAMES.maya], actorCount: 1, postId: guestHello },
    ]);
    await dislike('maya', guestHello);
    expect(await told('guest')).toEqual([
      { kind: 'dislike', by: [USERNAMES.maya], actorCount: 1, postId: guestHello },
    ]);
    const [first] = await inbox('guest');
    expect(first).toMatchObject({
      id: `dislike:${guestHello}`,
      excerpt: 'Hello Murmur! Trying out the demo account. Who should I follow first?',
      unread: true,
    });
    // One's own like tells no one.
    await like('guest', guestHello);
    expect(await told('guest')).toHaveLength(1);
  });

  it('groups everyone who did the same to the same post, newest first', async () => {
    await like('maya', guestHello);
    await like('liam', guestHello);
    await like('sofia', guestHello);
    await like('noah', guestHello);
    expect(await told('guest')).toEqual([
      {
        kind: 'like',
        by: [USERNAMES.noah, USERNAMES.sofia, USERNAMES.liam],
        actorCount: 4,
        postId: guestHello,
      },
    ]);
    expect(await unread('guest')).toBe(1);
    // Taking a like back takes that person out of the group only.
    await dislike('sofia', guestHello);
    expect(await told('guest')).toEqual([
      { kind: 'dislike', by: [USERNAMES.sofia], actorCount: 1, postId: guestHello },
      {
        kind: 'like',
        by: [USERNAMES.noah, USERNAMES.liam, USERNAMES.maya],
        actorCount: 3,
        postId: guestHello,
      },
    ]);
    // Taking the newest back puts the notification where its next newest is.
    const likes = async () => (await inbox('guest')).find((each) => each.kind === 'like');
    const before = (await likes())?.seq ?? 0;
    await dislike('noah', guestHello);
    const after = await likes();
    expect(after).toMatchObject({ actorCount: 2 });
    expect(after?.seq).toBeLessThan(before);
    expect(after?.actors.map((actor) => actor.username)).toEqual([USERNAMES.liam, USERNAMES.maya]);
  });

  it("tells a post's author of a comment, with its text; deleting the comment takes it back", async () => {
    const { post } = await comment('liam', guestHello, 'Nice to meet you');
    const written = post.comments.at(-1)?._id ?? '';
    const [notification] = await inbox('guest');
    expect(notification).toMatchObject({
      kind: 'comment',
      postId: guestHello,
      commentId: written,
      excerpt: 'Nice to meet you',
      actorCount: 1,
    });
    await api.client.deleteComment(guestHello, written, api.tokens.liam);
    expect(await inbox('guest')).toEqual([]);
    // One's own comment tells no one.
    await comment('guest', guestHello, 'Thanks all');
    expect(await inbox('guest')).toEqual([]);
  });

  it('tells the author of the comment a reply answers, not the post author as a comment', async () => {
    const { post } = await comment('liam', guestHello, 'Agreed, start there', WELCOME);
    const reply = post.comments.at(-1)?._id ?? '';
    expect(await told('maya')).toEqual([
      { kind: 'reply', by: [USERNAMES.liam], actorCount: 1, postId: guestHello, commentId: reply },
    ]);
    expect(await told('guest')).toEqual([]);
    // A reply to one's own comment tells no one.
    await comment('maya', guestHello, 'Me again', WELCOME);
    expect(await told('maya')).toHaveLength(1);
  });

  it("tells a comment's author of a vote; a vote withdrawn or turned takes it back", async () => {
    await vote('maya', mayaLaunch, SPRINT, 'up');
    expect(await told('guest')).toEqual([
      {
        kind: 'upvote',
        by: [USERNAMES.maya],
        actorCount: 1,
        postId: mayaLaunch,
        commentId: SPRINT,
      },
    ]);
    await vote('maya', mayaLaunch, SPRINT, 'down');
    expect(await told('guest')).toEqual([
      {
        kind: 'downvote',
        by: [USERNAMES.maya],
        actorCount: 1,
        postId: mayaLaunch,
        commentId: SPRINT,
      },
    ]);
    await vote('maya', mayaLaunch, SPRINT, 'un');
    expect(await told('guest')).toEqual([]);
    await vote('guest', mayaLaunch, SPRINT, 'up');
    expect(await told('guest')).toEqual([]);
  });

  it('tells a person who follows them; an unfollow takes it back', async () => {
    await follow('noah', 'guest');
    const [notification] = await inbox('guest');
    expect(notification).toMatchObject({ kind: 'follow', actorCount: 1 });
    expect(notification).not.toHaveProperty('postId');
    expect(notification?.actors.map((actor) => actor.username)).toEqual([USERNAMES.noah]);
    await api.client.unfollowUser(SEED_USER_IDS.guest, api.tokens.noah);
    expect(await inbox('guest')).toEqual([]);
  });

  it('tells the people a post or comment mentions; an edit that drops the name takes it back', async () => {
    const { post } = await publish(
      'maya',
      `Say hi to @${USERNAMES.liam} and @nobody_here, @${USERNAMES.maya}`,
    );
    expect(await told('liam')).toEqual([
      { kind: 'mention', by: [USERNAMES.maya], actorCount: 1, postId: post._id },
    ]);
    expect(await told('maya')).toEqual([]);
    await api.client.call('updatePost', {
      params: { postId: post._id },
      token: api.tokens.maya,
      body: { postData: { content: 'Say hi, everyone' } },
    });
    expect(await told('liam')).toEqual([]);
    const answered = await comment('noah', sofiaLoaf, `@${USERNAMES.liam.toUpperCase()} try this`);
    const written = answered.post.comments.at(-1)?._id ?? '';
    expect(await told('liam')).toEqual([
      {
        kind: 'mention',
        by: [USERNAMES.noah],
        actorCount: 1,
        postId: sofiaLoaf,
        commentId: written,
      },
    ]);
  });
});

describe('notifications: one comment, one notification', () => {
  it("does not tell the post's author they are mentioned by a comment that tells them already", async () => {
    const first = await comment(
      'maya',
      guestHello,
      `Hey @${USERNAMES.guest}, and @${USERNAMES.liam}`,
    );
    const written = first.post.comments.at(-1)?._id ?? '';
    const about = { by: [USERNAMES.maya], actorCount: 1, postId: guestHello, commentId: written };
    expect(await told('guest')).toEqual([{ kind: 'comment', ...about }]);
    expect(await told('liam')).toEqual([{ kind: 'mention', ...about }]);
    // An edit that names them again, or drops and names others, tells them nothing more.
    await api.client.call('editComment', {
      params: { postId: guestHello, commentId: written },
      token: api.tokens.maya,
      body: { commentData: `Hey @${USERNAMES.guest}! Also @${USERNAMES.noah}` },
    });
    expect(await told('guest')).toEqual([{ kind: 'comment', ...about }]);
    expect(await told('liam')).toEqual([]);
    expect(await told('noah')).toEqual([{ kind: 'mention', ...about }]);
    // A reply tells the author it answers, once, though it names them.
    const reply = await comment('noah', guestHello, `@${USERNAMES.maya} agreed`, written);
    const replied = reply.post.comments.find((c) => c.commentData.endsWith('agreed'))?._id ?? '';
    expect(await told('maya')).toEqual([
      {
        kind: 'reply',
        by: [USERNAMES.noah],
        actorCount: 1,
        postId: guestHello,
        commentId: replied,
      },
    ]);
  });
});

describe('notifications: read marks, pages, deletion', () => {
  it('keeps the read mark on the server: another session agrees, and new ones are unread', async () => {
    await like('maya', guestHello);
    await follow('liam', 'guest');
    const first = await page('guest');
    expect(first.unread).toBe(2);
    const newest = first.notifications[0]?.seq ?? 0;
    expect(
      await api.client.call('markNotificationsRead', {
        token: api.tokens.guest,
        body: { upTo: newest },
      }),
    ).toEqual({ unread: 0 });
    // A second device of the guest's, signed in on its own.
    const { encodedToken } = await api.client.login(GUEST_CREDENTIALS);
    const elsewhere = await api.client.call('notifications', { token: encodedToken, query: {} });
    expect(elsewhere.unread).toBe(0);
    expect(elsewhere.notifications.map((each) => each.unread)).toEqual([false, false]);
    // A mark sent from the future stops at the newest: what comes next is unread.
    await api.client.call('markNotificationsRead', {
      token: api.tokens.guest,
      body: { upTo: Number.MAX_SAFE_INTEGER },
    });
    await like('sofia', guestHello);
    expect(await unread('guest')).toBe(1);
    const [likes] = await inbox('guest');
    expect(likes).toMatchObject({ kind: 'like', actorCount: 2, unread: true });
  });

  it('pages newest first with a cursor, each notification once', async () => {
    await like('maya', guestHello);
    await follow('liam', 'guest');
    await vote('sofia', mayaLaunch, SPRINT, 'up');
    const one: NotificationPage = await page('guest', { limit: 2 });
    expect(one.notifications.map((each) => each.kind)).toEqual(['upvote', 'follow']);
    expect(one.next).not.toBeNull();
    const two = await page('guest', { limit: 2, cursor: one.next ?? '' });
    expect(two.notifications.map((each) => each.kind)).toEqual(['like']);
    expect(two.next).toBeNull();
  });

  it("takes a deleted post's notifications with it", async () => {
    const { post } = await publish('guest', 'Short-lived');
    await like('maya', post._id);
    await comment('liam', post._id, 'Quick!');
    expect(await unread('guest')).toBe(2);
    await api.client.call('removePost', { params: { postId: post._id }, token: api.tokens.guest });
    expect(await inbox('guest')).toEqual([]);
    expect(await unread('guest')).toBe(0);
  });

  it('counts unread notifications up to 100 (the bell reads 99+), and pages past them', async () => {
    for (let index = 0; index < UNREAD_RULE.countedUpTo + 1; index += 1) {
      const { post } = await publish('guest', `Post ${index}`);
      await like('maya', post._id);
    }
    expect(await unread('guest')).toBe(UNREAD_RULE.countedUpTo);
    const first = await page('guest', { limit: 40 });
    expect(first.unread).toBe(UNREAD_RULE.countedUpTo);
    expect(first.notifications).toHaveLength(40);
    const [newest] = first.notifications;
    await api.client.call('markNotificationsRead', {
      token: api.tokens.guest,
      body: { upTo: newest?.seq ?? 0 },
    });
    expect(await unread('guest')).toBe(0);
    // 202 writes: seconds on PGlite beside other tests, over Vitest's 5 s default.
  }, 30_000);

  it('refuses a caller without a token, a bad cursor and a mark that is not a whole number', async () => {
    const error = await failure(api.client.call('notifications', { token: '', query: {} }));
    expect(error.status).toBe(401);
    await refuse(api, () => page('guest', { cursor: 'nonsense' }), 400, MESSAGES.badCursor);
    await refuse(
      api,
      () =>
        api.client.call('markNotificationsRead', {
          token: api.tokens.guest,
          body: { upTo: 1.5 },
        }),
      400,
      'upTo must be a whole number',
    );
  });
});
