/**
 * The live machine: a stream while signed in, its events emitted as they come, `down` while it
 * tries again, and a refused token the end of the session.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { LiveEvent } from '../../../src/api/types';
import {
  liveMachine,
  selectLiveDown,
  type LiveStreamInput,
  type StreamEvent,
} from '../../../src/machines';
import { recordEmitted, signedIn, signedOut, TOKEN } from './fixtures';

function start() {
  const opened: LiveStreamInput[] = [];
  let closed = 0;
  let tell: ((event: StreamEvent) => void) | undefined;
  const liveStream = fromCallback<StreamEvent, LiveStreamInput>(({ input, sendBack }) => {
    opened.push(input);
    tell = sendBack;
    return () => {
      closed += 1;
    };
  });
  const actor = createActor(liveMachine.provide({ actors: { liveStream } })).start();
  const emitted = recordEmitted<LiveEvent | { type: 'sessionExpired' }>(actor);
  return {
    actor,
    opened,
    emitted,
    closed: () => closed,
    stream: (event: StreamEvent) => tell?.(event),
  };
}

const counts: LiveEvent = { type: 'counts', postId: 'p1', likeCount: 3, commentCount: 1 };

describe('live', () => {
  it('opens a stream with the token while signed in, and closes it on signing out', () => {
    const t = start();
    expect(t.opened).toEqual([]);
    t.actor.send({ type: 'SESSION', session: signedIn() });
    expect(t.opened).toEqual([{ token: TOKEN }]);
    // The same session again (a profile edit) keeps the stream.
    t.actor.send({ type: 'SESSION', session: signedIn() });
    expect(t.opened).toHaveLength(1);
    t.actor.send({ type: 'SESSION', session: signedOut() });
    expect(t.closed()).toBe(1);
    expect(t.actor.getSnapshot().value).toBe('off');
  });

  it('emits every event as it comes, and is down while the stream tries again', () => {
    const t = start();
    t.actor.send({ type: 'SESSION', session: signedIn() });
    t.stream({ type: 'STREAM.OPEN' });
    t.stream({ type: 'STREAM.EVENT', event: counts });
    expect(t.emitted).toEqual([counts]);
    t.stream({ type: 'STREAM.DOWN' });
    expect(selectLiveDown(t.actor.getSnapshot())).toBe(true);
    t.stream({ type: 'STREAM.OPEN' });
    expect(selectLiveDown(t.actor.getSnapshot())).toBe(false);
  });

  it('a refused token ends the session and the stream', () => {
    const t = start();
    t.actor.send({ type: 'SESSION', session: signedIn() });
    t.stream({ type: 'STREAM.REFUSED' });
    expect(t.emitted).toEqual([{ type: 'sessionExpired' }]);
    expect(t.closed()).toBe(1);
    // Another session opens a new one.
    t.actor.send({ type: 'SESSION', session: { ...signedIn(), token: 'next' } });
    expect(t.opened.at(-1)).toEqual({ token: 'next' });
  });
});
