/**
 * The service's one rule for which @mentions link (src/service/mentions.ts): one store read per
 * answer, none when nothing is mentioned; and the browser store's `users.existing` it reads.
 */
import { describe, expect, it } from 'vitest';
import type { Comment, Post } from '../../../src/api/types';
import { createDatabase } from '../../../src/mocks/db/database';
import { createMemoryStore } from '../../../src/mocks/db/memoryStore';
import { postsWithMentions, type UsernameReads } from '../../../src/service/mentions';

const STAMP = '2026-01-01T00:00:00+00:00';
const person = { firstName: 'A', lastName: 'B', username: 'someone', profile: '' };

const commentSaying = (commentData: string): Comment => ({
  _id: `comment-${commentData}`,
  commentData,
  ...person,
  createdAt: STAMP,
  updatedAt: STAMP,
});

const postSaying = (content: string, comments: string[] = []): Post => ({
  _id: `post-${content}`,
  content,
  ...person,
  createdAt: STAMP,
  updatedAt: STAMP,
  likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
  comments: comments.map(commentSaying),
});

/** Reads where these usernames exist, counting what is asked. */
function readsKnowing(known: readonly string[]) {
  const asked: string[][] = [];
  const reads: UsernameReads = {
    users: {
      existing: (usernames) => {
        asked.push([...usernames]);
        return Promise.resolve(new Set(usernames.filter((name) => known.includes(name))));
      },
    },
  };
  return { reads, asked };
}

describe('postsWithMentions', () => {
  it('asks once for every post of an answer, each name once, and keeps what exists, sorted', async () => {
    const { reads, asked } = readsKnowing(['zoe', 'ada', 'bob']);
    const posts = [
      postSaying('Hi @zoe and @ada and @zoe', ['@nobody', '@bob, @Ada']),
      postSaying('Nothing here'),
      postSaying('@ada again'),
    ];
    const answered = await postsWithMentions(reads, posts);
    expect(answered.map((post) => post.mentions)).toEqual([
      ['ada', 'bob', 'zoe'],
      undefined,
      ['ada'],
    ]);
    expect(answered[1]).toBe(posts[1]);
    expect(asked).toHaveLength(1);
    expect([...(asked[0] ?? [])].sort()).toEqual(['Ada', 'ada', 'bob', 'nobody', 'zoe']);
  });

  it('reads nothing when no text mentions anyone', async () => {
    const { reads, asked } = readsKnowing(['ada']);
    const posts = [postSaying('a@b.c, #ada and mail@ada.org', ['no one'])];
    expect(await postsWithMentions(reads, posts)).toEqual(posts);
    expect(asked).toEqual([]);
  });
});

describe("the memory store's users.existing", () => {
  it('keeps the usernames someone has, exactly, in a read and in a write', async () => {
    const store = createMemoryStore(createDatabase());
    const names = ['maya_okafor', 'MAYA_OKAFOR', 'nobody_here', 'guest'];
    const read = await store.read((reads) => reads.users.existing(names));
    expect([...read].sort()).toEqual(['guest', 'maya_okafor']);
    const written = await store.write((writes) => writes.users.existing(names));
    expect([...written].sort()).toEqual(['guest', 'maya_okafor']);
  });
});
