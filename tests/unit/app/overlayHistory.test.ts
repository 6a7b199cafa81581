import { describe, expect, it, vi } from 'vitest';
import { createBrowserOverlayHistory, type HistoryWindow } from '../../../src/app/overlayHistory';

type Listener = (event: Event) => void;

/**
 * A browser history in miniature: numbered entries like react-router's (`state.idx`), `go` that
 * moves later (like the browser, in a task) and fires `popstate` on a window that runs capturing
 * listeners before the others, as browsers do at the target; and a listener standing for the
 * router, registered first and not capturing, as in the page.
 */
function fakeBrowser(entries = 3, at = 2) {
  let index = at;
  const capturing = new Set<Listener>();
  const bubbling = new Set<Listener>();
  const routerSaw: number[] = [];
  const moves: Array<() => void> = [];
  const dispatchPop = () => {
    const propagation = { stopped: false };
    const event = new Event('popstate');
    Object.defineProperty(event, 'state', { value: { idx: index } });
    event.stopImmediatePropagation = () => {
      propagation.stopped = true;
    };
    for (const listener of [...capturing, ...bubbling]) {
      if (propagation.stopped) break;
      listener(event);
    }
  };
  const move = (delta: number) => {
    moves.push(() => {
      index += delta;
      dispatchPop();
    });
  };
  const setFor = (options?: boolean | AddEventListenerOptions) =>
    (typeof options === 'boolean' ? options : options?.capture) ? capturing : bubbling;
  bubbling.add((event) => routerSaw.push(((event as PopStateEvent).state as { idx: number }).idx));
  const win: HistoryWindow = {
    addEventListener: (
      _type: string,
      listener: Listener,
      options?: boolean | AddEventListenerOptions,
    ) => void setFor(options).add(listener),
    removeEventListener: (
      _type: string,
      listener: Listener,
      options?: boolean | EventListenerOptions,
    ) => void setFor(options).delete(listener),
    history: {
      get state() {
        return { idx: index };
      },
      go: (delta?: number) => move(delta ?? 0),
    },
  } as HistoryWindow;
  const settle = () => {
    while (moves.length > 0) moves.shift()?.();
  };
  const back = () => {
    move(-1);
    settle();
  };
  const forward = () => {
    if (index + 1 < entries) move(1);
    settle();
  };
  return { win, back, forward, routerSaw, index: () => index };
}

describe('Back and Forward close the open overlay first', () => {
  it('Back with a dialog open closes it and stays on the entry; the next Back moves', () => {
    const browser = fakeBrowser();
    const overlays = createBrowserOverlayHistory(browser.win);
    const stop = overlays.listen();
    const close = vi.fn();
    const forget = overlays.opened(close);

    browser.back();
    expect(close).toHaveBeenCalledTimes(1);
    expect(browser.index()).toBe(2);
    expect(browser.routerSaw).toEqual([]);

    forget();
    browser.back();
    expect(browser.index()).toBe(1);
    expect(browser.routerSaw).toEqual([1]);
    stop();
  });

  it('Forward with a menu open closes it and stays', () => {
    const browser = fakeBrowser(3, 1);
    const overlays = createBrowserOverlayHistory(browser.win);
    overlays.listen();
    const close = vi.fn();
    overlays.opened(close);

    browser.forward();
    expect(close).toHaveBeenCalledTimes(1);
    expect(browser.index()).toBe(1);
    expect(browser.routerSaw).toEqual([]);
  });

  it('closes only the overlay opened last, one per move', () => {
    const browser = fakeBrowser();
    const overlays = createBrowserOverlayHistory(browser.win);
    overlays.listen();
    const closeDialog = vi.fn();
    const closeConfirm = vi.fn();
    overlays.opened(closeDialog);
    const forgetConfirm = overlays.opened(closeConfirm);

    browser.back();
    expect(closeConfirm).toHaveBeenCalledTimes(1);
    expect(closeDialog).not.toHaveBeenCalled();
    forgetConfirm();

    browser.back();
    expect(closeDialog).toHaveBeenCalledTimes(1);
    expect(browser.index()).toBe(2);
  });

  it('keeps the page even when the overlay declines to close (a dialog that is saving)', () => {
    const browser = fakeBrowser();
    const overlays = createBrowserOverlayHistory(browser.win);
    overlays.listen();
    overlays.opened(() => {});

    browser.back();
    browser.back();
    expect(browser.index()).toBe(2);
    expect(browser.routerSaw).toEqual([]);
  });

  it('leaves moves alone when nothing is open, and after it stops listening', () => {
    const browser = fakeBrowser();
    const overlays = createBrowserOverlayHistory(browser.win);
    const stop = overlays.listen();
    browser.back();
    expect(browser.routerSaw).toEqual([1]);

    overlays.sync();
    const close = vi.fn();
    overlays.opened(close);
    stop();
    browser.back();
    expect(close).not.toHaveBeenCalled();
    expect(browser.routerSaw).toEqual([1, 0]);
  });
});
