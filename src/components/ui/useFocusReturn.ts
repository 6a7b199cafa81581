import { useMemo, useRef } from 'react';

/**
 * Handing focus back after a widget closes (a dialog, a menu, an inline editor), with the focus
 * ring decided by the app rather than by the browser's `:focus-visible` guess, which differs
 * between browsers and between versions of one browser: the ring shows exactly when the last
 * press inside the widget was a key (Escape, or Enter on its Cancel button), and not after a
 * pointer press (a click on Cancel or on the backdrop).
 *
 * Spread `listeners` on the widget's root element; call `returnFocus(element)` when it closes.
 */
export function useFocusReturn() {
  const lastPressWasKey = useRef(false);
  return useMemo(
    () => ({
      listeners: {
        onKeyDownCapture: () => {
          lastPressWasKey.current = true;
        },
        onPointerDownCapture: () => {
          lastPressWasKey.current = false;
        },
      },
      returnFocus: (element: HTMLElement | null | undefined) => {
        if (!element?.isConnected) return;
        // A closing <dialog> may already have handed focus back, ring or not by the browser's
        // guess, and focus() on the focused element changes nothing: take it away first.
        if (element.ownerDocument.activeElement === element) element.blur();
        element.focus({ focusVisible: lastPressWasKey.current });
      },
    }),
    [],
  );
}
