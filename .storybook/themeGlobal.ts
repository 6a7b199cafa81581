import { useSyncExternalStore } from 'react';
import { GLOBALS_UPDATED, SET_GLOBALS } from 'storybook/internal/core-events';
import type { Channel } from 'storybook/internal/channels';
import type { ColorScheme } from '../src/components/ui/theme';

/**
 * The toolbar's Theme switch (`globalTypes.theme` in preview.tsx): 'light' or 'dark'. Stories
 * read it in their decorator; a docs page, which has no story context of its own, follows it
 * through the preview's channel (`useThemeGlobal`). The test-runner sets it to take the dark
 * baselines (test-runner.ts).
 */
export const THEME_GLOBAL = 'theme';

/** The scheme a set of globals asks for (light unless it says dark). */
export function schemeOf(globals: Record<string, unknown> | undefined): ColorScheme {
  return globals?.[THEME_GLOBAL] === 'dark' ? 'dark' : 'light';
}

type GlobalsPayload = [{ globals?: Record<string, unknown> }] | undefined;

function current(channel: Channel): ColorScheme {
  const last = (channel.last(GLOBALS_UPDATED) ?? channel.last(SET_GLOBALS)) as GlobalsPayload;
  return schemeOf(last?.[0]?.globals);
}

/** The toolbar's theme, kept up to date as it changes. */
export function useThemeGlobal(channel: Channel): ColorScheme {
  return useSyncExternalStore(
    (changed) => {
      channel.on(GLOBALS_UPDATED, changed);
      channel.on(SET_GLOBALS, changed);
      return () => {
        channel.off(GLOBALS_UPDATED, changed);
        channel.off(SET_GLOBALS, changed);
      };
    },
    () => current(channel),
  );
}
