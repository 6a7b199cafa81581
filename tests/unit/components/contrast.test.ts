/** The contrast of the theme's colour pairs in both themes, as the design-tokens docs page shows it. */
import { describe, expect, it } from 'vitest';
import {
  COLOUR_PAIRS,
  contrastRatio,
  MINIMUM_CONTRAST,
  relativeLuminance,
} from '../../../src/components/ui/contrast';
import { darkTheme, lightTheme, themes } from '../../../src/components/ui/theme';

describe('contrast', () => {
  it('computes WCAG 2.1 relative luminance and contrast ratios', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('#fff')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    expect(contrastRatio('#5234c9', '#5234c9')).toBe(1);
    // #767676 on white is the classic lightest grey that passes 4.5:1; #777777 just fails.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('refuses what is not a hex colour', () => {
    expect(() => relativeLuminance('rgba(0, 0, 0, 0.5)')).toThrow('Not a hex colour');
  });

  it('has the same colour names in both themes, and the dark one is dark', () => {
    expect(Object.keys(darkTheme.colors).sort()).toEqual(Object.keys(lightTheme.colors).sort());
    expect(lightTheme.scheme).toBe('light');
    expect(darkTheme.scheme).toBe('dark');
    expect(relativeLuminance(darkTheme.colors.background)).toBeLessThan(0.02);
    expect(relativeLuminance(darkTheme.colors.text)).toBeGreaterThan(0.7);
  });

  const cases = (['light', 'dark'] as const).flatMap((scheme) =>
    COLOUR_PAIRS.map((pair) => [scheme, pair.foreground, pair.background, pair] as const),
  );
  it.each(cases)(
    '%s: %s on %s meets its minimum',
    (scheme, _foreground, _background, { foreground, background, kind }) => {
      const { colors } = themes[scheme];
      const ratio = contrastRatio(colors[foreground], colors[background]);
      expect(ratio).toBeGreaterThanOrEqual(MINIMUM_CONTRAST[kind]);
    },
  );
});
