import {
  defaultRangeExtractor,
  measureElement,
  useWindowVirtualizer,
  type Range,
} from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';

/**
 * From this many posts on, a feed mounts only the cards near the screen. Below it every card is
 * mounted: that costs less than a frame, and keeps the browser's find-in-page working on the
 * whole feed.
 */
export const WINDOWING_FROM = 40;
/** A card's height before it is measured: a text post with its actions. */
const ESTIMATED_CARD_PX = 240;
/** Cards mounted beyond each edge of the screen, so Tab and a quick scroll never meet a gap. */
const OVERSCAN = 4;

/**
 * Every card's measured height, by the list's width and the card's key, for the page's life: a
 * feed mounted again (Back to Home from a profile) lays out its cards at their real heights at
 * once, so the restored scroll position shows the same cards as before, and a post seen in one
 * feed is placed right in another.
 */
const measuredHeights = new Map<number, Map<string, number>>();
function heightsAt(width: number): Map<string, number> {
  let heights = measuredHeights.get(width);
  if (heights === undefined) {
    heights = new Map();
    measuredHeights.set(width, heights);
  }
  return heights;
}

/**
 * Whether the browser has laid `element` out: it is in the document and neither it nor an
 * ancestor is `display: none`. A feed that is not reads no layout: its 0 px are not its size.
 */
function laidOut(element: Element): boolean {
  return element.isConnected && element.getClientRects().length > 0;
}

/** One card to mount: its place in the feed and, when windowed, its offset from the list's top. */
export interface ShownItem {
  index: number;
  offset: number;
}

export interface FeedWindow {
  /** Whether only the cards near the screen are mounted. */
  windowed: boolean;
  /** The cards to mount, in feed order. */
  shown: readonly ShownItem[];
  /** The list's height when windowed (the cards are placed in it); undefined otherwise. */
  height: number | undefined;
  /** Each mounted card's ref when windowed: measures its real height. */
  measure: ((element: HTMLElement | null) => void) | undefined;
  /** Scrolls the card of `key` into view (mounting it first when needed) and focuses it. */
  focusItem: (key: string, align: 'start' | 'center') => void;
  /**
   * Moves focus from the card of `key` to the next (1) or previous (-1) one, as Page Down and
   * Page Up do; from the last card of a feed that continues, to the next one when it comes.
   * False when there is none to move to now.
   */
  step: (key: string, direction: 1 | -1) => boolean;
  /** The list's keydown: Page Down and Page Up move focus to the next and previous card. */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

/**
 * A feed whose cost does not grow with its length: above WINDOWING_FROM cards, only
 * those near the screen are mounted, placed in a list as tall as the whole feed, so the page
 * scrolls, the scrollbar and the browser's Back restore work as for a full list. Cards are
 * measured as they mount (their height changes with comments, edits, images), and the card
 * holding keyboard focus stays mounted wherever the page scrolls.
 *
 * Keyboard and screen readers reach every card: each is focusable from script and carries its
 * position (`aria-posinset` of `aria-setsize`, set by the list), and Page Down / Page Up move
 * focus to the next and previous card, mounting it first (the ARIA feed pattern's keys), in both
 * modes.
 *
 * The list element's children are the mounted cards, each with `data-key` (its key) and
 * `data-index` (its place), in feed order.
 */
export function useFeedWindow(
  listRef: RefObject<HTMLElement | null>,
  keys: readonly string[],
  /** More cards will come after the last (a paged feed): Page Down there waits for them. */
  continues = false,
): FeedWindow {
  const windowed = keys.length >= WINDOWING_FROM;
  const [layout, setLayout] = useState({
    measured: false,
    width: 0,
    scrollMargin: 0,
    gap: 0,
    scrollPadding: 0,
  });
  /** The card holding focus: it stays mounted wherever the page scrolls. */
  const [heldKey, setHeldKey] = useState<string | null>(null);
  /** A card asked for (Page Down, a search result), until it has taken focus. */
  const pending = useRef<{ key: string; align: 'start' | 'center'; scrolled: boolean } | null>(
    null,
  );
  const [request, setRequest] = useState(0);

  // Where the list sits on the page (its top moves when the content above it changes), its gap
  // (from its own CSS), and the room a card scrolled to the top keeps above it. Read after every
  // change (the list appears once the feed has loaded, in either mode, so a feed that grows past
  // WINDOWING_FROM is windowed at once) and whenever the page or the window changes size.
  const readLayout = useCallback(() => {
    const list = listRef.current;
    if (list === null || !laidOut(list)) return;
    const box = list.getBoundingClientRect();
    const scrollMargin = Math.round(box.top + window.scrollY);
    const width = Math.round(box.width);
    const gap = parseFloat(getComputedStyle(list).rowGap) || 0;
    // The page's scroll-padding (sticky bars) and a card's own scroll-margin (room for its ring).
    const card = list.firstElementChild;
    const scrollPadding =
      (parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0) +
      (card === null ? 0 : parseFloat(getComputedStyle(card).scrollMarginTop) || 0);
    setLayout((was) =>
      was.measured &&
      was.width === width &&
      was.scrollMargin === scrollMargin &&
      was.gap === gap &&
      was.scrollPadding === scrollPadding
        ? was
        : { measured: true, width, scrollMargin, gap, scrollPadding },
    );
  }, [listRef]);
  useLayoutEffect(() => readLayout());
  useEffect(() => {
    const observer = new ResizeObserver(readLayout);
    observer.observe(document.body);
    window.addEventListener('resize', readLayout);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', readLayout);
    };
  }, [readLayout]);

