import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import {
  APPEARANCE_STORAGE_KEY,
  appearanceMachine,
  parseAppearance,
  selectAppearance,
  selectColorScheme,
  systemSchemeActor,
  type AppearanceEvent,
  type ColorScheme,
  type StorageLike,
} from '../../../src/machines';

function memoryStorage(initial: Record<string, string> = {}): StorageLike & {
  items: Map<string, string>;
} {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/**
 * A stand-in for the device's `prefers-color-scheme`: `set` changes it, and the machine hears it
 * only while its `systemScheme` actor runs (`listening`).
 */
function fakeDevice(initial: ColorScheme) {
  let scheme = initial;
  const listeners = new Set<(event: AppearanceEvent) => void>();
  const actor = fromCallback<AppearanceEvent>(({ sendBack }) => {
    listeners.add(sendBack);
    sendBack({ type: 'SYSTEM_CHANGED', scheme });
    return () => listeners.delete(sendBack);
  });
  return {
    actor,
    listening: () => listeners.size,
    set(next: ColorScheme) {
      scheme = next;
      for (const send of listeners) send({ type: 'SYSTEM_CHANGED', scheme: next });
    },
  };
}

function start(storage: StorageLike | null, device = fakeDevice('light')) {
  const actor = createActor(appearanceMachine.provide({ actors: { systemScheme: device.actor } }), {
    input: { storage },
  }).start();
  return { actor, device };
}

describe('appearance machine', () => {
  it('starts on System with nothing stored, and follows the device while System', () => {
    const { actor, device } = start(memoryStorage(), fakeDevice('dark'));
    expect(selectAppearance(actor.getSnapshot())).toBe('system');
    expect(selectColorScheme(actor.getSnapshot())).toBe('dark');
    device.set('light');
    expect(selectColorScheme(actor.getSnapshot())).toBe('light');
    device.set('dark');
    expect(selectColorScheme(actor.getSnapshot())).toBe('dark');
  });

  it('draws the chosen scheme whatever the device says, and stops listening to it', () => {
    const storage = memoryStorage();
    const { actor, device } = start(storage, fakeDevice('light'));
    expect(device.listening()).toBe(1);
    actor.send({ type: 'CHOOSE', choice: 'dark' });
    expect(selectAppearance(actor.getSnapshot())).toBe('dark');
    expect(selectColorScheme(actor.getSnapshot())).toBe('dark');
    expect(device.listening()).toBe(0);
    device.set('light');
    expect(selectColorScheme(actor.getSnapshot())).toBe('dark');
    actor.send({ type: 'CHOOSE', choice: 'light' });
    device.set('dark');
    expect(selectColorScheme(actor.getSnapshot())).toBe('light');
  });

  it('goes back to following the device when System is chosen again', () => {
    const { actor, device } = start(memoryStorage(), fakeDevice('light'));
    actor.send({ type: 'CHOOSE', choice: 'light' });
    device.set('dark');
    actor.send({ type: 'CHOOSE', choice: 'system' });
    expect(device.listening()).toBe(1);
    expect(selectColorScheme(actor.getSnapshot())).toBe('dark');
  });

  it('remembers the choice in storage under one key, and a new start reads it', () => {
    const storage = memoryStorage();
    const first = start(storage).actor;
    first.send({ type: 'CHOOSE', choice: 'dark' });
    expect(storage.items.get(APPEARANCE_STORAGE_KEY)).toBe('dark');
    first.stop();
    const again = start(storage, fakeDevice('light')).actor;
    expect(selectAppearance(again.getSnapshot())).toBe('dark');
    expect(selectColorScheme(again.getSnapshot())).toBe('dark');
  });

  it('follows another tab’s stored choice without writing it again', () => {
    const storage = memoryStorage();
    const setItem = vi.spyOn(storage, 'setItem');
    const { actor } = start(storage, fakeDevice('light'));
    actor.send({ type: 'STORED_CHOICE_CHANGED', choice: 'dark' });
    expect(selectColorScheme(actor.getSnapshot())).toBe('dark');
    actor.send({ type: 'STORED_CHOICE_CHANGED', choice: 'system' });
    expect(selectColorScheme(actor.getSnapshot())).toBe('light');
    expect(setItem).not.toHaveBeenCalled();
  });

  it('reads an unknown stored value as System, and survives storage that throws', () => {
    expect(parseAppearance('sepia')).toBe('system');
    expect(parseAppearance(null)).toBe('system');
    expect(
      selectAppearance(start(memoryStorage({ [APPEARANCE_STORAGE_KEY]: 'x' })).actor.getSnapshot()),
    ).toBe('system');
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    };
    const { actor } = start(broken, fakeDevice('dark'));
    expect(selectColorScheme(actor.getSnapshot())).toBe('dark');
    actor.send({ type: 'CHOOSE', choice: 'light' });
    expect(selectColorScheme(actor.getSnapshot())).toBe('light');
  });

  it('works with no storage at all', () => {
    const { actor } = start(null, fakeDevice('light'));
    actor.send({ type: 'CHOOSE', choice: 'dark' });
    expect(selectColorScheme(actor.getSnapshot())).toBe('dark');
  });
});

describe('the device’s scheme through matchMedia', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports the current scheme and each change, and stops listening when stopped', () => {
    const listeners = new Set<() => void>();
    const query = {
      matches: true,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    };
    const matchMedia = vi.fn(() => query);
    vi.stubGlobal('window', { matchMedia });
    const actor = createActor(
      appearanceMachine.provide({ actors: { systemScheme: systemSchemeActor } }),
      {
        input: { storage: null },
      },
    ).start();
    expect(matchMedia).toHaveBeenCalledWith('(prefers-color-scheme: dark)');
    expect(selectColorScheme(actor.getSnapshot())).toBe('dark');
    query.matches = false;
    for (const listener of listeners) listener();
    expect(selectColorScheme(actor.getSnapshot())).toBe('light');
    actor.send({ type: 'CHOOSE', choice: 'dark' });
    expect(listeners.size).toBe(0);
  });
});
