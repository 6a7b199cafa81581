/**
 * Writes the mock API reference that Storybook's 'Guides/Mock API' page shows
 * (stories/docs/mock-api.reference.json), from the contract and from what the mock API answers:
 * every endpoint of ENDPOINT_KEYS with its client function, body and answer types (read from
 * src/api), an example call and its answer, and each refusal tried below with the status and
 * message the mock gives. The file is a snapshot: when the contract or the mock's answers change,
 * this test fails until the file is written again (`npx vitest run tests/unit/docs -u`), so the
 * page never says what the API no longer does. A new endpoint without a call here fails too.
 */
import { describe, expect, it } from 'vitest';
import {
  GUEST_CREDENTIALS,
  type MediaResponse,
  type Post,
  type User,
} from '../../../src/api/types';
import { SEED_PASSWORD } from '../../../src/seed/users';
import { ENDPOINT_KEYS, type Endpoint } from '../../../src/mocks/overrides';
import { USERNAMES, useMockApi, type SeedPerson } from '../mocks/harness';
import * as A from '../../../src/api/answers';
import { endpointKey, ENDPOINTS, type EndpointName } from '../../../src/api/endpoints';
import { readClient, readTypes, type ClientFunction } from './contract';

const api = useMockApi();

/** Ids in the seed that the calls below need, found through the API as a client would. */
interface Seeded {
  guestPost: Post;
  othersPost: Post;
  likedPost: Post;
  unlikedPost: Post;
  /** A post the guest has not bookmarked; `bookmarkFirst` bookmarks it before a call. */
  bookmarkable: Post;
  guestComment: { postId: string; commentId: string };
  othersComment: { postId: string; commentId: string };
  upvotedComment: { postId: string; commentId: string };
  guest: User;
  followed: User;
  notFollowed: User;
}

interface Call {
  /** What the call is, in words: 'a post that is not there'. */
  when: string;
  /** Whose token goes in `authorization`; none when left out. */
  as?: SeedPerson;
  /**
   * Signs this person in again just before the call and sends that new session's token: for the
   * calls that end sessions (logout, a password change), so the other tokens here stay valid.
   */
  asNew?: SeedPerson;
  params?: (seed: Seeded) => Record<string, string>;
  /** Query parameters, appended to the path (`?q=maya`). */
  query?: Record<string, string>;
  body?: unknown;
  /** An `authorization` value sent as it is (a token that is not one). */
  rawToken?: string;
  /** A raw body instead of JSON. */
  rawBody?: string;
  /** A multipart/form-data body (an upload): a Uint8Array is sent as a file. */
  form?: Record<string, string | Uint8Array>;
  /** Brings the database where the call needs it, after the reset that precedes every call. */
  before?: (seed: Seeded) => Promise<unknown>;
}

interface EndpointCalls {
  /** The call that succeeds: its example is shown, its answer described. */
  ok: Call;
  /** Calls the API refuses. */
  refused: Call[];
}

const UNKNOWN = 'no-such-id';

const bookmarkFirst = (seed: Seeded) =>
  send('POST', `/users/bookmark/${seed.bookmarkable._id}`, { as: 'guest' });

/** Someone else likes one of the guest's posts: the guest has a notification. */
const likeGuestsPost = (seed: Seeded) =>
  send('POST', `/post/${seed.guestPost._id}/like`, { as: 'maya' });

/** The seed carries no hashtag: the guest posts one. */
const tagFirst = () =>
  send('POST', '/post', { as: 'guest', body: { postData: { content: 'Writing the #docs' } } });

/** A real 4 × 3 PNG, as an upload sends it. */
const PICTURE = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWMwXlUORww4OQAzzg/xUTK2PQAAAABJRU5ErkJggg==',
  ),
  (char) => char.charCodeAt(0),
);

/** The name of the file `uploadFirst` uploaded. */
let uploadedName = '';
const uploadFirst = async () => {
  const { body } = await send('POST', '/media', { as: 'guest', form: { file: PICTURE } });
  uploadedName = (body as MediaResponse).media.url.split('/').at(-1) ?? '';
};

/** A bookmark's calls: the spec's endpoints and the app's take the same ones. */
const BOOKMARK_WRITES = {
  add: {
    ok: { when: 'a post', as: 'guest', params: (seed) => ({ postId: seed.bookmarkable._id }) },
    refused: [
      {
        when: 'a post already bookmarked',
        as: 'guest',
        before: bookmarkFirst,
        params: (seed) => ({ postId: seed.bookmarkable._id }),
      },
      { when: 'a post that is not there', as: 'guest', params: () => ({ postId: UNKNOWN }) },
    ],
  },
  remove: {
    ok: {
      when: 'a bookmarked post',
      as: 'guest',
      before: bookmarkFirst,
      params: (seed) => ({ postId: seed.bookmarkable._id }),
    },
    refused: [
      {
        when: 'a post not bookmarked',
        as: 'guest',
        params: (seed) => ({ postId: seed.bookmarkable._id }),
      },
    ],
  },
} satisfies Record<string, EndpointCalls>;

