import { createContext, useContext, useEffect, useRef } from 'react';

/**
 * What the app gives its dialogs and menus so that the browser's Back and Forward close the one
 * on top before they change the page. Components only say when they are open;
 * the app, which owns the router, decides what a history move means. Without a provider
 * (Storybook, a memory router) nothing happens.
 */
export interface OverlayHistory {
  /** An overlay opened; `close` asks it to close. Returns the call that forgets it again. */
  opened(close: () => void): () => void;
}

const OverlayHistoryContext = createContext<OverlayHistory | null>(null);

/** Provides the app's `OverlayHistory` to the dialogs and menus below it. */
export const OverlayHistoryProvider = OverlayHistoryContext.Provider;

/**
 * Registers an overlay while `open` is true, so that a Back or Forward press calls `close`
 * instead of changing the page. The latest `close` is used; it may decline (e.g. while saving),
 * and the page still stays.
 */
export function useCloseOnHistoryMove(open: boolean, close: () => void): void {
  const history = useContext(OverlayHistoryContext);
  const latestClose = useRef(close);
  useEffect(() => {
    latestClose.current = close;
  });
  useEffect(() => {
    if (!open || !history) return;
    return history.opened(() => latestClose.current());
  }, [open, history]);
}
