import { assign, fromCallback, setup, type SnapshotFrom } from 'xstate';
import type { StorageLike } from './storage';

/**
 * The appearance: Light, Dark, or System, which follows the device's
 * `prefers-color-scheme` for as long as it is chosen. System is the default. The choice is kept
 * in storage under {@link APPEARANCE_STORAGE_KEY}, so it survives a reload, and another tab's
 * choice arrives as `STORED_CHOICE_CHANGED` (the app hears it through the `storage` event, in
 * src/app/tabs.ts).
 *
 * - state `system`: invokes `systemScheme`, which reports the device's scheme at once and on
 *   every change (`SYSTEM_CHANGED`);
 * - state `fixed`: Light or Dark, whatever the device says.
 *
 * The scheme to draw is `selectColorScheme`; the choice the switch shows, `selectAppearance`.
 */
export type Appearance = 'light' | 'dark' | 'system';
export type ColorScheme = 'light' | 'dark';

/**
 * The one storage key of the choice. index.html's first-paint script reads it too: that script
 * is generated from this constant (src/app/themeBoot.ts, injected by vite.config.ts), so the two
 * can never disagree.
 */
export const APPEARANCE_STORAGE_KEY = 'murmur:appearance';

/** The stored value as a choice: anything else (nothing, an old value) is System. */
export function parseAppearance(value: string | null | undefined): Appearance {
  return value === 'light' || value === 'dark' || value === 'system' ? value : 'system';
}

export interface AppearanceInput {
  /** Where the choice is kept: localStorage in the app, memory in stories, null for nowhere. */
  storage?: StorageLike | null;
  /** The device's scheme when the app starts, before `systemScheme` reports. Default light. */
  system?: ColorScheme;
}

export interface AppearanceContext {
  choice: Appearance;
  system: ColorScheme;
  storage: StorageLike | null;
}

export type AppearanceEvent =
  /** The person picked a choice: draw it and remember it. */
  | { type: 'CHOOSE'; choice: Appearance }
  /** The device's scheme changed (or was first read) while the choice is System. */
  | { type: 'SYSTEM_CHANGED'; scheme: ColorScheme }
  /** Another tab stored a choice: follow it without writing it again. */
  | { type: 'STORED_CHOICE_CHANGED'; choice: Appearance };

function readChoice(storage: StorageLike | null): Appearance {
  try {
    return parseAppearance(storage?.getItem(APPEARANCE_STORAGE_KEY));
  } catch {
    return 'system'; // storage refused to be read: the default
  }
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * The device's scheme through `matchMedia`: sent at once and on every change, until the state
 * that invoked it is left. Where there is no `matchMedia` (Node), nothing is sent.
 */
export const systemSchemeActor = fromCallback<AppearanceEvent>(({ sendBack }) => {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return undefined;
  const query = window.matchMedia(DARK_QUERY);
  const report = () =>
    sendBack({ type: 'SYSTEM_CHANGED', scheme: query.matches ? 'dark' : 'light' });
  report();
  query.addEventListener('change', report);
  return () => query.removeEventListener('change', report);
});

/** The device's scheme now, for the first paint of the app (the default when unknown). */
export function currentSystemScheme(): ColorScheme {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'light';
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** The input's type for `setup` (every field is optional, so an empty one is a whole input). */
const inputType: AppearanceInput = {};

export const appearanceMachine = setup({
  types: {
    input: inputType,
    context: {} as AppearanceContext,
    events: {} as AppearanceEvent,
  },
  actors: { systemScheme: systemSchemeActor },
  actions: {
    choose: assign({
      choice: (_, params: { choice: Appearance }) => params.choice,
    }),
    store: ({ context }) => {
      try {
        context.storage?.setItem(APPEARANCE_STORAGE_KEY, context.choice);
      } catch {
        // Storage full or refused: the choice still holds for this visit.
      }
    },
    followSystem: assign({
      system: (_, params: { scheme: ColorScheme }) => params.scheme,
    }),
  },
  guards: {
    isSystem: ({ context }) => context.choice === 'system',
  },
}).createMachine({
  id: 'appearance',
  context: ({ input }) => {
    const storage = input.storage ?? null;
    return { choice: readChoice(storage), system: input.system ?? 'light', storage };
  },
  initial: 'deciding',
  on: {
    CHOOSE: {
      target: '.deciding',
      actions: [{ type: 'choose', params: ({ event }) => ({ choice: event.choice }) }, 'store'],
    },
    STORED_CHOICE_CHANGED: {
      target: '.deciding',
      actions: { type: 'choose', params: ({ event }) => ({ choice: event.choice }) },
    },
  },
  states: {
    deciding: {
      always: [{ guard: 'isSystem', target: 'system' }, { target: 'fixed' }],
    },
    system: {
      invoke: { src: 'systemScheme' },
      on: {
        SYSTEM_CHANGED: {
          actions: { type: 'followSystem', params: ({ event }) => ({ scheme: event.scheme }) },
        },
      },
    },
    fixed: {},
  },
});

export type AppearanceSnapshot = SnapshotFrom<typeof appearanceMachine>;

/** What the person chose: what the switch shows as checked. */
export function selectAppearance(snapshot: AppearanceSnapshot): Appearance {
  return snapshot.context.choice;
}

/** The scheme to draw: the choice, or the device's scheme while the choice is System. */
export function selectColorScheme(snapshot: AppearanceSnapshot): ColorScheme {
  const { choice, system } = snapshot.context;
  return choice === 'system' ? system : choice;
}