/**
 * A comment's edit, deletion and votes: the spec's endpoints and the app's (which answer the post
 * instead of its comments) take the same calls.
 */
const COMMENT_WRITES = {
  edit: {
    ok: {
      when: 'own comment',
      as: 'guest',
      params: (seed) => seed.guestComment,
      body: { commentData: 'Edited in the docs' },
    },
    refused: [
      {
        when: "someone else's comment",
        as: 'guest',
        params: (seed) => seed.othersComment,
        body: { commentData: 'Mine now' },
      },
      {
        when: 'a comment that is not there',
        as: 'guest',
        params: (seed) => ({ postId: seed.guestComment.postId, commentId: UNKNOWN }),
        body: { commentData: 'Hello' },
      },
    ],
  },
  remove: {
    ok: { when: 'own comment', as: 'guest', params: (seed) => seed.guestComment },
    refused: [
      {
        when: "someone else's comment on someone else's post",
        as: 'guest',
        params: (seed) => seed.othersComment,
      },
    ],
  },
  upvote: {
    ok: { when: 'a comment', as: 'guest', params: (seed) => seed.othersComment },
    refused: [
      { when: 'a comment already upvoted', as: 'guest', params: (seed) => seed.upvotedComment },
    ],
  },
  downvote: {
    ok: { when: 'a comment', as: 'guest', params: (seed) => seed.upvotedComment },
    refused: [
      {
        when: 'a comment that is not there',
        as: 'guest',
        params: (seed) => ({ postId: seed.upvotedComment.postId, commentId: UNKNOWN }),
      },
    ],
  },
  unvote: {
    ok: {
      when: 'a comment the caller voted on',
      as: 'guest',
      params: (seed) => seed.upvotedComment,
    },
    refused: [
      {
        when: 'a comment the caller has no vote on',
        as: 'guest',
        params: (seed) => seed.upvotedComment,
        before: (seed) =>
          send(
            'POST',
            `/comments/unvote/${seed.upvotedComment.postId}/${seed.upvotedComment.commentId}`,
            { as: 'guest' },
          ),
      },
      {
        when: 'a comment that is not there',
        as: 'guest',
        params: (seed) => ({ postId: seed.upvotedComment.postId, commentId: UNKNOWN }),
      },
    ],
  },
} satisfies Record<string, EndpointCalls>;

