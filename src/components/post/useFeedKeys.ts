import { useLayoutEffect, useRef, type RefObject } from 'react';
import { shortcutOf } from '../ui/shortcuts';
import { cardKeyOf, itemOf, type FeedWindow } from './useFeedWindow';

/**
 * The feed's keys from the shortcuts table, read on the whole page (a reader who has just
 * arrived or scrolled with the mouse has focus nowhere in the feed): j and k move focus to the
 * next and previous card, as Page Down and Page Up do (mounting it first in a windowed feed,
 * waiting for the next page after the last card of a feed that continues); with no card focused,
 * both start at the first card on screen. Enter or o opens the focused post (`onOpenPost`), and
 * l, b and c press the focused card's own Like, Bookmark and Comment, so each key does exactly
 * what the card's button does (a like in flight ignores it, as the button does).
 *
 * What a screen reader says is what focus says: the card that takes focus is read, with its
 * place in the feed (a list item's position, or `aria-posinset` of `aria-setsize` when
 * windowed), like the ARIA feed pattern's Page Down. No live region repeats it: it would speak
 * over the card being read, and fall behind a reader holding j.
 */
export function useFeedKeys(
  listRef: RefObject<HTMLElement | null>,
  feedWindow: FeedWindow,
  onOpenPost: ((postId: string) => void) | undefined,
): void {
  const latest = useRef({ feedWindow, onOpenPost });
  useLayoutEffect(() => {
    latest.current = { feedWindow, onOpenPost };
  });

  // Listening from the commit that shows the feed, not from the passive effects a frame or more
  // later (longer on a busy phone): a j pressed as the feed appears (after g h, say) is not lost.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const list = listRef.current;
      // A feed that is not on screen (a hidden tab, a phone's other column) takes no keys.
      if (list === null || list.getClientRects().length === 0) return;
      const shortcut = shortcutOf(event, 'feed');
      if (shortcut === null) return;
      const { feedWindow: feed, onOpenPost: open } = latest.current;
      const current = focusedKey(list);
      if (shortcut === 'next' || shortcut === 'previous') {
        event.preventDefault();
        if (current === null) {
          const first = firstOnScreen(list);
          if (first !== null) feed.focusItem(first, 'start');
        } else {
          feed.step(current, shortcut === 'next' ? 1 : -1);
        }
        return;
      }
      const card = current === null ? null : itemOf(list, current);
      if (current === null || card === null) return;
      if (shortcut === 'open') {
        if (open === undefined) return;
        event.preventDefault();
        open(current);
        return;
      }
      // The card's own button (PostActions marks each with `data-post-action`).
      const button = card.querySelector<HTMLElement>(`[data-post-action="${shortcut}"]`);
      if (button === null) return;
      // Kept from the field that may take focus: the key is a shortcut, not a letter typed there.
      event.preventDefault();
      if (shortcut === 'comment') comment(card, button);
      else button.click();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [listRef]);
}

/** The key of the card holding focus (the card itself or anything in it), or null. */
function focusedKey(list: HTMLElement): string | null {
  return cardKeyOf(list, list.ownerDocument.activeElement);
}

/** The first mounted card not hidden above the screen's top (under its sticky bars). */
function firstOnScreen(list: HTMLElement): string | null {
  const top = parseFloat(getComputedStyle(list.ownerDocument.documentElement).scrollPaddingTop);
  const cards = Array.from(list.querySelectorAll<HTMLElement>(':scope > [data-key]'));
  const card =
    cards.find((item) => item.getBoundingClientRect().bottom > (top || 0) + 1) ?? cards[0];
  return card?.getAttribute('data-key') ?? null;
}

/**
 * c: the card's own Comment action, which shows the comments and takes the reader to the field;
 * with the comments already shown (pressing Comment would hide them), straight to the field.
 */
function comment(card: HTMLElement, button: HTMLElement): void {
  if (button.getAttribute('aria-expanded') === 'true') {
    const fields = card.querySelectorAll<HTMLElement>(COMMENT_FIELD);
    fields[fields.length - 1]?.focus();
    return;
  }
  // The card's Comment opens the comments and moves focus to the field as it is drawn.
  button.click();
}

const COMMENT_FIELD = 'textarea:not(:disabled), input[type="text"]:not(:disabled)';
