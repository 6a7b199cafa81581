import { useEffect, useRef, useSyncExternalStore } from 'react';

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
 */
export function useAdoptTypedBeforeHydration<Field extends string>(
  formLabel: string,
  current: Record<Field, string>,
  adopt: (field: Field, value: string) => void,
): void {
  const mounted = useRef({ formLabel, current, adopt });
  useEffect(() => {
    const { formLabel: label, current: values, adopt: take } = mounted.current;
    const form = document.querySelector(`form[aria-label="${label}"]`);
    if (!(form instanceof HTMLFormElement)) return;
    for (const field of Object.keys(values) as Field[]) {
      const input = form.elements.namedItem(field);
      if (input instanceof HTMLInputElement && input.value !== values[field]) {
        take(field, input.value);
      }
    }
  }, []);
}
