import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Keeps the reader's place in a feed when posts arrive or leave above it (another tab posted, a
 * quiet refresh): the card holding keyboard focus, or else the first card on screen, stays where
 * it was on the screen. At the very top of the page nothing is held, so a new post at the top is
 * seen. (The browser's own scroll anchoring holds the first element on screen, often the
 * composer above the list, so the list would still move.)
 */
export function useKeepPlace(listRef: RefObject<HTMLElement | null>, items: unknown): void {
  const held = useRef<{ card: Element; top: number } | null>(null);
  /** Set while a change settles: the place to hold is the one from before it. */
  const settling = useRef(false);

  const remember = useCallback(() => {
    if (settling.current) return;
    const list = listRef.current;
    if (list === null || window.scrollY === 0) {
      held.current = null;
      return;
    }
    const cards = Array.from(list.children);
    const onScreen = (card: Element) => {
      const { top, bottom } = card.getBoundingClientRect();
      return bottom > 0 && top < window.innerHeight;
    };
    const focused = document.activeElement;
    const focusedCard = cards.find((card) => focused !== null && card.contains(focused));
    const card =
      focusedCard !== undefined && onScreen(focusedCard) ? focusedCard : cards.find(onScreen);
    held.current = card === undefined ? null : { card, top: card.getBoundingClientRect().top };
  }, [listRef]);

  useEffect(() => {
    window.addEventListener('scroll', remember, { passive: true });
    document.addEventListener('focusin', remember);
    return () => {
      window.removeEventListener('scroll', remember);
      document.removeEventListener('focusin', remember);
    };
  }, [remember]);

  useLayoutEffect(() => {
    const place = held.current;
    const hold = () => {
      if (place === null || !place.card.isConnected) return;
      const moved = place.card.getBoundingClientRect().top - place.top;
      if (moved !== 0) window.scrollBy(0, moved);
    };
    hold();
    // A windowed feed measures the cards it mounts in the frames after a change, and its
    // virtualizer then moves the page for those above the screen: the place is held again once
    // that has settled (two frames), and only then does scrolling choose a new place to hold.
    settling.current = true;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        hold();
        settling.current = false;
        remember();
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      settling.current = false;
    };
  }, [items, remember]);
}