const CALLS: Record<Endpoint, EndpointCalls> = {
  'POST /auth/signup': {
    ok: {
      when: 'a new account',
      body: { firstName: 'Ada', lastName: 'Lovelace', username: 'ada_l', password: 'engine1843' },
    },
    refused: [
      {
        when: 'the username is taken',
        body: { firstName: 'Ada', lastName: 'Lovelace', username: 'guest', password: 'engine1843' },
      },
      {
        when: 'a field is missing',
        body: { firstName: 'Ada', username: 'ada_l', password: 'engine1843' },
      },
      {
        when: 'the username has other characters',
        body: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          username: 'ada l!',
          password: 'engine1843',
        },
      },
      {
        when: 'the password is too short',
        body: { firstName: 'Ada', lastName: 'Lovelace', username: 'ada_l', password: '123' },
      },
    ],
  },
  'POST /auth/login': {
    ok: { when: 'the guest', body: { username: 'guest', password: 'guest1234' } },
    refused: [
      { when: 'an unknown username', body: { username: 'nobody_here', password: 'guest1234' } },
      { when: 'a wrong password', body: { username: 'guest', password: 'not-the-one' } },
      { when: 'the password is missing', body: { username: 'guest' } },
    ],
  },
  'POST /auth/logout': {
    ok: { when: 'a session of Noah ends', asNew: 'noah' },
    refused: [],
  },
  'POST /auth/password': {
    ok: {
      when: 'Noah changes his password',
      asNew: 'noah',
      body: { currentPassword: SEED_PASSWORD, newPassword: 'a new secret' },
    },
    refused: [
      {
        when: 'the current password is wrong',
        asNew: 'noah',
        body: { currentPassword: 'not-the-one', newPassword: 'a new secret' },
      },
      {
        when: 'the new password is too short',
        asNew: 'noah',
        body: { currentPassword: SEED_PASSWORD, newPassword: '123' },
      },
    ],
  },
  'GET /posts': { ok: { when: 'every post' }, refused: [] },
  'GET /posts/:postId': {
    ok: { when: 'one post', params: (seed) => ({ postId: seed.guestPost._id }) },
    refused: [{ when: 'a post that is not there', params: () => ({ postId: UNKNOWN }) }],
  },
  'GET /posts/user/:username': {
    ok: { when: "the guest's posts", params: () => ({ username: 'guest' }) },
    refused: [{ when: 'an unknown username', params: () => ({ username: 'nobody_here' }) }],
  },
  'POST /posts': {
    ok: { when: 'a new post', as: 'guest', body: { postData: { content: 'Hello from the docs' } } },
    refused: [
      { when: 'the text is blank', as: 'guest', body: { postData: { content: '   ' } } },
      {
        when: 'the text is too long',
        as: 'guest',
        body: { postData: { content: 'x'.repeat(501) } },
      },
      { when: 'postData is missing', as: 'guest', body: {} },
      {
        when: 'the image is not an image',
        as: 'guest',
        body: { postData: { content: 'Look', imgContent: 'data:text/plain;base64,aGk=' } },
      },
      {
        when: "the image's alt text is too long",
        as: 'guest',
        body: {
          postData: {
            content: 'Look',
            imgContent: 'data:image/png;base64,iVBORw0KGgo=',
            imgAlt: 'x'.repeat(1001),
          },
        },
      },
    ],
  },
  'POST /posts/edit/:postId': {
    ok: {
      when: 'own post',
      as: 'guest',
      params: (seed) => ({ postId: seed.guestPost._id }),
      body: { postData: { content: 'Edited in the docs' } },
    },
    refused: [
      {
        when: "someone else's post",
        as: 'guest',
        params: (seed) => ({ postId: seed.othersPost._id }),
        body: { postData: { content: 'Mine now' } },
      },
      {
        when: 'a post that is not there',
        as: 'guest',
        params: () => ({ postId: UNKNOWN }),
        body: { postData: { content: 'Hello' } },
      },
    ],
  },
  'DELETE /posts/:postId': {
    ok: { when: 'own post', as: 'guest', params: (seed) => ({ postId: seed.guestPost._id }) },
    refused: [
      {
        when: "someone else's post",
        as: 'guest',
        params: (seed) => ({ postId: seed.othersPost._id }),
      },
      { when: 'a post that is not there', as: 'guest', params: () => ({ postId: UNKNOWN }) },
    ],
  },
  'POST /posts/like/:postId': {
    ok: {
      when: 'a post not liked yet',
      as: 'guest',
      params: (seed) => ({ postId: seed.unlikedPost._id }),
    },
    refused: [
      {
        when: 'a post already liked',
        as: 'guest',
        params: (seed) => ({ postId: seed.likedPost._id }),
      },
      { when: 'a post that is not there', as: 'guest', params: () => ({ postId: UNKNOWN }) },
    ],
  },
  'POST /posts/dislike/:postId': {
    ok: { when: 'a liked post', as: 'guest', params: (seed) => ({ postId: seed.likedPost._id }) },
    refused: [
      {
        when: 'a post already disliked',
        as: 'guest',
        before: (seed) => send('POST', `/posts/dislike/${seed.likedPost._id}`, { as: 'guest' }),
        params: (seed) => ({ postId: seed.likedPost._id }),
      },
      { when: 'a post that is not there', as: 'guest', params: () => ({ postId: UNKNOWN }) },
    ],
  },
  'GET /comments/:postId': {
    ok: { when: "a post's comments", params: (seed) => ({ postId: seed.guestComment.postId }) },
    refused: [{ when: 'a post that is not there', params: () => ({ postId: UNKNOWN }) }],
  },
  'POST /comments/add/:postId': {
    ok: {
      when: 'a new comment',
      as: 'guest',
      params: (seed) => ({ postId: seed.othersPost._id }),
      body: { commentData: 'Nice one' },
    },
    refused: [
      {
        when: 'the text is blank',
        as: 'guest',
        params: (seed) => ({ postId: seed.othersPost._id }),
        body: { commentData: ' ' },
      },
      {
        when: 'the text is too long',
        as: 'guest',
        params: (seed) => ({ postId: seed.othersPost._id }),
        body: { commentData: 'x'.repeat(301) },
      },
      {
        when: 'a post that is not there',
        as: 'guest',
        params: () => ({ postId: UNKNOWN }),
        body: { commentData: 'Nice one' },
      },
    ],
  },
  'POST /comments/edit/:postId/:commentId': COMMENT_WRITES.edit,
  'POST /comments/delete/:postId/:commentId': COMMENT_WRITES.remove,
  'POST /comments/upvote/:postId/:commentId': COMMENT_WRITES.upvote,
  'POST /comments/downvote/:postId/:commentId': COMMENT_WRITES.downvote,
  'POST /comments/unvote/:postId/:commentId': COMMENT_WRITES.unvote,
  'GET /users': { ok: { when: 'every user' }, refused: [] },
  'GET /users/:userId': {
    ok: { when: 'one user', params: (seed) => ({ userId: seed.guest._id }) },
    refused: [{ when: 'a user who is not there', params: () => ({ userId: UNKNOWN }) }],
  },
  'POST /users/edit': {
    ok: { when: 'a new bio', as: 'guest', body: { userData: { bio: 'Writing the docs.' } } },
    refused: [
      {
        when: 'a website that is not http(s)',
        as: 'guest',
        body: { userData: { link: 'javascript:alert(1)' } },
      },
      { when: 'the bio is too long', as: 'guest', body: { userData: { bio: 'x'.repeat(161) } } },
    ],
  },
  'GET /users/bookmark': {
    ok: { when: "the guest's bookmarks", as: 'guest', before: bookmarkFirst },
    refused: [],
  },
  'POST /users/bookmark/:postId': BOOKMARK_WRITES.add,
  'POST /users/remove-bookmark/:postId': BOOKMARK_WRITES.remove,
  'POST /users/follow/:followUserId': {
    ok: {
      when: 'someone new',
      as: 'guest',
      params: (seed) => ({ followUserId: seed.notFollowed._id }),
    },
    refused: [
      {
        when: 'someone already followed',
        as: 'guest',
        params: (seed) => ({ followUserId: seed.followed._id }),
      },
      { when: 'oneself', as: 'guest', params: (seed) => ({ followUserId: seed.guest._id }) },
      { when: 'a user who is not there', as: 'guest', params: () => ({ followUserId: UNKNOWN }) },
    ],
  },
  'POST /users/unfollow/:followUserId': {
    ok: {
      when: 'someone followed',
      as: 'guest',
      params: (seed) => ({ followUserId: seed.followed._id }),
    },
    refused: [
      {
        when: 'someone not followed',
        as: 'guest',
        params: (seed) => ({ followUserId: seed.notFollowed._id }),
      },
    ],
  },
  'GET /search': {
    ok: { when: 'people and posts matching a word', query: { q: 'maya' } },
    refused: [
      { when: 'the query is blank', query: { q: '   ' } },
      { when: 'the query is missing' },
      { when: 'the query is too long', query: { q: 'x'.repeat(101) } },
    ],
  },
  'GET /feed/home': {
    ok: { when: 'the first page', as: 'guest', query: { limit: '2' } },
    refused: [
      { when: 'a limit over 40', as: 'guest', query: { limit: '41' } },
      { when: 'a cursor this server did not give', as: 'guest', query: { cursor: 'nonsense' } },
    ],
  },
  'GET /feed/latest': {
    ok: { when: 'the first page', query: { limit: '2' } },
    refused: [{ when: 'a limit of 0', query: { limit: '0' } }],
  },
  'GET /feed/trending': {
    ok: { when: 'the first page', query: { limit: '2' } },
    refused: [{ when: 'a limit that is not a number', query: { limit: 'ten' } }],
  },
  'GET /feed/user/:username': {
    ok: { when: "a person's first page", params: () => ({ username: 'guest' }) },
    refused: [{ when: 'a person who is not there', params: () => ({ username: UNKNOWN }) }],
  },
  'GET /feed/bookmarks': {
    ok: { when: 'the first page', as: 'guest', before: bookmarkFirst },
    refused: [],
  },
  'GET /feed/hashtag/:tag': {
    ok: { when: 'posts carrying a hashtag', params: () => ({ tag: 'docs' }), before: tagFirst },
    refused: [],
  },
  'GET /feed/search': {
    ok: { when: 'posts matching a word', query: { q: 'the', limit: '2' } },
    refused: [
      { when: 'the query is missing' },
      { when: 'a cursor of another kind of list', query: { q: 'the', cursor: 'eyJzZXEiOjF9' } },
    ],
  },
  'GET /people/:userId/followers': {
    ok: { when: "a person's followers", params: (seed) => ({ userId: seed.followed._id }) },
    refused: [{ when: 'a user who is not there', params: () => ({ userId: UNKNOWN }) }],
  },
  'GET /people/:userId/following': {
    ok: { when: 'whom a person follows', params: (seed) => ({ userId: seed.guest._id }) },
    refused: [{ when: 'a user who is not there', params: () => ({ userId: UNKNOWN }) }],
  },
  'GET /person/:username': {
    ok: { when: 'a person', params: (seed) => ({ username: seed.followed.username }) },
    refused: [{ when: 'a username no one has', params: () => ({ username: 'nobody_here' }) }],
  },
  'GET /people/suggested': {
    ok: { when: 'the first page', as: 'guest', query: { limit: '2' } },
    refused: [{ when: 'a limit of 0', as: 'guest', query: { limit: '0' } }],
  },
  'POST /people/:userId/follow': {
    ok: { when: 'someone new', as: 'guest', params: (seed) => ({ userId: seed.notFollowed._id }) },
    refused: [
      {
        when: 'someone already followed',
        as: 'guest',
        params: (seed) => ({ userId: seed.followed._id }),
      },
      { when: 'oneself', as: 'guest', params: (seed) => ({ userId: seed.guest._id }) },
      { when: 'a user who is not there', as: 'guest', params: () => ({ userId: UNKNOWN }) },
    ],
  },
  'DELETE /people/:userId/follow': {
    ok: {
      when: 'someone followed',
      as: 'guest',
      params: (seed) => ({ userId: seed.followed._id }),
    },
    refused: [
      {
        when: 'someone not followed',
        as: 'guest',
        params: (seed) => ({ userId: seed.notFollowed._id }),
      },
    ],
  },
  'GET /notifications': {
    ok: { when: "someone liked the guest's post", as: 'guest', before: likeGuestsPost },
    refused: [
      { when: 'no token' },
      { when: 'a cursor this server did not give', as: 'guest', query: { cursor: 'nonsense' } },
    ],
  },
  'GET /notifications/unread': {
    ok: { when: "someone liked the guest's post", as: 'guest', before: likeGuestsPost },
    refused: [{ when: 'no token' }],
  },
  'POST /notifications/read': {
    ok: {
      when: 'read up to the newest',
      as: 'guest',
      before: likeGuestsPost,
      body: { upTo: Number.MAX_SAFE_INTEGER },
    },
    refused: [{ when: 'a mark that is not a number', as: 'guest', body: { upTo: 'now' } }],
  },
  'GET /stream': {
    ok: { when: 'a signed-in person', as: 'guest' },
    refused: [{ when: 'no token' }],
  },
  'GET /post/:postId': {
    ok: { when: 'one post', params: (seed) => ({ postId: seed.likedPost._id }) },
    refused: [{ when: 'a post that is not there', params: () => ({ postId: UNKNOWN }) }],
  },
  'POST /post': {
    ok: { when: 'some text', as: 'guest', body: { postData: { content: 'Hello from the docs' } } },
    refused: [{ when: 'no text', as: 'guest', body: { postData: { content: '' } } }],
  },
  'POST /post/:postId': {
    ok: {
      when: 'own post',
      as: 'guest',
      params: (seed) => ({ postId: seed.guestPost._id }),
      body: { postData: { content: 'Edited in the docs' } },
    },
    refused: [
      {
        when: "someone else's post",
        as: 'guest',
        params: (seed) => ({ postId: seed.othersPost._id }),
        body: { postData: { content: 'Not mine' } },
      },
    ],
  },
  'DELETE /post/:postId': {
    ok: { when: 'own post', as: 'guest', params: (seed) => ({ postId: seed.guestPost._id }) },
    refused: [
      {
        when: "someone else's post",
        as: 'guest',
        params: (seed) => ({ postId: seed.othersPost._id }),
      },
    ],
  },
  'POST /post/:postId/like': {
    ok: { when: 'a post', as: 'guest', params: (seed) => ({ postId: seed.unlikedPost._id }) },
    refused: [
      {
        when: 'a post already liked',
        as: 'guest',
        params: (seed) => ({ postId: seed.likedPost._id }),
      },
    ],
  },
  'POST /post/:postId/bookmark': BOOKMARK_WRITES.add,
  'DELETE /post/:postId/bookmark': BOOKMARK_WRITES.remove,
  'POST /post/:postId/dislike': {
    ok: { when: 'a liked post', as: 'guest', params: (seed) => ({ postId: seed.likedPost._id }) },
    refused: [
      { when: 'a post that is not there', as: 'guest', params: () => ({ postId: UNKNOWN }) },
    ],
  },
  'POST /post/:postId/comments': {
    ok: {
      when: 'a post',
      as: 'guest',
      params: (seed) => ({ postId: seed.othersPost._id }),
      body: { commentData: 'Well said.' },
    },
    refused: [
      {
        when: 'an empty comment',
        as: 'guest',
        params: (seed) => ({ postId: seed.othersPost._id }),
        body: { commentData: '' },
      },
    ],
  },
  'POST /post/:postId/comments/:commentId': COMMENT_WRITES.edit,
  'DELETE /post/:postId/comments/:commentId': COMMENT_WRITES.remove,
  'POST /post/:postId/comments/:commentId/upvote': COMMENT_WRITES.upvote,
  'POST /post/:postId/comments/:commentId/downvote': COMMENT_WRITES.downvote,
  'POST /post/:postId/comments/:commentId/unvote': COMMENT_WRITES.unvote,
  'GET /demo': { ok: { when: 'what the mock offers' }, refused: [] },
  'POST /demo/reset': { ok: { when: 'back to the seed', as: 'guest' }, refused: [] },
  'POST /media': {
    ok: {
      when: 'a picture and its description',
      as: 'guest',
      form: { file: PICTURE, alt: 'A small green square' },
    },
    refused: [
      {
        when: 'a file that is not a picture',
        as: 'guest',
        form: { file: new TextEncoder().encode('just some words') },
      },
      {
        when: 'an SVG (it can carry script)',
        as: 'guest',
        form: {
          file: new TextEncoder().encode(
            '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
          ),
        },
      },
      { when: 'no file', as: 'guest', form: { alt: 'Nothing' } },
      { when: 'a JSON body instead of a form', as: 'guest', body: { file: 'picture.png' } },
    ],
  },
  'GET /media/:name': {
    ok: {
      when: 'a file of an uploaded picture',
      before: uploadFirst,
      params: () => ({ name: uploadedName }),
    },
    refused: [
      { when: 'a name no picture has', params: () => ({ name: `${'A'.repeat(32)}.webp` }) },
    ],
  },
  'GET /openapi.json': { ok: { when: 'the whole document' }, refused: [] },
};