  // A short feed's cards are all mounted: their heights are noted after every change, so the
  // feed that grows past WINDOWING_FROM places them where they are, and the reader stays put.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (windowed || list === null || !layout.measured || !laidOut(list)) return;
    const heights = heightsAt(layout.width);
    for (const card of Array.from(list.children)) {
      const key = card.getAttribute('data-key');
      if (key !== null) heights.set(key, card.getBoundingClientRect().height);
    }
  });

  useEffect(() => {
    const keyIn = (target: EventTarget | null): string | null => {
      const list = listRef.current;
      if (list === null || !(target instanceof Element) || !list.contains(target)) return null;
      return cardKeyOf(list, target);
    };
    const onFocusIn = (event: FocusEvent) => setHeldKey(keyIn(event.target));
    // Focus let go (to the page itself) frees the card; a window in the background keeps its
    // focused element, and its card stays.
    let check = 0;
    const onFocusOut = () => {
      clearTimeout(check);
      check = window.setTimeout(() => setHeldKey(keyIn(document.activeElement)), 0);
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      clearTimeout(check);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, [listRef]);

  const held = heldKey === null ? -1 : keys.indexOf(heldKey);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return held < 0 || indexes.includes(held)
        ? indexes
        : [...indexes, held].sort((a, b) => a - b);
    },
    [held],
  );

  const heights = heightsAt(layout.width);
  const virtualizer = useWindowVirtualizer<HTMLElement>({
    enabled: windowed && layout.measured,
    count: keys.length,
    getItemKey: (index) => keys[index] ?? index,
    estimateSize: (index) => heights.get(keys[index] ?? '') ?? ESTIMATED_CARD_PX,
    measureElement: (element, entry, instance) => {
      const key = element.getAttribute('data-key');
      // A card not laid out (the feed hidden a moment, or being taken away) is 0 px tall only
      // for now: it keeps the height it had, so the list's cards are not placed at 0 and then
      // pushed back, moving the page, when it shows again.
      if (!laidOut(element))
        return (key === null ? undefined : heights.get(key)) ?? ESTIMATED_CARD_PX;
      const height = measureElement(element, entry, instance);
      if (key !== null) heights.set(key, height);
      return height;
    },
    overscan: OVERSCAN,
    // The window's size from the first windowed render (the virtualizer's own reading comes a
    // moment later): a feed that grows past WINDOWING_FROM keeps its cards mounted, not none.
    initialRect:
      typeof window === 'undefined'
        ? undefined
        : { width: window.innerWidth, height: window.innerHeight },
    gap: layout.gap,
    scrollMargin: layout.scrollMargin,
    scrollPaddingStart: layout.scrollPadding,
    rangeExtractor,
  });

  const focusItem = useCallback((key: string, align: 'start' | 'center') => {
    pending.current = { key, align, scrolled: false };
    setRequest((count) => count + 1);
  }, []);

  // The card asked for is scrolled to once the list is laid out, and focused once it is mounted.
  const range = windowed ? virtualizer.getVirtualItems() : null;
  useLayoutEffect(() => {
    const asked = pending.current;
    if (asked === null) return;
    const index = keys.indexOf(asked.key);
    if (index < 0) {
      pending.current = null;
      return;
    }
    const item = itemOf(listRef.current, asked.key);
    if (!windowed) {
      if (item === null) return; // the list is not shown yet
      pending.current = null;
      item.focus({ preventScroll: true });
      item.scrollIntoView({ block: asked.align });
      return;
    }
    if (!layout.measured) return;
    if (!asked.scrolled) {
      asked.scrolled = true;
      virtualizer.scrollToIndex(index, { align: asked.align });
    }
    if (item !== null) {
      pending.current = null;
      item.focus({ preventScroll: true });
    }
  }, [request, range, keys, listRef, windowed, layout.measured, virtualizer]);

  // Page Down on the last card of a feed that continues: the next card takes focus when it comes.
  const awaiting = useRef<string | null>(null);
  useEffect(() => {
    const after = awaiting.current;
    if (after === null) return;
    const index = keys.indexOf(after);
    const next = index < 0 ? undefined : keys[index + 1];
    if (index < 0 || !continues) awaiting.current = null;
    if (next === undefined) return;
    awaiting.current = null;
    focusItem(next, 'start');
  }, [keys, continues, focusItem]);

  const step = useCallback(
    (key: string, direction: 1 | -1): boolean => {
      const next = keys[keys.indexOf(key) + direction];
      awaiting.current = next === undefined && direction === 1 && continues ? key : null;
      if (next === undefined) return false;
      focusItem(next, 'start');
      return true;
    },
    [focusItem, keys, continues],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.key !== 'PageDown' && event.key !== 'PageUp') return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target;
      if (!(target instanceof HTMLElement) || isTextEntry(target)) return;
      const key = cardKeyOf(listRef.current, target);
      if (key === null) return;
      // Past either end the page scrolls as usual.
      if (step(key, event.key === 'PageDown' ? 1 : -1)) event.preventDefault();
    },
    [step, listRef],
  );

  if (!windowed) {
    return {
      windowed,
      shown: keys.map((_, index) => ({ index, offset: 0 })),
      height: undefined,
      measure: undefined,
      focusItem,
      step,
      onKeyDown,
    };
  }
  return {
    windowed,
    shown: (range ?? []).map(({ index, start }) => ({
      index,
      offset: start - layout.scrollMargin,
    })),
    height: virtualizer.getTotalSize(),
    measure: virtualizer.measureElement,
    focusItem,
    step,
    onKeyDown,
  };
}

/**
 * The key of the card (a child of the list) that holds `element`, or null. Not the nearest
 * `data-key`: a card's comments carry their own.
 */
export function cardKeyOf(list: HTMLElement | null, element: Element | null): string | null {
  let item = element;
  while (item !== null && item.parentElement !== list) item = item.parentElement;
  return list === null ? null : (item?.getAttribute('data-key') ?? null);
}

/** The mounted card of `key` (a child of the list), or null. */
export function itemOf(list: HTMLElement | null, key: string): HTMLElement | null {
  return list?.querySelector<HTMLElement>(`:scope > [data-key="${CSS.escape(key)}"]`) ?? null;
}

/** Fields where Page Down and Page Up move the caret. */
function isTextEntry(element: HTMLElement): boolean {
  return (
    element.isContentEditable ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement ||
    (element instanceof HTMLInputElement && !['button', 'checkbox', 'radio'].includes(element.type))
  );
}
