/**
 * Design tokens. Every colour, space, radius, font size and breakpoint a component uses comes
 * from here, through styled-components' typed `DefaultTheme` (see styled.d.ts).
 *
 * Contrast: the pairs the components draw are listed in ./contrast.ts, each held to WCAG's
 * minimum by a unit test and shown with its computed ratio on Storybook's 'Guides/Design tokens'.
 */
export const theme = {
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
  shadows: {
    card: '0 1px 2px rgba(29, 27, 44, 0.06), 0 1px 3px rgba(29, 27, 44, 0.08)',
    raised: '0 12px 32px rgba(29, 27, 44, 0.18)',
  },
  /** The single small-screen breakpoint: phones below it, everything else above. */
  breakpoints: { phone: '48rem' },
  media: { phone: '@media (max-width: 47.99rem)' },
  zIndex: { sticky: 10, menu: 20, dialog: 30, toast: 40 },
  transition: '120ms ease-out',
} as const;

export type Theme = typeof theme;
