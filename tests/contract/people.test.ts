/**
 * People as the app's profile card and 'Who to follow' read them: a person with counts instead of
 * the lists of people, whether the caller follows them, the people one does not follow yet a page
 * at a time, and follows that answer only the person followed. Every count equals the length of
 * the list the spec's answers give.
 */
import { describe, expect, it } from 'vitest';
import type { Person, User } from '../../src/api/types';
import { MESSAGES } from '../../src/service/messages';
import { expectRefused as refuse, useApi, USERNAMES, type SeedPerson } from './harness';

const api = useApi();
const expectRefused = (call: () => Promise<unknown>, status: number, message: string) =>
  refuse(api, call, status, message);

/** The spec's whole record of a seed person. */
async function userNamed(who: SeedPerson): Promise<User> {
  const { users } = await api.client.getUsers();
  const found = users.find((user) => user.username === USERNAMES[who]);
  if (found === undefined) throw new Error(`No ${who} in the seed`);
  return found;
}

/** A person's card, as `as` (or no one) reads it. */
async function card(username: string, as?: SeedPerson): Promise<Person> {
  const { person } = await api.client.call('person', {
    params: { username },
    ...(as === undefined ? {} : { token: api.tokens[as] }),
  });
  return person;
}

/** What a card says of a person by the spec's record of them, as `viewer` sees them. */
function cardOf(user: User, viewer: User | null): Person {
  const { followers, following, bookmarks: _bookmarks, ...fields } = user;
  return {
    ...fields,
    followerCount: followers.length,
    followingCount: following.length,
    followedByMe: viewer !== null && followers.some((person) => person._id === viewer._id),
  };
}

describe('GET /person/:username', () => {
  it("reads a person's counts and whether the caller follows them", async () => {
    const guest = await userNamed('guest');
    for (const followed of guest.following) {
      const user = await userNamed(
        (Object.keys(USERNAMES) as SeedPerson[]).find(
          (key) => USERNAMES[key] === followed.username,
        ) ?? 'guest',
      );
      expect(await card(user.username, 'guest')).toEqual(cardOf(user, guest));
      expect((await card(user.username, 'guest')).followedByMe).toBe(true);
      expect(await card(user.username)).toEqual(cardOf(user, null));
    }
    expect(await card(USERNAMES.guest, 'guest')).toEqual(cardOf(guest, guest));
  });

  it('refuses a username no one has (letter case included), and a token that is not valid', async () => {
    for (const username of ['nobody_here', USERNAMES.maya.toUpperCase()]) {
      await expectRefused(
        () => api.client.call('person', { params: { username } }),
        404,
        MESSAGES.userNotFound,
      );
    }
    const response = await fetch(`${api.baseUrl}/person/${USERNAMES.maya}`, {
      headers: { authorization: 'not-a-token' },
    });
    expect(response.status).toBe(401);
  });
});

describe('GET /people/suggested', () => {
  it('lists everyone the caller does not follow, never themselves, oldest account first', async () => {
    const { users } = await api.client.getUsers();
    for (const who of ['guest', 'maya', 'noah'] as const) {
      const me = await userNamed(who);
      const expected = users
        .filter((user) => user._id !== me._id)
        .filter((user) => !me.following.some((followed) => followed._id === user._id))
        .map((user) => cardOf(user, me));
      const seen: Person[] = [];
      let cursor: string | undefined;
      do {
        const page = await api.client.call('suggestedPeople', {
          query: { cursor, limit: 1 },
          token: api.tokens[who],
        });
        seen.push(...page.users);
        cursor = page.next ?? undefined;
      } while (cursor !== undefined && seen.length < 20);
      expect(seen).toEqual(expected);
    }
  });

  it('drops a person once followed, and needs a token', async () => {
    const before = await api.client.call('suggestedPeople', { token: api.tokens.guest });
    const first = before.users[0];
    if (first === undefined) throw new Error('The guest follows everyone in the seed');
    await api.client.call('followOne', { params: { userId: first._id }, token: api.tokens.guest });
    const after = await api.client.call('suggestedPeople', { token: api.tokens.guest });
    expect(after.users.map((person) => person._id)).toEqual(
      before.users.slice(1).map((person) => person._id),
    );
    const response = await fetch(`${api.baseUrl}/people/suggested`);
    expect(response.status).toBe(401);
  });
});

describe('POST and DELETE /people/:userId/follow', () => {
  it('answer the person followed as the follower now sees them, as the spec records it', async () => {
    const guest = await userNamed('guest');
    const stranger = (await api.client.getUsers()).users.find(
      (user) =>
        user._id !== guest._id && !guest.following.some((followed) => followed._id === user._id),
    );
    if (stranger === undefined) throw new Error('The guest follows everyone in the seed');
    const before = await card(stranger.username, 'guest');
    const params = { userId: stranger._id };
    const followed = await api.client.call('followOne', { params, token: api.tokens.guest });
    expect(followed.person).toEqual({
      ...before,
      followerCount: before.followerCount + 1,
      followedByMe: true,
      updatedAt: followed.person.updatedAt,
    });
    const recorded = await userNamed(
      (Object.keys(USERNAMES) as SeedPerson[]).find(
        (key) => USERNAMES[key] === stranger.username,
      ) ?? 'guest',
    );
    expect(followed.person).toEqual(cardOf(recorded, await userNamed('guest')));
    expect((await card(USERNAMES.guest, 'guest')).followingCount).toBe(guest.following.length + 1);

    const unfollowed = await api.client.call('unfollowOne', { params, token: api.tokens.guest });
    expect(unfollowed.person).toMatchObject({
      followerCount: before.followerCount,
      followedByMe: false,
    });
    expect(unfollowed.person).toEqual(await card(stranger.username, 'guest'));
  });

  it("refuse as the spec's follows do, changing nothing", async () => {
    const guest = await userNamed('guest');
    const followed = guest.following[0];
    if (followed === undefined) throw new Error('The guest follows no one in the seed');
    const follow = (userId: string) =>
      api.client.call('followOne', { params: { userId }, token: api.tokens.guest });
    await expectRefused(() => follow(followed._id), 400, MESSAGES.alreadyFollowing);
    await expectRefused(() => follow(guest._id), 400, MESSAGES.followSelf);
    await expectRefused(() => follow('no-such-id'), 404, MESSAGES.userNotFound);
    const stranger = (await api.client.call('suggestedPeople', { token: api.tokens.guest }))
      .users[0];
    if (stranger === undefined) throw new Error('The guest follows everyone in the seed');
    await expectRefused(
      () =>
        api.client.call('unfollowOne', {
          params: { userId: stranger._id },
          token: api.tokens.guest,
        }),
      400,
      MESSAGES.notFollowing,
    );
    expect(await userNamed('guest')).toEqual(guest);
  });
});
