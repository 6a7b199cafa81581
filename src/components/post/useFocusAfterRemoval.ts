import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Where keyboard focus goes after a delete: never to the top of the page. When an item
 * leaves a list (its deletion was answered, or another tab removed it) while focus was inside it,
 * or had been lost from it (its menu gave way to a spinner, its confirmation closed onto a
 * button that went with it), focus moves to the item that followed it or, when none did, to the
 * list's heading. Focus that moved anywhere else meanwhile (a click or Tab elsewhere) stays put.
 *
 * Driven by the list's items: `keys` are their ids in the order shown, and each item is a child
 * of the list element carrying its key in `data-key` (and focusable from script:
 * `tabIndex={-1}`). Not every item need be mounted (a windowed feed): the one that followed a
 * removed item is its neighbour, so it is. The ring shows when the last press was a key, as
 * after a dialog closes (see useFocusReturn).
 */
export function useFocusAfterRemoval(
  listRef: RefObject<HTMLElement | null>,
  keys: readonly string[],
  headingRef: RefObject<HTMLElement | null> | undefined,
): void {
  const shown = useRef(keys);
  /** The item that last held focus, until focus goes somewhere outside the list. */
  const held = useRef<string | null>(null);
  const lastPressWasKey = useRef(false);

  useEffect(() => {
    const itemKeyOf = (target: EventTarget | null): string | null => {
      const list = listRef.current;
      if (list === null || !(target instanceof Node) || !list.contains(target)) return null;
      const item = Array.from(list.children).find((child) => child.contains(target));
      return item?.getAttribute('data-key') ?? null;
    };
    const onFocusIn = (event: FocusEvent) => {
      held.current = itemKeyOf(event.target);
    };
    const onPointerDown = (event: PointerEvent) => {
      lastPressWasKey.current = false;
      // A press outside the list moves the person's attention, even where nothing takes focus.
      if (itemKeyOf(event.target) === null) held.current = null;
    };
    const onKeyDown = () => {
      lastPressWasKey.current = true;
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [listRef]);

  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = keys;
    const gone = held.current;
    if (gone === null || !before.includes(gone) || keys.includes(gone)) return;
    held.current = null;
    const active = document.activeElement;
    if (active !== null && active !== document.body) return; // focus is somewhere on purpose
    const next = before.slice(before.indexOf(gone) + 1).find((key) => keys.includes(key));
    const target =
      next === undefined
        ? headingRef?.current
        : listRef.current?.querySelector(`:scope > [data-key="${CSS.escape(next)}"]`);
    if (target instanceof HTMLElement) target.focus({ focusVisible: lastPressWasKey.current });
  }, [keys, listRef, headingRef]);
}
