/**
 * Inter, the app's typeface, bundled (no system font, no network): regular, semibold and bold,
 * Latin. Import it once at the app's entry (`import 'murmur/font'` from the package); GlobalStyle
 * names Inter first and falls back to the system's sans-serif without it.
 */
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
