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

  const remember = useCallback(() => {
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
    if (place !== null && place.card.isConnected) {
      const moved = place.card.getBoundingClientRect().top - place.top;
      if (moved !== 0) window.scrollBy(0, moved);
    }
    remember();
  }, [items, remember]);
}
