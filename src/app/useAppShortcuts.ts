import { useEffect, useRef } from 'react';
import {
  mayBeShortcut,
  readShortcut,
  SEQUENCE_TIMEOUT_MS,
  type ShortcutId,
} from '../components/ui/shortcuts';

/** What the app does for each of its shortcuts; one left out (or undefined) does nothing here. */
export type AppShortcutHandlers = Partial<Record<ShortcutId, (() => void) | undefined>>;

/** Keys pressed on their own while holding nothing: they neither make nor break a sequence. */
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock']);

/**
 * The app's own shortcuts from the shortcuts table ('app' scope): n, ?, and the two-key g
 * sequences, whose second key must follow within SEQUENCE_TIMEOUT_MS. Read on the window before
 * anything else sees the key (capture), so the second key of a sequence is taken by it and not
 * also read by the feed: g then b goes to Bookmarks without bookmarking the focused post. The
 * same guard as every shortcut (mayBeShortcut): never while typing, with Ctrl, Alt or Meta, or
 * with a dialog open.
 */
export function useAppShortcuts(handlers: AppShortcutHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    let pending: readonly string[] = [];
    let timer = 0;
    const reset = () => {
      pending = [];
      window.clearTimeout(timer);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (MODIFIERS.has(event.key)) return;
      if (!mayBeShortcut(event)) {
        reset();
        return;
      }
      const reading = readShortcut(pending, event.key, 'app');
      reset();
      if (reading.kind === 'pending') {
        pending = reading.keys;
        timer = window.setTimeout(reset, SEQUENCE_TIMEOUT_MS);
        return;
      }
      if (reading.kind !== 'shortcut') return;
      const run = latest.current[reading.id];
      if (run === undefined) return;
      event.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => {
      reset();
      window.removeEventListener('keydown', onKeyDown, { capture: true });
    };
  }, []);
}
