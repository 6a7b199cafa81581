import { useSyncExternalStore } from 'react';

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
