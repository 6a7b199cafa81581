import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { DemoInfoResponse, DemoResetResponse } from '../../../src/api/types';
import {
  demoMachine,
  FULL_DEMO,
  NO_DEMO,
  selectGuestOffered,
  selectIsResettingDemo,
  selectResetOffered,
  type DemoEmitted,
  type DemoOffer,
  type TokenInput,
} from '../../../src/machines';
import { controlled, recordEmitted, refused, signedIn, TOKEN, unauthorized } from './fixtures';

function start(assumed?: DemoOffer) {
  const getDemoInfo = controlled<DemoInfoResponse>();
  const actor = createActor(demoMachine.provide({ actors: { getDemoInfo: getDemoInfo.logic } }), {
    input: assumed === undefined ? {} : { assumed },
  }).start();
  const offer = () => ({
    guest: selectGuestOffered(actor.getSnapshot()),
    reset: selectResetOffered(actor.getSnapshot()),
  });
  return { getDemoInfo, offer, actor };
}

describe('demoMachine: what the server offers for trying the app', () => {
  it('asks once, at start, and offers what the server says', async () => {
    const { getDemoInfo, offer } = start(FULL_DEMO);
    expect(getDemoInfo.calls).toHaveLength(1);
    await getDemoInfo.resolve({ guest: false, reset: true });
    expect(offer()).toEqual({ guest: false, reset: true });
  });

  it('until the answer, offers what it was told to assume; by default nothing', () => {
    expect(start(FULL_DEMO).offer()).toEqual(FULL_DEMO);
    expect(start().offer()).toEqual(NO_DEMO);
  });

  it('a server that has neither: nothing is offered', async () => {
    const { getDemoInfo, offer } = start(NO_DEMO);
    await getDemoInfo.resolve({ guest: false, reset: false });
    expect(offer()).toEqual(NO_DEMO);
  });

  it('no answer: the assumption stays', async () => {
    const full = start(FULL_DEMO);
    await full.getDemoInfo.reject(new TypeError('Failed to fetch'));
    expect(full.offer()).toEqual(FULL_DEMO);
    const none = start(NO_DEMO);
    await none.getDemoInfo.reject(refused('Not found', 404));
    expect(none.offer()).toEqual(NO_DEMO);
  });

  it('keeps only the two answers it knows, whatever else the body carries', async () => {
    const { getDemoInfo, offer } = start();
    await getDemoInfo.resolve({ guest: true, reset: false, extra: 1 } as DemoInfoResponse);
    expect(offer()).toEqual({ guest: true, reset: false });
  });

  it('while a prerendered page hydrates, the guest button is what the prerender drew', async () => {
    const { getDemoInfo, actor } = start(NO_DEMO);
    await getDemoInfo.resolve({ guest: true, reset: false });
    // The answer came before hydration: the first render must still equal the HTML.
    expect(selectGuestOffered(actor.getSnapshot(), false)).toBe(false);
    expect(selectGuestOffered(actor.getSnapshot(), true)).toBe(true);
  });
});

describe('demoMachine: the demo reset', () => {
  function withReset() {
    const resetDemoData = controlled<DemoResetResponse, TokenInput>();
    const actor = createActor(
      demoMachine.provide({
        actors: {
          getDemoInfo: controlled<DemoInfoResponse>().logic,
          resetDemoData: resetDemoData.logic,
        },
      }),
      { input: {} },
    );
    const emitted = recordEmitted<DemoEmitted>(actor);
    actor.start();
    return { actor, emitted, resetDemoData };
  }

  it('asks nothing without a session; with one, resets and says the session is over', async () => {
    const { actor, emitted, resetDemoData } = withReset();
    actor.send({ type: 'RESET_DEMO' });
    expect(resetDemoData.calls).toEqual([]);
    actor.send({ type: 'SESSION', session: signedIn() });
    actor.send({ type: 'RESET_DEMO' });
    expect(selectIsResettingDemo(actor.getSnapshot())).toBe(true);
    expect(resetDemoData.calls).toEqual([{ token: TOKEN }]);
    await resetDemoData.resolve({ message: 'ok' });
    expect(selectIsResettingDemo(actor.getSnapshot())).toBe(false);
    expect(emitted).toEqual([{ type: 'demoReset' }]);
  });

  it('refused: the server message as an error; a 401: the session has expired', async () => {
    const { actor, emitted, resetDemoData } = withReset();
    actor.send({ type: 'SESSION', session: signedIn() });
    actor.send({ type: 'RESET_DEMO' });
    await resetDemoData.reject(refused('The demo data could not be restored'));
    actor.send({ type: 'RESET_DEMO' });
    await resetDemoData.reject(unauthorized());
    expect(emitted).toEqual([
      { type: 'notify', kind: 'error', message: 'The demo data could not be restored' },
      { type: 'sessionExpired' },
    ]);
  });
});
