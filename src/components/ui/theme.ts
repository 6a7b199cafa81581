/**
 * Design tokens. Every colour, space, radius, font size and breakpoint a component uses comes
 * from here, through styled-components' typed `DefaultTheme` (see styled.d.ts).
 *
 * Two themes share one shape (A16): `lightTheme` and `darkTheme` differ only in `scheme`, their
 * colours and their shadows; spacing, type, radii and breakpoints are one set. `theme` is the
 * light one, kept under its old name for the library's users.
 *
 * Contrast: the pairs the components draw are listed in ./contrast.ts, each held to WCAG's
 * minimum in both themes by a unit test and shown with its computed ratio on Storybook's
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

/** The shape of both themes: what `DefaultTheme` is. */
export type Theme = typeof shared & {
  /** Which scheme this is: GlobalStyle gives it to the page as `color-scheme`. */
  scheme: ColorScheme;
  colors: ThemeColors;
  shadows: { card: string; raised: string };
};

/** The light theme: the default. */
export const lightTheme: Theme = {
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

/** The dark theme: the same tokens, light text on deep violet-grey surfaces. */
export const darkTheme: Theme = {
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

/** Both themes, by scheme. */
export const themes: Record<ColorScheme, Theme> = { light: lightTheme, dark: darkTheme };

/** The light theme, under the name the library has always exported. */
export const theme = lightTheme;
