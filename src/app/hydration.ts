import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { PRESSED_BEFORE_APP } from './boot';

const neverChanges = () => () => undefined;

/**
 * False while the app renders the build's prerendered HTML (on the server, and in the browser
 * while hydrating it), true in every other render. React reads the server value during hydration
 * and renders again at once with the client's, so what the prerender could not know (who is
 * signed in, their stored theme choice, the page's own content) appears right after hydration,
 * and the first client render still equals the HTML. A fresh (non-hydrating) render is true from
 * the start.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

/**
 * Text typed into a prerendered form before the app hydrated it. The form can be typed into
 * from the first paint, while its JavaScript is still on the way; React keeps that text in the
 * fields but does not tell the page, whose state would stay empty (a Login press would then say
 * the fields are blank). Once the page has mounted, each named field of the form labelled
 * `formLabel` whose text differs from `current` is handed to `adopt`, as if just typed. A fresh
 * render finds nothing to adopt.
 *
 * Answers whether that is done: true from the render that holds the adopted text on (`adopt`'s
 * state updates and this flag are set in one effect, so they land in the same render). Until
 * then a press must not be replayed: it would send the page's state from before the adoption,
 * empty fields (a loaded machine rendered the adoption a frame late, and an early Enter sent a
 * blank login, which the form refused without a word since the text then appeared).
 */
export function useAdoptTypedBeforeHydration<Field extends string>(
  formLabel: string,
  current: Record<Field, string>,
  adopt: (field: Field, value: string) => void,
): boolean {
  const mounted = useRef({ formLabel, current, adopt });
  const [adopted, setAdopted] = useState(false);
  useEffect(() => {
    const { formLabel: label, current: values, adopt: take } = mounted.current;
    const form = document.querySelector(`form[aria-label="${label}"]`);
    if (form instanceof HTMLFormElement) {
      for (const field of Object.keys(values) as Field[]) {
        const input = form.elements.namedItem(field);
        if (input instanceof HTMLInputElement && input.value !== values[field]) {
          take(field, input.value);
        }
      }
    }
    // Once, from what the DOM held before React ran (an outside source): the one render more is
    // the point, it carries the adopted text and the flag together.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reads the pre-hydration DOM once
    setAdopted(true);
  }, []);
  return adopted;
}

/**
 * The buttons pressed before the app ran, from the boot script's list, and those React dropped
 * since, until the page that presses them again takes them.
 */
let pressedBeforeApp: HTMLElement[] = [];
/** Ends the list: the boot script lists no more, and the window's listener goes. */
let stopListing: () => void = () => undefined;

/**
 * Takes the boot script's list of buttons pressed before the app ran, for
 * `useReplayPressedBeforeHydration`. Called just before the app is hydrated or rendered.
 *
 * From then on React handles each press, but one on markup it has not hydrated yet (a lazily
 * loaded page whose code is still on its way) it drops, and stops there: it does not press it
 * again once hydrated. So the list stays open until the page that presses again what it holds is
 * committed: the boot script's listener (capturing, on the window) still lists every press, and
 * one that then reaches the window (bubbling) was handled and leaves the list. What stays is what
 * React dropped.
 */
export function takePressedBeforeApp(): void {
  const holder = window as unknown as { [PRESSED_BEFORE_APP]?: HTMLElement[] | null };
  const listed = holder[PRESSED_BEFORE_APP];
  pressedBeforeApp = listed ?? [];
  if (!listed) return;
  const handled = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    const at = button === null ? -1 : listed.lastIndexOf(button);
    if (at >= 0) listed.splice(at, 1);
  };
  window.addEventListener('click', handled);
  stopListing = () => {
    window.removeEventListener('click', handled);
    holder[PRESSED_BEFORE_APP] = null;
    stopListing = () => undefined;
  };
}

/**
 * Ends the list for good, once a page is first drawn (every screen does, as it commits: see
 * routes.tsx). From then on React handles each press on that page; what it dropped before on a
 * page that does not press it again (the signed-in shell's) stays dropped, and the boot script's
 * listener no longer lists every press for the page's whole life. The login and sign-up pages
 * have taken what was listed by then (`useReplayPressedBeforeHydration`, whose layout effect, a
 * child's, runs first).
 */
export function endPressedBeforeApp(): void {
  stopListing();
  pressedBeforeApp = [];
}

/**
 * Presses again what was pressed before the app ran, once the page holding the buttons has
 * hydrated and `ready` (what `useAdoptTypedBeforeHydration` answers: the text typed early is in
 * the page's state, so a Login pressed early sends it), one at a time so that each sees what the
 * one before changed (the guest button, then Login). A button gone or disabled meanwhile is left
 * alone.
 *
 * From the page's commit (its handlers are attached) the list ends, and while it still holds
 * presses a new one joins it instead of being handled at once: a Login pressed before the text
 * is adopted, or before the guest button pressed earlier is pressed again, would send blank
 * fields, and the guest's credentials would land after it.
 */
export function useReplayPressedBeforeHydration(ready: boolean): void {
  const queue = useRef<HTMLElement[]>([]);
  const holding = useRef<(() => void) | null>(null);
  /** True while a queued press is pressed again: that one click goes through. */
  const replaying = useRef(false);
  useLayoutEffect(() => {
    stopListing();
    // Added to, not replaced: StrictMode runs this twice, and the second run finds the list taken.
    queue.current.push(...pressedBeforeApp.splice(0));
    if (queue.current.length === 0) return;
    const hold = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (replaying.current || button === null) return;
      event.preventDefault();
      event.stopPropagation();
      queue.current.push(button);
    };
    window.addEventListener('click', hold, true);
    const release = () => {
      window.removeEventListener('click', hold, true);
      holding.current = null;
    };
    holding.current = release;
    return release;
  }, []);
  useEffect(() => {
    if (!ready || holding.current === null) return;
    let stopped = false;
    const next = () => {
      if (stopped) return;
      const button = queue.current.shift();
      if (button === undefined) {
        holding.current?.();
        return;
      }
      if (button.isConnected && !(button as HTMLButtonElement).disabled) {
        // `click()` dispatches at once: the flag covers exactly this press.
        replaying.current = true;
        button.click();
        replaying.current = false;
      }
      afterNextFrame(next);
    };
    // A frame on, outside React's effects (a click from inside one is not handled at once): this
    // render, which holds the adopted text, is on the screen by then.
    afterNextFrame(next);
    return () => {
      stopped = true;
    };
  }, [ready]);
}

/** Runs `run` once the next frame is drawn: what the last step changed is rendered by then. */
function afterNextFrame(run: () => void) {
  requestAnimationFrame(() => setTimeout(run, 0));
}
