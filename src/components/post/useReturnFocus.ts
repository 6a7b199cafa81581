import { useCallback, useLayoutEffect, useRef, type FocusEvent, type RefObject } from 'react';
import { cardKeyOf, itemOf } from './useFeedWindow';

/**
 * Focus for a reader who comes back to a feed (Back from a post's or a person's page): the card
 * of `postId`, the one they left from, takes focus again where it stands, without scrolling (the
 * browser has put the page back where it was). Once its card is mounted: a windowed feed mounts
 * it when the page is back at its place. Never when focus is already somewhere (the reader has
 * moved on), and once only.
 *
 * Answers the list's `onFocus`, which tells `onCardFocus` the card that focus entered, so that the
 * page can remember where the reader left from.
 */
export function useReturnFocus(
  listRef: RefObject<HTMLElement | null>,
  postId: string | null,
  ids: readonly string[],
  onCardFocus: ((postId: string) => void) | undefined,
): (event: FocusEvent<HTMLElement>) => void {
  const done = useRef(postId === null);
  const present = postId !== null && ids.includes(postId);
  // After every render until it is done: the card may mount on a later one.
  useLayoutEffect(() => {
    if (done.current || !present) return;
    const focused = document.activeElement;
    if (focused !== null && focused !== document.body) {
      done.current = true;
      return;
    }
    const card = itemOf(listRef.current, postId);
    if (card === null) return;
    done.current = true;
    card.focus({ preventScroll: true });
  });

  return useCallback(
    (event: FocusEvent<HTMLElement>) => {
      // The card that holds the focused element, a control of one of its comments included.
      const key = cardKeyOf(event.currentTarget, event.target);
      if (key !== null) onCardFocus?.(key);
    },
    [onCardFocus],
  );
}
