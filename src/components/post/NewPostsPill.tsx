import { ArrowUp } from 'lucide-react';
import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';
import styled, { keyframes } from 'styled-components';
import { Button } from '../ui';

/**
 * The pill's height, and how far it rises above the feed's top edge: at rest it sits across that
 * edge, clear of what is above the feed (the screen's column leaves 1rem there) and over no more
 * than the first card's top padding.
 */
const PILL_HEIGHT = '1.75rem';
const RISE = '0.625rem';

export interface NewPostsPillProps {
  /** How many posts wait above the feed, not shown. 0 shows no button (and says nothing). */
  count: number;
  /**
   * The button pressed (a click, Enter or Space). `byKey` is true when it was pressed from the
   * keyboard: whatever takes focus next shows its ring then.
   */
  onShow: (byKey: boolean) => void;
}

/** "1 new post", "3 new posts". */
const newPostsText = (count: number): string => (count === 1 ? '1 new post' : `${count} new posts`);

/**
 * The "3 new posts" button at the top of a feed: posts published since the feed was read wait
 * above it, and this brings them. It floats over the feed and never pushes it: its place is a
 * sticky line of no height at the top of the list, so its appearing, growing or going moves
 * nothing under the reader, and while the reader is further down it stays in view under the
 * page's sticky bars (`--murmur-top-clearance`, set by the app's layout on phones). Its name says
 * what it does ("Show 3 new posts"), and a polite live region says the count when it changes
 * (not on every render), so a screen reader hears "3 new posts" without losing its place. It
 * slides in, except under reduced motion.
 *
 * Render it as the first child of the element that holds the list: it sticks while that element
 * is on screen.
 */
export function NewPostsPill({ count, onShow }: NewPostsPillProps) {
  const text = count > 0 ? newPostsText(count) : '';
  return (
    <>
      <Anchor>
        {count > 0 && (
          <Pill
            size="sm"
            icon={<ArrowUp aria-hidden="true" />}
            aria-label={`Show ${text}`}
            // A click from the keyboard (Enter, Space) has no pointer, so no click count.
            onClick={(event) => onShow(event.detail === 0)}
          >
            {text}
          </Pill>
        )}
      </Anchor>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {text}
      </div>
    </>
  );
}

/**
 * A line of no height at the top of the feed: it sticks under the page's bars, with room for the
 * part of the pill that rises above it, and stacks above the cards (windowed cards are
 * positioned).
 */
const Anchor = styled.div`
  position: sticky;
  top: calc(var(--murmur-top-clearance, 0px) + ${({ theme }) => theme.space.xs} + ${RISE});
  z-index: 1;
  display: flex;
  justify-content: center;
  align-items: flex-start;
  height: 0;
`;

const slideIn = keyframes`
  from {
    opacity: 0;
    translate: 0 -0.5rem;
  }
`;

const Pill = styled(Button)`
  min-height: ${PILL_HEIGHT};
  transform: translateY(-${RISE});
  box-shadow: ${({ theme }) => theme.shadows.raised};

  @media (prefers-reduced-motion: no-preference) {
    animation: ${slideIn} 180ms ease-out;
  }
`;

/**
 * What the "n new posts" button does before and after the page shows them. Pressed, it takes the
 * reader to the top of the page at once, where they will arrive, and focus to the feed's heading
 * (or leaves it on the button, with no heading), then asks the page (`onShowNewPosts`). At the
 * top, useKeepPlace holds no place (its scroll and focus listeners forget it there), so the posts
 * put first are seen arriving rather than held off screen above the reader. Once a post that was
 * not in the feed leads `ids`, its card takes focus (in a windowed feed, as soon as it is
 * mounted), and is brought into view if the page's top does not show it. A reader who scrolled
 * or moved focus meanwhile is left where they are. Returns the button's press handler.
 */
export function useShowNewPosts(
  listRef: RefObject<HTMLElement | null>,
  ids: readonly string[],
  headingRef: RefObject<HTMLElement | null> | undefined,
  onShowNewPosts: (() => void) | undefined,
): (byKey: boolean) => void {
  /** The press that waits for its posts: the ids then, and where focus was put. */
  const asked = useRef<{ ids: readonly string[]; focus: Element | null; byKey: boolean } | null>(
    null,
  );
  /** The card to focus once it is mounted, and whether with its ring. */
  const toFocus = useRef<{ key: string; byKey: boolean } | null>(null);

  const onShow = useCallback(
    (byKey: boolean) => {
      window.scrollTo({ top: 0, behavior: 'instant' });
      headingRef?.current?.focus({ preventScroll: true, focusVisible: byKey });
      asked.current = { ids, focus: document.activeElement, byKey };
      onShowNewPosts?.();
    },
    [ids, headingRef, onShowNewPosts],
  );

  useLayoutEffect(() => {
    const press = asked.current;
    if (press === null || sameOrder(press.ids, ids)) return;
    asked.current = null;
    const first = ids[0];
    if (first === undefined || press.ids.includes(first)) return; // nothing new came first
    const active = document.activeElement;
    const stayed = active === null || active === document.body || active === press.focus;
    if (window.scrollY !== 0 || !stayed) return;
    toFocus.current = { key: first, byKey: press.byKey };
  }, [ids]);

  // Every render until the card is there: a windowed feed mounts it once its virtualizer has
  // seen the page at its top.
  useLayoutEffect(() => {
    const wanted = toFocus.current;
    if (wanted === null) return;
    if (!ids.includes(wanted.key)) {
      toFocus.current = null;
      return;
    }
    const card = listRef.current?.querySelector<HTMLElement>(
      `:scope > [data-key="${CSS.escape(wanted.key)}"]`,
    );
    if (card == null) return;
    toFocus.current = null;
    card.focus({ preventScroll: true, focusVisible: wanted.byKey });
    if (card.getBoundingClientRect().top > window.innerHeight / 2) {
      card.scrollIntoView({ block: 'start' });
    }
  });

  return onShow;
}

/** The same ids in the same order. */
function sameOrder(a: readonly string[], b: readonly string[]): boolean {
  return a === b || (a.length === b.length && a.every((id, index) => id === b[index]));
}
