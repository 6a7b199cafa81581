/**
 * Design tokens. Every colour, space, radius, font size and breakpoint a component uses comes
 * from here, through styled-components' typed `DefaultTheme` (see styled.d.ts).
 *
 * One theme, two palettes. Spacing, type, radii and breakpoints are one set. Colours and shadows
 * have a light and a dark value each (`lightTheme`, `darkTheme`: the real values), but the theme
 * the components read (`theme`) holds CSS custom properties instead, `var(--color-surface)` and
 * so on, which `themeCss` defines for both schemes and GlobalStyle puts on the page. So the same
 * markup and the same class names are right in light and in dark: switching is setting
 * `data-theme` on `<html>`, and HTML prerendered once serves both (nothing is drawn again).
 *
 * Contrast: the pairs the components draw are listed in ./contrast.ts, each held to WCAG's
 * minimum in both palettes by a unit test and shown with its computed ratio on Storybook's
 * 'Guides/Design tokens'.
 */

/** The two colour schemes a theme can be. */
export type ColorScheme = 'light' | 'dark';

/** Every colour token, by name: the same names in both themes. */
// A type, not an interface: `Object.entries(colors)` then knows every value is a string.
export type ThemeColors = {
  /** The page behind everything. */
  background: string;
  /** Cards, fields, the bars. */
  surface: string;
  /** Dialogs, menus, toasts: what floats above the page. */
  surfaceRaised: string;
  /** Comments, hovered buttons, image wells. */
  surfaceSunken: string;
  /** Hairlines between and around things. */
  border: string;
  /** Borders that show a control (fields, secondary buttons): 3:1 at least. */
  borderStrong: string;
  text: string;
  textMuted: string;
  primary: string;
  primaryStrong: string;
  primarySoft: string;
  /** Text on `primary`, `primaryStrong` and `danger`. */
  onPrimary: string;
  danger: string;
  dangerSoft: string;
  success: string;
  accentLike: string;
  focus: string;
  /** The dim layer behind a dialog (translucent). */
  overlay: string;
};

const shared = {
  space: {
    xxs: '0.25rem',
    xs: '0.5rem',
    sm: '0.75rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
    xxl: '3rem',
  },
  radii: {
    sm: '0.375rem',
    md: '0.625rem',
    lg: '1rem',
    pill: '999px',
    round: '50%',
  },
  font: {
    family: "'Inter', system-ui, sans-serif",
    size: {
      xs: '0.75rem',
      sm: '0.875rem',
      md: '1rem',
      lg: '1.125rem',
      xl: '1.375rem',
      xxl: '1.75rem',
    },
    weight: { regular: 400, medium: 600, bold: 700 },
    lineHeight: { tight: 1.25, normal: 1.5 },
  },
  /** The single small-screen breakpoint: phones below it, everything else above. */
  breakpoints: { phone: '48rem' },
  media: { phone: '@media (max-width: 47.99rem)' },
  zIndex: { sticky: 10, menu: 20, dialog: 30, toast: 40 },
  transition: '120ms ease-out',
} as const;

export interface ThemeShadows {
  card: string;
  raised: string;
}

/** What `DefaultTheme` is: what every component reads. */
export type Theme = typeof shared & {
  colors: ThemeColors;
  shadows: ThemeShadows;
};

/** A theme with the real values of one scheme: `lightTheme`, `darkTheme`. */
export type SchemeTheme = Theme & {
  /** Which scheme these values are for: the page's `color-scheme` in it. */
  scheme: ColorScheme;
};