interface Answer {
  status: number;
  body: unknown;
  allow: string | null;
  link: string | null;
}

async function send(
  method: string,
  path: string,
  call: Omit<Call, 'when' | 'params'>,
): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (call.as) headers.authorization = api.tokens[call.as];
  if (call.rawToken !== undefined) headers.authorization = call.rawToken;
  if (call.asNew) {
    const password = call.asNew === 'guest' ? GUEST_CREDENTIALS.password : SEED_PASSWORD;
    const { encodedToken } = await api.client.login({ username: USERNAMES[call.asNew], password });
    headers.authorization = encodedToken;
  }
  let body: string | FormData | undefined;
  if (call.rawBody !== undefined) body = call.rawBody;
  else if (call.body !== undefined) body = JSON.stringify(call.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (call.form !== undefined) {
    const form = new FormData();
    for (const [name, value] of Object.entries(call.form)) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new Blob([new Uint8Array(value)]), 'picture');
    }
    body = form;
  }
  const search = call.query === undefined ? '' : `?${new URLSearchParams(call.query).toString()}`;
  const response = await fetch(`${api.baseUrl}${path}${search}`, { method, headers, body });
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('text/event-stream') && response.body !== null) {
    // A stream stays open: its opening is shown, then it is let go.
    const reader = response.body.getReader();
    const first = await reader.read();
    await reader.cancel();
    const opening = new TextDecoder().decode(first.value);
    return { status: response.status, body: { stream: type, opening }, allow: null, link: null };
  }
  return {
    status: response.status,
    // A file is shown by its type and size, not its bytes.
    body: type.startsWith('application/json')
      ? await response.json()
      : { file: type, bytes: (await response.arrayBuffer()).byteLength },
    allow: response.headers.get('allow'),
    link: response.headers.get('link'),
  };
}

