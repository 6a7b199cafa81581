import { useLayoutEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { OverlayHistoryProvider, type OverlayHistory } from '../components/ui/overlayHistory';

/** What the browser history controller needs of `window` (a fake one in unit tests). */
export type HistoryWindow = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  history: Pick<History, 'state' | 'go'>;
};

export interface BrowserOverlayHistory extends OverlayHistory {
  /** Notes the entry now shown: call after every change of location. */
  sync(): void;
  /** Starts listening to history moves; returns the call that stops. */
  listen(): () => void;
}

/** react-router's browser history numbers its entries in `history.state.idx`. */
function entryIndex(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('idx' in state)) return null;
  return typeof state.idx === 'number' ? state.idx : null;
}

/**
 * While a dialog or menu is open, Back and Forward close it (the one opened last)
 * and the page stays. Without a data router there is no `useBlocker`, so this does what it does
 * for a blocked POP: a capturing `popstate` listener, which runs before the router's own, stops
 * the event from reaching the router, goes back to the entry that was shown (`history.go`, by
 * the distance between the two entries' indexes) and swallows that return move too. No entries
 * are ever added, so the history stays the person's own.
 *
 * When the distance cannot be known (an entry the router did not number), the overlay closes
 * and the move goes ahead.
 */
export function createBrowserOverlayHistory(win: HistoryWindow): BrowserOverlayHistory {
  const open: Array<() => void> = [];
  let shownIndex = entryIndex(win.history.state);
  /** The index we are moving back to, while that move is under way. */
  let returningTo: number | null = null;

  const onPopState = (event: Event) => {
    const arrivedAt = entryIndex((event as PopStateEvent).state);
    if (returningTo !== null) {
      const expected = returningTo;
      returningTo = null;
      if (arrivedAt === expected) {
        event.stopImmediatePropagation();
        return;
      }
    }
    const closeTop = open.at(-1);
    if (!closeTop) {
      shownIndex = arrivedAt;
      return;
    }
    if (arrivedAt === null || shownIndex === null || arrivedAt === shownIndex) {
      shownIndex = arrivedAt;
      closeTop();
      return;
    }
    event.stopImmediatePropagation();
    returningTo = shownIndex;
    win.history.go(shownIndex - arrivedAt);
    closeTop();
  };

  return {
    opened(close) {
      shownIndex = entryIndex(win.history.state);
      open.push(close);
      return () => {
        const at = open.lastIndexOf(close);
        if (at !== -1) open.splice(at, 1);
      };
    },
    sync() {
      if (returningTo === null) shownIndex = entryIndex(win.history.state);
    },
    listen() {
      win.addEventListener('popstate', onPopState, { capture: true });
      return () => win.removeEventListener('popstate', onPopState, { capture: true });
    },
  };
}

/** The prerender's stand-in (no window, no history, nothing ever opens): the same provider. */
const NO_HISTORY: BrowserOverlayHistory = {
  opened: () => () => undefined,
  sync: () => undefined,
  listen: () => () => undefined,
};

/**
 * Inside a browser router: lets Back and Forward close the open dialog or menu first.
 * Stories and tests on a memory router leave it out; they have no browser history to move. The
 * build's prerender renders it too, without a window, so that hydration meets the same tree.
 */
export function BrowserHistoryClosesOverlays({ children }: { children: ReactNode }) {
  const [overlays] = useState(() =>
    typeof window === 'undefined' ? NO_HISTORY : createBrowserOverlayHistory(window),
  );
  const location = useLocation();
  useLayoutEffect(() => overlays.listen(), [overlays]);
  useLayoutEffect(() => overlays.sync(), [overlays, location]);
  return <OverlayHistoryProvider value={overlays}>{children}</OverlayHistoryProvider>;
}
