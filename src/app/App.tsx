import { RouterProvider } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from '../components/ui/GlobalStyle';
import { theme } from '../components/ui/theme';
import { Toasts } from '../components/ui/Toasts';
import { AppServicesProvider } from './AppContext';
import type { Murmur } from './murmur';

/** The app's providers around its router: theme, machines, toasts. */
export function App({ murmur }: { murmur: Murmur }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <AppServicesProvider services={murmur.services}>
        <RouterProvider router={murmur.router} />
      </AppServicesProvider>
      <Toasts />
    </ThemeProvider>
  );
}