async function seeded(): Promise<Seeded> {
  const posts = ((await send('GET', '/posts', {})).body as { posts: Post[] }).posts;
  const users = ((await send('GET', '/users', {})).body as { users: User[] }).users;
  const bookmarks = (
    (await send('GET', '/users/bookmark', { as: 'guest' })).body as { bookmarks: Post[] }
  ).bookmarks.map((post) => post._id);
  const byGuest = (post: Post) => post.username === 'guest';
  const likedByGuest = (post: Post) => post.likes.likedBy.some((user) => user.username === 'guest');
  const find = <T>(items: T[], test: (item: T) => boolean, what: string): T => {
    const found = items.find(test);
    if (found === undefined) throw new Error(`The seed has no ${what}`);
    return found;
  };
  const commentWhere = (
    test: (post: Post, comment: Post['comments'][number]) => boolean,
    what: string,
  ) => {
    for (const post of posts) {
      for (const comment of post.comments) {
        if (test(post, comment)) return { postId: post._id, commentId: comment._id };
      }
    }
    throw new Error(`The seed has no ${what}`);
  };
  const guest = find(users, (user) => user.username === 'guest', 'guest');
  const followedIds = guest.following.map((user) => user._id);
  return {
    guestPost: find(posts, byGuest, 'post by the guest'),
    othersPost: find(
      posts,
      (post) => !byGuest(post) && !likedByGuest(post),
      "other's unliked post",
    ),
    likedPost: find(posts, (post) => !byGuest(post) && likedByGuest(post), 'post the guest liked'),
    unlikedPost: find(
      posts,
      (post) => !byGuest(post) && !likedByGuest(post),
      'post the guest did not like',
    ),
    bookmarkable: find(posts, (post) => !bookmarks.includes(post._id), 'post not bookmarked'),
    guestComment: commentWhere((_post, comment) => comment.username === 'guest', "guest's comment"),
    othersComment: commentWhere(
      (post, comment) =>
        !byGuest(post) &&
        comment.username !== 'guest' &&
        !comment.votes?.upvotedBy.some((user) => user.username === 'guest'),
      "other's comment on other's post",
    ),
    upvotedComment: commentWhere(
      (_post, comment) =>
        comment.votes?.upvotedBy.some((user) => user.username === 'guest') ?? false,
      'comment the guest upvoted',
    ),
    guest,
    followed: find(users, (user) => followedIds.includes(user._id), 'user the guest follows'),
    notFollowed: find(
      users,
      (user) => user._id !== guest._id && !followedIds.includes(user._id),
      'user the guest does not follow',
    ),
  };
}

