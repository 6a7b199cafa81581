import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onOtherDevicesMayHaveChanged, type VisibilitySource } from '../../../src/app/devices';

/** A page whose visibility the test sets, telling its listeners as a browser does. */
function fakePage(initial: DocumentVisibilityState): VisibilitySource & {
  set: (state: DocumentVisibilityState) => void;
  listeners: number;
} {
  const target = new EventTarget();
  let state = initial;
  let listeners = 0;
  return {
    get visibilityState() {
      return state;
    },
    get listeners() {
      return listeners;
    },
    addEventListener: (type, listener) => {
      listeners += 1;
      target.addEventListener(type, listener);
    },
    removeEventListener: (type, listener) => {
      listeners -= 1;
      target.removeEventListener(type, listener);
    },
    set(next) {
      state = next;
      target.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

describe('changes on other devices', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads again every pollMs while the page is shown, and when it is shown again', () => {
    const page = fakePage('visible');
    const listener = vi.fn();
    const stop = onOtherDevicesMayHaveChanged(listener, { pollMs: 1000, page });
    expect(listener).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2500);
    expect(listener).toHaveBeenCalledTimes(2);

    page.set('hidden');
    vi.advanceTimersByTime(10_000);
    expect(listener).toHaveBeenCalledTimes(2); // a hidden page asks nothing

    page.set('visible');
    expect(listener).toHaveBeenCalledTimes(3); // at once when shown again
    vi.advanceTimersByTime(1000);
    expect(listener).toHaveBeenCalledTimes(4); // and on from there

    stop();
    vi.advanceTimersByTime(10_000);
    page.set('hidden');
    page.set('visible');
    expect(listener).toHaveBeenCalledTimes(4);
    expect(page.listeners).toBe(0);
  });

  it('does not poll a page that starts hidden until it is shown', () => {
    const page = fakePage('hidden');
    const listener = vi.fn();
    onOtherDevicesMayHaveChanged(listener, { pollMs: 1000, page });
    vi.advanceTimersByTime(5000);
    expect(listener).not.toHaveBeenCalled();
    page.set('visible');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
