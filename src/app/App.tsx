import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from '../components/ui/GlobalStyle';
import { theme } from '../components/ui/theme';

/** The app's providers. Routes, pages and the mock API join here as they land (issue #6). */
export function App() {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <main>
        <h1>Murmur</h1>
      </main>
    </ThemeProvider>
  );
}
