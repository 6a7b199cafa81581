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
import { themes, type Theme } from '../components/ui/theme';
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
        {initialEntries ? (
          <MemoryRouter initialEntries={initialEntries}>{content}</MemoryRouter>
        ) : serverLocation !== undefined ? (
          <StaticRouter basename={import.meta.env.BASE_URL} location={serverLocation}>
            <BrowserHistoryClosesOverlays>{content}</BrowserHistoryClosesOverlays>
          </StaticRouter>
        ) : (
          <BrowserRouter basename={import.meta.env.BASE_URL}>
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
 * The theme the appearance machine says (Light, Dark, or the device's while System), given to
 * every component, and to the document itself: `data-theme`, `color-scheme` and the background
 * of `<html>`, which index.html's first-paint script set before the app started (themeBoot.ts).
 */
function ChosenTheme({ murmur, children }: { murmur: Murmur; children: ReactNode }) {
  const scheme = useSelector(murmur.services.actors.appearance, selectColorScheme);
  const chosen = themes[scheme];
  useLayoutEffect(() => {
    applyToDocument(chosen);
    return clearFromDocument;
  }, [chosen]);
  return <ThemeProvider theme={chosen}>{children}</ThemeProvider>;
}

function applyToDocument(theme: Theme): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.dataset.theme = theme.scheme;
  root.style.colorScheme = theme.scheme;
  root.style.backgroundColor = theme.colors.background;
}

/** The app unmounted (a story ended): the document is left as it was found. */
function clearFromDocument(): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.removeAttribute('data-theme');
  root.style.removeProperty('color-scheme');
  root.style.removeProperty('background-color');
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