/** What an entity is, from its fields. */
function entity(value: object): string {
  if ('commentData' in value) return 'Comment';
  if ('content' in value && 'likes' in value) return 'Post';
  if ('username' in value && 'followers' in value) return 'User';
  if ('username' in value && 'profile' in value) return 'UserSummary';
  return 'object';
}

/** A body's shape in one line: `{ posts: Post[], encodedToken: string }`. */
function shape(body: unknown): string {
  if (typeof body !== 'object' || body === null) return typeof body;
  const fields = Object.entries(body as Record<string, unknown>).map(([key, value]) => {
    if (Array.isArray(value)) {
      const first: unknown = value[0];
      if (first === undefined) return `${key}: []`;
      return `${key}: ${typeof first === 'object' && first !== null ? entity(first) : typeof first}[]`;
    }
    if (value === null) return `${key}: null`;
    if (typeof value === 'object') return `${key}: ${entity(value)}`;
    return `${key}: ${typeof value}`;
  });
  return `{ ${fields.join(', ')} }`;
}

const message = (body: unknown) => {
  if (typeof body !== 'object' || body === null) return String(body);
  if ('errors' in body && Array.isArray(body.errors)) return body.errors.join(' ');
  if ('error' in body) return String(body.error);
  return JSON.stringify(body);
};

