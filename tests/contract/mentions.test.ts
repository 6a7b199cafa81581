/**
 * Which @mentions link, as the server says in the app's answers (`mentions`): the usernames a
 * post's text and the comments the answer carries mention that are someone's, exactly, each once,
 * sorted; the same for a person's bio. A made-up name is left out, as is a name in another letter
 * case; the spec's answers carry no `mentions`.
 */
import { describe, expect, it } from 'vitest';
import type { Post } from '../../src/api/types';
import { SEED_POST_IDS } from '../../src/seed/posts';
import { SEED_USER_IDS } from '../../src/seed/users';
import { useApi, USERNAMES, type SeedPerson } from './harness';

const api = useApi();
const { sofiaLoaf } = SEED_POST_IDS;
const { maya, liam, sofia, noah } = USERNAMES;

const publish = (person: SeedPerson, content: string) =>
  api.client.call('publishPost', { token: api.tokens[person], body: { postData: { content } } });
const comment = (person: SeedPerson, postId: string, commentData: string) =>
  api.client.call('commentOn', {
    params: { postId },
    token: api.tokens[person],
    body: { commentData },
  });

/** The post of this id in a page of posts. */
function inPage(posts: readonly Post[], postId: string): Post {
  const found = posts.find((post) => post._id === postId);
  if (found === undefined) throw new Error(`${postId} is not in the page`);
  return found;
}

describe("a post's mentions", () => {
  it('names only the people who exist, exactly, each once, sorted: in its answer and in the feeds', async () => {
    const text = `Thanks @${sofia}, @nobody_here, @${maya} and @${maya} again (not @${maya.toUpperCase()})`;
    const { post } = await publish('guest', text);
    expect(post.mentions).toEqual([maya, sofia]);
    const latest = await api.client.call('latestFeed', {});
    expect(inPage(latest.posts, post._id).mentions).toEqual([maya, sofia]);
    const home = await api.client.call('homeFeed', { token: api.tokens.guest });
    expect(inPage(home.posts, post._id).mentions).toEqual([maya, sofia]);
    const found = await api.client.call('searchFeed', { query: { q: 'nobody_here' } });
    expect(inPage(found.posts, post._id).mentions).toEqual([maya, sofia]);
    // The spec's answers stay as the contract has them.
    expect((await api.client.getPost(post._id)).post).not.toHaveProperty('mentions');
  });

  it('is absent when no one who exists is mentioned, and follows the people who do', async () => {
    const { post } = await publish('guest', 'Hello @ada_l and @nobody_here');
    expect(post).not.toHaveProperty('mentions');
    await api.client.signup({
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada_l',
      password: 'engine42',
    });
    const { post: read } = await api.client.call('postPage', { params: { postId: post._id } });
    expect(read.mentions).toEqual(['ada_l']);
  });

  it("counts the comments the answer carries: the post's page every one, a card the newest", async () => {
    const first = await comment('maya', sofiaLoaf, `Ask @${liam} and @made_up_person`);
    expect(first.post.mentions).toEqual([liam]);
    await comment('liam', sofiaLoaf, `@${noah} would know`);
    const { post: page } = await api.client.call('postPage', { params: { postId: sofiaLoaf } });
    expect(page.mentions).toEqual([liam, noah]);
    // A card carries the newest comment only, and the mentions of what it carries.
    const { post: card } = await api.client.call('likeOne', {
      params: { postId: sofiaLoaf },
      token: api.tokens.guest,
    });
    expect(card.comments).toHaveLength(1);
    expect(card.mentions).toEqual([noah]);
    const latest = await api.client.call('latestFeed', {});
    expect(inPage(latest.posts, sofiaLoaf).mentions).toEqual([noah]);
  });

  it("follows a comment's edit and votes on it", async () => {
    const { post } = await comment('maya', sofiaLoaf, `Ask @${liam}`);
    const mine = post.comments.at(-1);
    if (mine === undefined) throw new Error('The comment is not in its answer');
    const params = { postId: sofiaLoaf, commentId: mine._id };
    const voted = await api.client.call('upvoteOne', { params, token: api.tokens.noah });
    expect(voted.post.mentions).toEqual([liam]);
    const edited = await api.client.call('updateComment', {
      params,
      token: api.tokens.maya,
      body: { commentData: 'Ask @nobody_here' },
    });
    expect(edited.post).not.toHaveProperty('mentions');
  });
});

describe("a person's mentions", () => {
  it('names the people their bio mentions who exist, on their card and in the follow answers', async () => {
    await api.client.editUser(
      { bio: `Baking with @${sofia}, @${sofia} and @ghost_baker` },
      api.tokens.noah,
    );
    const card = await api.client.call('person', { params: { username: noah } });
    expect(card.person.mentions).toEqual([sofia]);
    const followed = await api.client.call('followOne', {
      params: { userId: SEED_USER_IDS.noah },
      token: api.tokens.maya,
    });
    expect(followed.person.mentions).toEqual([sofia]);
    const suggested = await api.client.call('suggestedPeople', { token: api.tokens.liam });
    // Liam follows no one: everyone else is suggested to him.
    const inSuggested = suggested.users.find((person) => person.username === noah);
    expect(inSuggested?.mentions).toEqual([sofia]);
    // A bio that mentions no one who exists carries no field; the spec's person none either.
    expect(
      (await api.client.call('person', { params: { username: maya } })).person,
    ).not.toHaveProperty('mentions');
    expect((await api.client.getUser(SEED_USER_IDS.noah)).user).not.toHaveProperty('mentions');
  });
});
