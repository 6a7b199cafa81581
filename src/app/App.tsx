import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useLayoutEffect, type ReactNode } from 'react';
import {
  BrowserRouter,
  MemoryRouter,
  StaticRouter,
  useLocation,
  useNavigate,
} from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from '../components/ui/GlobalStyle';
import { theme } from '../components/ui/theme';
import { selectColorScheme } from '../machines';
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
  /**
   * The build's prerender (prerender.tsx): a static router at this address, base included, with
   * the same providers as the browser's, so that the client's first render equals the HTML.
   */
  serverLocation?: string;
}

/**
 * The app's providers around its routes: theme (the appearance machine's scheme), machines,
 * router, toasts.
 */
export function App({ murmur, initialEntries, onLocationChange, serverLocation }: AppProps) {
  const content = (
    <>
      <NavigationBridge murmur={murmur} />
      {onLocationChange ? <LocationReporter onChange={onLocationChange} /> : null}
      <AppRoutes />
    </>
  );
  return (
    <ChosenTheme murmur={murmur}>
      <GlobalStyle />
      <AppServicesProvider services={murmur.services}>
        {/* Navigations commit at once, not as transitions: the address, the tab's title and the
            page (or its loading state while its code arrives) change together, instead of the
            old page lingering under the new address until the new one has loaded. */}
        {initialEntries ? (
          <MemoryRouter initialEntries={initialEntries} useTransitions={false}>
            {content}
          </MemoryRouter>
        ) : serverLocation !== undefined ? (
          <StaticRouter basename={import.meta.env.BASE_URL} location={serverLocation}>
            <BrowserHistoryClosesOverlays>{content}</BrowserHistoryClosesOverlays>
          </StaticRouter>
        ) : (
          <BrowserRouter basename={import.meta.env.BASE_URL} useTransitions={false}>
            <BrowserHistoryClosesOverlays>{content}</BrowserHistoryClosesOverlays>
          </BrowserRouter>
        )}
      </AppServicesProvider>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </ChosenTheme>
  );
}

/**
 * The scheme the appearance machine says (Light, Dark, or the device's while System), given to
 * the document as `data-theme` on `<html>`, which index.html's first-paint script set before the
 * app started (themeBoot.ts). The components' theme is the same in both schemes: its colours are
 * CSS custom properties that the attribute switches (theme.ts), so nothing is drawn again.
 */
function ChosenTheme({ murmur, children }: { murmur: Murmur; children: ReactNode }) {
  const scheme = useSelector(murmur.services.actors.appearance, selectColorScheme);
  useLayoutEffect(() => {
    if (typeof document === 'undefined') return undefined;
    const root = document.documentElement;
    const before = root.getAttribute('data-theme');
    root.setAttribute('data-theme', scheme);
    // The app unmounted (a story ended): the document is left as it was found.
    return () => {
      if (before === null) root.removeAttribute('data-theme');
      else root.setAttribute('data-theme', before);
    };
  }, [scheme]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
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