/** How an endpoint without a named client function is called: through the table, by name. */
function genericCall(key: string): ClientFunction {
  const entry = Object.entries(ENDPOINTS).find(
    ([name]) => endpointKey(name as EndpointName) === key,
  );
  if (entry === undefined) throw new Error(`Not in the endpoint table: ${key}`);
  const [name, spec] = entry;
  const params = [...spec.path.matchAll(/:(\w+)/g)].map(([, param]) => param);
  const options = [
    ...(params.length > 0 ? [`params: { ${params.join(', ')} }`] : []),
    ...('query' in spec ? [`query: { ${Object.keys(spec.query).join(', ')} }`] : []),
    ...('body' in spec ? ['body'] : []),
    ...(spec.auth ? ['token'] : []),
  ];
  const answer = Object.entries(A).find(([, schema]) => schema === spec.answer)?.[0] ?? 'unknown';
  return {
    name: 'call',
    endpoint: key,
    params: [`'${name}'`, ...(options.length > 0 ? [`{ ${options.join(', ')} }`] : [])].join(', '),
    request: 'body' in spec ? 'the body its schema describes (OpenAPI document)' : null,
    response: answer,
  };
}

const fill = (path: string, params: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${path}`);
    return encodeURIComponent(value);
  });

describe('the mock API reference', () => {
  it('matches the contract and what the mock answers (stories/docs/mock-api.reference.json)', async () => {
    const client = readClient();
    const types = readTypes();
    const endpoints = [];
    for (const endpoint of ENDPOINT_KEYS) {
      const [method, path] = endpoint.split(' ') as [string, string];
      const calls = CALLS[endpoint];
      // A named function of the client when it has one; any endpoint is `call('name', …)`.
      const fn = client.find((each) => each.endpoint === endpoint) ?? genericCall(endpoint);

      await api.db.reset();
      const seed = await seeded();
      await calls.ok.before?.(seed);
      const ok = await send(method, fill(path, calls.ok.params?.(seed) ?? {}), calls.ok);
      expect(ok.status, `${endpoint} succeeds for ${calls.ok.when}`).toBeLessThan(300);

      // A token is needed when the same call without one is refused with 401.
      await api.db.reset();
      await calls.ok.before?.(seed);
      const withoutToken = await send(method, fill(path, calls.ok.params?.(seed) ?? {}), {
        ...calls.ok,
        as: undefined,
        asNew: undefined,
      });
      const needed = withoutToken.status === 401;
      if ((calls.ok.as ?? calls.ok.asNew) !== undefined) {
        expect(needed, `${endpoint} without a token`).toBe(true);
      }
      // An optional token: the call works without one, and refuses one that is not valid.
      const spec = Object.entries(ENDPOINTS).find(
        ([name]) => endpointKey(name as EndpointName) === endpoint,
      )?.[1];
      let token: boolean | 'optional' = needed;
      if (spec?.auth === 'optional') {
        await api.db.reset();
        const bad = await send(method, fill(path, calls.ok.params?.(seed) ?? {}), {
          ...calls.ok,
          as: undefined,
          asNew: undefined,
          rawToken: 'not-a-token',
        });
        expect(needed, `${endpoint} without a token`).toBe(false);
        expect(bad.status, `${endpoint} with a bad token`).toBe(401);
        token = 'optional';
      }

      const refused = [];
      for (const call of calls.refused) {
        await api.db.reset();
        await call.before?.(seed);
        const answer = await send(method, fill(path, call.params?.(seed) ?? {}), call);
        expect(answer.status, `${endpoint} refuses ${call.when}`).toBeGreaterThanOrEqual(400);
        refused.push({ when: call.when, status: answer.status, message: message(answer.body) });
      }
      endpoints.push({
        endpoint,
        method,
        path: `/api${path}`,
        ...(calls.ok.query === undefined
          ? {}
          : { query: `?${new URLSearchParams(calls.ok.query).toString()}` }),
        token,
        client: {
          name: fn.name,
          params: fn.params,
          request: fn.request,
          response: fn.response,
        },
        example:
          calls.ok.form !== undefined
            ? formExample(calls.ok.form)
            : calls.ok.body === undefined
              ? null
              : calls.ok.body,
        answer: {
          status: ok.status,
          shape: shape(ok.body),
          // The next page's address varies with the host: shown without it.
          ...(ok.link === null ? {} : { link: ok.link.replace(/<[^>]*>/, '<…&cursor=…>') }),
        },
        refused,
      });
    }

    // What every endpoint shares: the token check, malformed JSON, and the answers for paths
    // and methods no endpoint takes.
    await api.db.reset();
    const general = [
      {
        when: 'a call that needs a token, without one or with a bad one',
        ...pick(await send('POST', '/posts', { body: { postData: { content: 'Hi' } } })),
      },
      {
        when: 'a body that is not JSON',
        ...pick(await send('POST', '/posts', { as: 'guest', rawBody: '{"postData":' })),
      },
      { when: 'a path no endpoint serves', ...pick(await send('GET', '/no-such-thing', {})) },
      { when: 'a known path with another method', ...pick(await send('PUT', '/posts', {})) },
    ];

    const reference = { general, endpoints, types };
    await expect(`${JSON.stringify(reference, null, 2)}\n`).toMatchFileSnapshot(
      '../../../stories/docs/mock-api.reference.json',
    );
    // It reads the client and the types and calls every endpoint of the mock: about 2 s alone,
    // past the default 5 s once on the 2-core CI machine while lint and type-check ran beside it.
  }, 30_000);
});

function pick(answer: Answer) {
  return {
    status: answer.status,
    body: answer.body,
    ...(answer.allow === null ? {} : { allow: answer.allow }),
  };
}

/** A form as the reference shows it: a file by its size. */
function formExample(form: Record<string, string | Uint8Array>) {
  return Object.fromEntries(
    Object.entries(form).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : `(a picture file, ${value.byteLength} bytes)`,
    ]),
  );
}
