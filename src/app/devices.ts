/**
 * People on other devices. On the Node server (`npm run serve`) others change the data too, and
 * no tab of this browser hears of it (tabs.ts covers only this browser's tabs). So the lists are
 * read again, quietly (what is on screen stays, the feed keeps its place), when the page is shown
 * again after being hidden, and every `pollMs` while it is shown. A hidden page asks nothing.
 * The mock lives in this browser: there, tabs.ts already hears every change and this is not used.
 */

/** How often a shown page reads the lists again for changes made on other devices. */
export const DEVICE_POLL_MS = 30_000;

/** What this needs of `document`: whether the page is shown, and being told when that changes. */
export interface VisibilitySource {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/** `listener` runs when changes on other devices may be there to see. Returns an unsubscribe. */
export function onOtherDevicesMayHaveChanged(
  listener: () => void,
  {
    pollMs = DEVICE_POLL_MS,
    page = typeof document === 'undefined' ? undefined : document,
  }: { pollMs?: number; page?: VisibilitySource } = {},
): () => void {
  if (page === undefined) return () => undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  const pollWhileShown = () => {
    clearInterval(timer);
    timer = page.visibilityState === 'visible' ? setInterval(listener, pollMs) : undefined;
  };
  const onVisibilityChange = () => {
    if (page.visibilityState === 'visible') listener();
    pollWhileShown();
  };
  page.addEventListener('visibilitychange', onVisibilityChange);
  pollWhileShown();
  return () => {
    page.removeEventListener('visibilitychange', onVisibilityChange);
    clearInterval(timer);
  };
}
