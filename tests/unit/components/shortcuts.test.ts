import { describe, expect, it } from 'vitest';
import { readShortcut, SHORTCUTS } from '../../../src/components/ui/shortcuts';

describe('readShortcut (the keyboard reading table)', () => {
  it('reads a feed key on its own, and not as an app key', () => {
    expect(readShortcut([], 'j', 'feed')).toEqual({ kind: 'shortcut', id: 'next' });
    expect(readShortcut([], 'o', 'feed')).toEqual({ kind: 'shortcut', id: 'open' });
    expect(readShortcut([], 'Enter', 'feed')).toEqual({ kind: 'shortcut', id: 'open' });
    expect(readShortcut([], 'j', 'app')).toEqual({ kind: 'none' });
  });

  it('waits after g, then reads the page it goes to', () => {
    expect(readShortcut([], 'g', 'app')).toEqual({ kind: 'pending', keys: ['g'] });
    expect(readShortcut(['g'], 'h', 'app')).toEqual({ kind: 'shortcut', id: 'goHome' });
    expect(readShortcut(['g'], 'b', 'app')).toEqual({ kind: 'shortcut', id: 'goBookmarks' });
    expect(readShortcut(['g'], 'p', 'app')).toEqual({ kind: 'shortcut', id: 'goProfile' });
  });

  it('drops a sequence that does not go on, and reads its last key alone', () => {
    expect(readShortcut(['g'], 'n', 'app')).toEqual({ kind: 'shortcut', id: 'newPost' });
    expect(readShortcut(['g'], 'x', 'app')).toEqual({ kind: 'none' });
    expect(readShortcut(['g'], 'g', 'app')).toEqual({ kind: 'pending', keys: ['g'] });
  });

  it('gives every key press to one shortcut at most', () => {
    const ways = SHORTCUTS.flatMap((shortcut) =>
      shortcut.keys.map((keys) => `${shortcut.scope} ${keys.join(' ')}`),
    );
    expect(new Set(ways).size).toBe(ways.length);
    // Every way in the table reads back as its own shortcut: none is shadowed by another.
    for (const shortcut of SHORTCUTS) {
      for (const keys of shortcut.keys) {
        const reading = readShortcut(
          keys.slice(0, -1),
          keys[keys.length - 1] as string,
          shortcut.scope,
        );
        expect(reading).toEqual({ kind: 'shortcut', id: shortcut.id });
      }
    }
  });
});
