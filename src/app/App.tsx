import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from '../components/ui/GlobalStyle';
import { theme } from '../components/ui/theme';
import { AppServicesProvider } from './AppContext';
import type { Murmur } from './murmur';
import { BrowserHistoryClosesOverlays } from './overlayHistory';
import { AppRoutes } from './routes';

// Toasts load after the first paint: nothing can be announced before the person acts.
const Toasts = lazy(() =>
  import('../components/ui/Toasts').then((module) => ({ default: module.Toasts })),
);

export interface AppProps {
  murmur: Murmur;
  /** Stories and tests: a memory router at these entries. The app: the browser's address. */
  initialEntries?: string[];
  /** Stories and tests: told the router's path and query (`/explore-page?post=…`) on every move. */
  onLocationChange?: (path: string) => void;
}

/** The app's providers around its routes: theme, machines, router, toasts. */
export function App({ murmur, initialEntries, onLocationChange }: AppProps) {
  const content = (
    <>
      <NavigationBridge murmur={murmur} />
      {onLocationChange ? <LocationReporter onChange={onLocationChange} /> : null}
      <AppRoutes />
    </>
  );
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <AppServicesProvider services={murmur.services}>
        {initialEntries ? (
          <MemoryRouter initialEntries={initialEntries}>{content}</MemoryRouter>
        ) : (
          <BrowserRouter basename={import.meta.env.BASE_URL}>
            <BrowserHistoryClosesOverlays>{content}</BrowserHistoryClosesOverlays>
          </BrowserRouter>
        )}
      </AppServicesProvider>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </ThemeProvider>
  );
}

/** Tells the story where the router is (a memory router has no address bar). */
function LocationReporter({ onChange }: { onChange: (path: string) => void }) {
  const { pathname, search } = useLocation();
  useEffect(() => onChange(`${pathname}${search}`), [onChange, pathname, search]);
  return null;
}

/** Lets the auth machine's `navigate` events move the router (login, sign-up, logout). */
function NavigationBridge({ murmur }: { murmur: Murmur }) {
  const navigate = useNavigate();
  useEffect(() => {
    murmur.setNavigate((to) => void navigate(to, { replace: true }));
    return () => murmur.setNavigate(null);
  }, [murmur, navigate]);
  return null;
}
