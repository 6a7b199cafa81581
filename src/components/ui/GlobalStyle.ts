import { createGlobalStyle } from 'styled-components';
import { themeCss } from './theme';

/**
 * Base document styles: the theme's custom properties for both schemes with the page's
 * `color-scheme` (so scrollbars and native controls match a dark page; see theme.ts), box
 * sizing, the body's font, size, colours and background from the theme, the focus ring,
 * `.visually-hidden`, and no motion under `prefers-reduced-motion`. Render it once inside the
 * ThemeProvider; `<html data-theme="dark">` turns the page dark. The font it names, Inter, is
 * loaded by ./font (bundled, so pictures are stable); without it the system's sans-serif is used.
 */
export const GlobalStyle = createGlobalStyle`
  ${themeCss}

  *, *::before, *::after { box-sizing: border-box; }

  html {
    -webkit-text-size-adjust: 100%;
    background: ${({ theme }) => theme.colors.background};
  }

  body {
    margin: 0;
    font-family: ${({ theme }) => theme.font.family};
    font-size: ${({ theme }) => theme.font.size.md};
    line-height: ${({ theme }) => theme.font.lineHeight.normal};
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.background};
    -webkit-font-smoothing: antialiased;
  }

  h1, h2, h3, p { margin: 0; }

  img { max-width: 100%; display: block; }

  button, input, textarea, select { font: inherit; color: inherit; }

  a { color: ${({ theme }) => theme.colors.primary}; }

  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }

  .visually-hidden {
    position: absolute !important;
    width: 1px; height: 1px; margin: -1px; padding: 0; border: 0;
    overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
  }

  /* The toast progress bar is a timer, not decoration: react-toastify closes a toast when its
     animation ends, so shortening it would make toasts vanish at once. */
  @media (prefers-reduced-motion: reduce) {
    *:not(.Toastify__progress-bar), *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
