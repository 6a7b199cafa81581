/**
 * The theme as CSS custom properties: what the components read is the same in both schemes, and
 * the CSS GlobalStyle puts on the page gives each property its light and its dark value.
 */
import { describe, expect, it } from 'vitest';
import {
  colorVariable,
  darkTheme,
  lightTheme,
  shadowVariable,
  theme,
  themeCss,
  type ThemeColors,
  type ThemeShadows,
} from '../../../src/components/ui/theme';

/** The declarations of the first rule whose selector starts with `selector`. */
function block(selector: string): string {
  const at = themeCss.indexOf(selector);
  expect(at).toBeGreaterThanOrEqual(0);
  const open = themeCss.indexOf('{', at);
  return themeCss.slice(open + 1, themeCss.indexOf('}', open));
}

describe('the theme', () => {
  it('gives the components a custom property for every colour and shadow', () => {
    expect(theme.colors.surface).toBe('var(--color-surface)');
    expect(theme.colors.surfaceRaised).toBe('var(--color-surface-raised)');
    expect(theme.shadows.card).toBe('var(--shadow-card)');
    expect(Object.keys(theme.colors).sort()).toEqual(Object.keys(lightTheme.colors).sort());
    // Spacing, type and the rest are plain values, the same in both schemes.
    expect(theme.space).toBe(lightTheme.space);
  });

  it('defines each property with its light value on :root and its dark value for data-theme', () => {
    const light = block(':root');
    const dark = block('html[data-theme="dark"]');
    expect(light).toContain('color-scheme:light;');
    expect(dark).toContain('color-scheme:dark;');
    for (const name of Object.keys(lightTheme.colors) as (keyof ThemeColors)[]) {
      expect(light).toContain(`${colorVariable(name)}:${lightTheme.colors[name]};`);
      expect(dark).toContain(`${colorVariable(name)}:${darkTheme.colors[name]};`);
    }
    for (const name of Object.keys(lightTheme.shadows) as (keyof ThemeShadows)[]) {
      expect(light).toContain(`${shadowVariable(name)}:${lightTheme.shadows[name]};`);
      expect(dark).toContain(`${shadowVariable(name)}:${darkTheme.shadows[name]};`);
    }
  });

  it('is dark on a dark device only while the page has not said which scheme it is in', () => {
    expect(themeCss).toContain(
      '@media (prefers-color-scheme: dark){html:not([data-theme]){color-scheme:dark;',
    );
  });
});
