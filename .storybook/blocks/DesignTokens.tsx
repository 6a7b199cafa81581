import type { CSSProperties, ReactNode } from 'react';
import { useTheme as useDocsTheme } from 'storybook/theming';
import { COLOUR_PAIRS, contrastRatio, MINIMUM_CONTRAST } from '../../src/components/ui/contrast';
import {
  colorVariable,
  darkTheme,
  lightTheme,
  shadowVariable,
  theme,
  type ThemeColors,
  type ThemeShadows,
} from '../../src/components/ui/theme';

/**
 * The design tokens of src/components/ui/theme.ts as tables, for 'Guides/Design tokens'. Every
 * value comes from the theme and every contrast ratio is computed from it, so the page shows
 * what the components use, never a copy. Colours and shadows are shown with their real values
 * (`lightTheme`, `darkTheme`), not with the custom properties the components' `theme` holds.
 */

const cell: CSSProperties = { padding: '0.5rem 0.75rem', verticalAlign: 'middle' };
const table: CSSProperties = { borderCollapse: 'collapse', width: '100%', margin: '1rem 0 2rem' };

function Table({
  caption,
  head,
  children,
}: {
  caption: string;
  head: string[];
  children: ReactNode;
}) {
  // The caption in the docs page's own text colour, light or dark as the toolbar's theme.
  const docs = useDocsTheme();
  return (
    <table style={table}>
      <caption
        style={{
          textAlign: 'left',
          fontWeight: 700,
          padding: '0.5rem 0',
          color: docs.color.defaultText,
        }}
      >
        {caption}
      </caption>
      <thead>
        <tr>
          {head.map((title) => (
            <th key={title} scope="col" style={{ ...cell, textAlign: 'left' }}>
              {title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

const chip = (background: string, extra: CSSProperties = {}): CSSProperties => ({
  width: '3rem',
  height: '2rem',
  borderRadius: theme.radii.sm,
  background,
  boxShadow: 'inset 0 0 0 1px rgba(0, 0, 0, 0.15)',
  ...extra,
});

const SCHEMES = [
  { name: 'Light', colors: lightTheme.colors },
  { name: 'Dark', colors: darkTheme.colors },
] as const;

/** Every colour token with its value in the light theme and in the dark one. */
export function ColourTokens() {
  return (
    <Table
      caption="Every colour token, in both themes"
      head={['Token', 'Custom property', 'Light', 'Light value', 'Dark', 'Dark value']}
    >
      {(Object.keys(lightTheme.colors) as (keyof ThemeColors)[]).map((name) => (
        <tr key={name}>
          <td style={cell}>
            <code>colors.{name}</code>
          </td>
          <td style={cell}>
            <code>{colorVariable(name)}</code>
          </td>
          {SCHEMES.map(({ name: scheme, colors }) => [
            <td key={`${scheme}-swatch`} style={cell}>
              <div aria-hidden="true" style={chip(colors[name])} />
            </td>,
            <td key={`${scheme}-value`} style={cell}>
              <code>{colors[name]}</code>
            </td>,
          ])}
        </tr>
      ))}
    </Table>
  );
}

/**
 * Every foreground / background pair the components use, with its computed contrast in one
 * theme (the page shows the table for each).
 */
export function ContrastPairs({ scheme = 'light' }: { scheme?: 'light' | 'dark' }) {
  const colors = scheme === 'dark' ? darkTheme.colors : lightTheme.colors;
  return (
    <Table
      caption={`The pairs the components draw, in the ${scheme} theme`}
      head={['Sample', 'Pair', 'Where', 'Contrast', 'Needs']}
    >
      {COLOUR_PAIRS.map(({ foreground, background, kind, where }) => {
        const fg = colors[foreground];
        const bg = colors[background];
        const ratio = contrastRatio(fg, bg);
        const needed = MINIMUM_CONTRAST[kind];
        return (
          <tr key={`${foreground}-${background}`}>
            <td style={cell}>
              {kind === 'text' ? (
                <span
                  style={{
                    ...chip(bg),
                    color: fg,
                    display: 'inline-flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    fontWeight: 600,
                  }}
                >
                  Aa
                </span>
              ) : (
                <div aria-hidden="true" style={chip(bg, { boxShadow: `inset 0 0 0 3px ${fg}` })} />
              )}
            </td>
            <td style={cell}>
              <code>{foreground}</code> on <code>{background}</code>
            </td>
            <td style={cell}>{where}</td>
            <td style={cell}>
              <strong>{ratio.toFixed(2)}:1</strong>
            </td>
            <td style={cell}>
              {needed}:1 ({kind === 'text' ? 'text' : 'borders, focus'})
              {ratio >= needed ? ' ✓' : ' ✗ too low'}
            </td>
          </tr>
        );
      })}
    </Table>
  );
}

/** The type scale, each size set in the body font. */
export function TypeScale() {
  return (
    <Table caption="Font sizes" head={['Token', 'Size', 'Sample']}>
      {Object.entries(theme.font.size).map(([name, size]) => (
        <tr key={name}>
          <td style={cell}>
            <code>font.size.{name}</code>
          </td>
          <td style={cell}>
            <code>{size}</code> ({parseFloat(size) * 16}px)
          </td>
          <td style={{ ...cell, fontFamily: theme.font.family, fontSize: size }}>
            Murmur keeps the conversation going
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** Weights and line heights. */
export function FontDetails() {
  return (
    <Table caption="Family, weights and line heights" head={['Token', 'Value']}>
      <tr>
        <td style={cell}>
          <code>font.family</code>
        </td>
        <td style={cell}>
          <code>{theme.font.family}</code>
        </td>
      </tr>
      {Object.entries(theme.font.weight).map(([name, weight]) => (
        <tr key={name}>
          <td style={cell}>
            <code>font.weight.{name}</code>
          </td>
          <td style={{ ...cell, fontFamily: theme.font.family, fontWeight: weight }}>
            {weight} · Murmur
          </td>
        </tr>
      ))}
      {Object.entries(theme.font.lineHeight).map(([name, height]) => (
        <tr key={name}>
          <td style={cell}>
            <code>font.lineHeight.{name}</code>
          </td>
          <td style={cell}>
            <code>{height}</code>
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** The spacing scale as bars of each length. */
export function SpacingScale() {
  return (
    <Table caption="The spacing scale" head={['Token', 'Value', 'Length']}>
      {Object.entries(theme.space).map(([name, size]) => (
        <tr key={name}>
          <td style={cell}>
            <code>space.{name}</code>
          </td>
          <td style={cell}>
            <code>{size}</code> ({parseFloat(size) * 16}px)
          </td>
          <td style={cell}>
            <div
              aria-hidden="true"
              style={{ width: size, height: '1rem', background: lightTheme.colors.primary }}
            />
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** The corner radii on a sample box. */
export function RadiiScale() {
  return (
    <Table caption="Corner radii" head={['Token', 'Value', 'Corner']}>
      {Object.entries(theme.radii).map(([name, radius]) => (
        <tr key={name}>
          <td style={cell}>
            <code>radii.{name}</code>
          </td>
          <td style={cell}>
            <code>{radius}</code>
          </td>
          <td style={cell}>
            <div
              aria-hidden="true"
              style={{
                width: '3rem',
                height: '3rem',
                borderRadius: radius,
                background: lightTheme.colors.primarySoft,
                border: `2px solid ${lightTheme.colors.primary}`,
              }}
            />
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** The one breakpoint, the media query components use, and the other layout tokens. */
export function LayoutTokens() {
  return (
    <Table caption="Breakpoint, layers, shadows and motion" head={['Token', 'Value']}>
      <tr>
        <td style={cell}>
          <code>breakpoints.phone</code>
        </td>
        <td style={cell}>
          <code>{theme.breakpoints.phone}</code> ({parseFloat(theme.breakpoints.phone) * 16}px):
          phones below it, everything else at or above
        </td>
      </tr>
      <tr>
        <td style={cell}>
          <code>media.phone</code>
        </td>
        <td style={cell}>
          <code>{theme.media.phone}</code>
        </td>
      </tr>
      {Object.entries(theme.zIndex).map(([name, value]) => (
        <tr key={name}>
          <td style={cell}>
            <code>zIndex.{name}</code>
          </td>
          <td style={cell}>
            <code>{value}</code>
          </td>
        </tr>
      ))}
      {(Object.keys(lightTheme.shadows) as (keyof ThemeShadows)[]).map((name) => (
        <tr key={name}>
          <td style={cell}>
            <code>shadows.{name}</code>
          </td>
          <td style={cell}>
            <code>{shadowVariable(name)}</code>: light <code>{lightTheme.shadows[name]}</code>, dark{' '}
            <code>{darkTheme.shadows[name]}</code>
          </td>
        </tr>
      ))}
      <tr>
        <td style={cell}>
          <code>transition</code>
        </td>
        <td style={cell}>
          <code>{theme.transition}</code> (none under reduced motion)
        </td>
      </tr>
    </Table>
  );
}
