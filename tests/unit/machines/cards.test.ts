/** A card's record in the client's store: the spec's whole posts made cards, threads kept. */
import { describe, expect, it } from 'vitest';
import { cardOf } from '../../../src/api/cards';
import { mergeSome, withThread } from '../../../src/machines/postRecords';
import { alice, bob, makeComment, makePost, makeWholePost, me, summary } from './fixtures';

const c1 = makeComment('c1', summary(alice), 'First');
const c2 = makeComment('c2', summary(bob), 'Second');
const c3 = makeComment('c3', summary(me), 'Third');

describe('cardOf: a whole post as the viewer sees it on a card', () => {
  const whole = makeWholePost('p', summary(alice), {
    likes: { likeCount: 1, likedBy: [summary(me)], dislikedBy: [summary(bob)] },
    comments: [c1, c2],
  });

  it('says what the viewer did, not who else did, and counts the comments', () => {
    expect(cardOf(whole, me.username).likes).toEqual({
      likeCount: 1,
      likedByMe: true,
      dislikedByMe: false,
    });
    expect(cardOf(whole, bob.username).likes).toEqual({
      likeCount: 1,
      likedByMe: false,
      dislikedByMe: true,
    });
    expect(cardOf(whole, null).likes).toEqual({
      likeCount: 1,
      likedByMe: false,
      dislikedByMe: false,
    });
    expect(cardOf(whole, null).commentCount).toBe(2);
  });

  it('leaves a card as it is', () => {
    const card = makePost('p', summary(alice));
    expect(cardOf(card, me.username)).toBe(card);
  });
});

describe("withThread: a feed's latest comment does not cut the thread the post page read", () => {
  const thread = makePost('p', summary(alice), { comments: [c1, c2] });

  it('appends a new latest comment to a whole thread', () => {
    const answer = makePost('p', summary(alice), { commentCount: 3, comments: [c3] });
    expect(withThread(thread, answer).comments).toEqual([c1, c2, c3]);
  });

  it('replaces the latest comment when it changed, and keeps the rest', () => {
    const voted = { ...c2, votes: { upvotedBy: [summary(me)], downvotedBy: [] } };
    const answer = makePost('p', summary(alice), { commentCount: 2, comments: [voted] });
    expect(withThread(thread, answer).comments).toEqual([c1, voted]);
  });

  it("takes the answer's comments when the counts say the thread is no longer whole", () => {
    const answer = makePost('p', summary(alice), { commentCount: 5, comments: [c3] });
    expect(withThread(thread, answer).comments).toEqual([c3]);
    const partial = makePost('p', summary(alice), { commentCount: 3, comments: [c2] });
    expect(withThread(partial, answer).comments).toEqual([c3]);
  });

  it('keeps the held record itself when a page brings the same post again', () => {
    const held = { p: thread };
    const again = makePost('p', summary(alice), { commentCount: 2, comments: [c2] });
    expect(mergeSome(held, [again])).toBe(held);
  });
});
