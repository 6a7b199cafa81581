/** index.html's first-paint script: the stored choice or the device's scheme, before the app. */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { themeBootScript } from '../../../src/app/themeBoot';
import { darkTheme, lightTheme } from '../../../src/components/ui/theme';
import { APPEARANCE_STORAGE_KEY } from '../../../src/machines';

interface Root {
  attributes: Record<string, string>;
  style: { colorScheme?: string; backgroundColor?: string };
  setAttribute: (name: string, value: string) => void;
}

/** Runs the script against a stand-in window; returns what it did to `<html>`. */
function boot(
  stored: 'light' | 'dark' | 'system' | null | 'throws',
  deviceDark: boolean | 'none',
): Root {
  const root: Root = {
    attributes: {},
    style: {},
    setAttribute(name, value) {
      this.attributes[name] = value;
    },
  };
  const localStorage = {
    getItem: (key: string) => {
      if (stored === 'throws') throw new Error('denied');
      return key === APPEARANCE_STORAGE_KEY ? stored : null;
    },
  };
  const matchMedia =
    deviceDark === 'none'
      ? undefined
      : (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && deviceDark });
  const window = { matchMedia };
  runInNewContext(themeBootScript(), {
    window,
    document: { documentElement: root },
    localStorage,
    matchMedia,
  });
  return root;
}

describe('the first-paint theme script', () => {
  it('paints dark when Dark is stored, whatever the device says', () => {
    const root = boot('dark', false);
    expect(root.attributes['data-theme']).toBe('dark');
    expect(root.style.colorScheme).toBe('dark');
    expect(root.style.backgroundColor).toBe(darkTheme.colors.background);
  });

  it('paints light when Light is stored, whatever the device says', () => {
    const root = boot('light', true);
    expect(root.attributes['data-theme']).toBe('light');
    expect(root.style.backgroundColor).toBe(lightTheme.colors.background);
  });

  it('follows the device for System, nothing stored, or storage that refuses', () => {
    expect(boot('system', true).attributes['data-theme']).toBe('dark');
    expect(boot(null, true).attributes['data-theme']).toBe('dark');
    expect(boot(null, false).attributes['data-theme']).toBe('light');
    expect(boot('throws', true).attributes['data-theme']).toBe('dark');
    expect(boot(null, 'none').attributes['data-theme']).toBe('light');
  });

  it('reads the key the appearance machine writes, and stays small', () => {
    expect(themeBootScript()).toContain(JSON.stringify(APPEARANCE_STORAGE_KEY));
    expect(themeBootScript().length).toBeLessThan(600);
  });
});