/** The light values: a new visitor's, and the page's when nothing else is said. */
export const lightTheme: SchemeTheme = {
  ...shared,
  scheme: 'light',
  colors: {
    background: '#f6f5fb',
    surface: '#ffffff',
    surfaceRaised: '#ffffff',
    surfaceSunken: '#efedf7',
    border: '#dcd8ea',
    borderStrong: '#8e89a6',
    text: '#1d1b2c',
    textMuted: '#6b6780',
    primary: '#5234c9',
    primaryStrong: '#4a2db8',
    primarySoft: '#ece8fc',
    onPrimary: '#ffffff',
    danger: '#b42318',
    dangerSoft: '#fdecea',
    success: '#047857',
    accentLike: '#be185d',
    focus: '#5234c9',
    overlay: 'rgba(18, 16, 33, 0.55)',
  },
  shadows: {
    card: '0 1px 2px rgba(29, 27, 44, 0.06), 0 1px 3px rgba(29, 27, 44, 0.08)',
    raised: '0 12px 32px rgba(29, 27, 44, 0.18)',
  },
};

/** The dark values: the same tokens, light text on deep violet-grey surfaces. */
export const darkTheme: SchemeTheme = {
  ...shared,
  scheme: 'dark',
  colors: {
    background: '#13111c',
    surface: '#1c1a28',
    surfaceRaised: '#242134',
    surfaceSunken: '#2a2739',
    border: '#373349',
    borderStrong: '#8a85a3',
    text: '#eceaf5',
    textMuted: '#aaa6bd',
    primary: '#a898ff',
    primaryStrong: '#c3b8ff',
    primarySoft: '#2f2858',
    onPrimary: '#14102b',
    danger: '#ff8f85',
    dangerSoft: '#3d2226',
    success: '#5cd3a0',
    accentLike: '#f77fb9',
    focus: '#b8abff',
    overlay: 'rgba(4, 3, 10, 0.7)',
  },
  shadows: {
    card: '0 1px 2px rgba(0, 0, 0, 0.35), 0 1px 3px rgba(0, 0, 0, 0.4)',
    raised: '0 12px 32px rgba(0, 0, 0, 0.55)',
  },
};

/** Both palettes, by scheme. */
export const themes: Record<ColorScheme, SchemeTheme> = { light: lightTheme, dark: darkTheme };

/** `surfaceRaised` → `surface-raised`: CSS names are written in kebab case. */
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The custom property of a colour token: `--color-surface-raised`. */
export const colorVariable = (name: keyof ThemeColors) => `--color-${kebab(name)}`;
/** The custom property of a shadow token: `--shadow-card`. */
export const shadowVariable = (name: keyof ThemeShadows) => `--shadow-${kebab(name)}`;

function mapValues<T extends object>(values: T, to: (name: keyof T) => string) {
  return Object.fromEntries(Object.keys(values).map((name) => [name, to(name as keyof T)])) as {
    [K in keyof T]: string;
  };
}

/** The declarations of one scheme: its `color-scheme` and every custom property's value. */
function declarations(values: SchemeTheme): string {
  const colors = Object.entries(values.colors).map(
    ([name, value]) => `${colorVariable(name as keyof ThemeColors)}:${value};`,
  );
  const shadows = Object.entries(values.shadows).map(
    ([name, value]) => `${shadowVariable(name as keyof ThemeShadows)}:${value};`,
  );
  return [`color-scheme:${values.scheme};`, ...colors, ...shadows].join('');
}

/**
 * The custom properties of both schemes, as CSS (GlobalStyle puts it on the page). Light on
 * `:root`, so a page nobody has chosen for is light; dark where `<html data-theme="dark">` says
 * so, and on a dark device while nothing says otherwise (the boot script always says, so that
 * rule is for a page whose script did not run).
 */
export const themeCss = [
  `:root,html[data-theme="light"]{${declarations(lightTheme)}}`,
  `html[data-theme="dark"]{${declarations(darkTheme)}}`,
  `@media (prefers-color-scheme: dark){html:not([data-theme]){${declarations(darkTheme)}}}`,
].join('\n');

/**
 * The theme the components are given: every colour and shadow is its custom property
 * (`var(--color-surface)`), so whichever scheme `<html>` is in, the same CSS is right. For the
 * real values, read `themes[scheme]`.
 */
export const theme: Theme = {
  ...shared,
  colors: mapValues(lightTheme.colors, (name) => `var(${colorVariable(name)})`),
  shadows: mapValues(lightTheme.shadows, (name) => `var(${shadowVariable(name)})`),
};
