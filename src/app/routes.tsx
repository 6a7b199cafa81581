import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Route, Routes, useLocation } from 'react-router-dom';
import { PATHS } from '../paths';
import { RedirectIfSignedIn, RequireAuth } from './guards';
import { PageLoading } from './pages/PageLoading';
import { RouteError } from './pages/RouteError';

// Every screen loads lazily, so the login page's first paint carries only what it needs
// (`npm run size`). Declarative routes rather than a data router: the data router's code
// alone would take 17 KB gzipped of that budget, and the app uses none of its loaders.
const LoginPage = lazy(() => import('./pages/LoginPage').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() =>
  import('./pages/SignupPage').then((m) => ({ default: m.SignupPage })),
);
const AppShell = lazy(() => import('./pages/AppShell').then((m) => ({ default: m.AppShell })));
const HomePage = lazy(() => import('./pages/HomePage').then((m) => ({ default: m.HomePage })));
const ExplorePage = lazy(() =>
  import('./pages/ExplorePage').then((m) => ({ default: m.ExplorePage })),
);
const BookmarksPage = lazy(() =>
  import('./pages/BookmarksPage').then((m) => ({ default: m.BookmarksPage })),
);
const ProfilePage = lazy(() =>
  import('./pages/ProfilePage').then((m) => ({ default: m.ProfilePage })),
);
const PersonPage = lazy(() =>
  import('./pages/PersonPage').then((m) => ({ default: m.PersonPage })),
);
const NotFoundPage = lazy(() =>
  import('./pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);

/**
 * Who may open a page: `signedOut` pages (login, sign-up) send a signed-in visitor on, and
 * `signedIn` pages send a visitor without a session to log in (guards.tsx) and show inside the
 * app's shell (navigation, the post dialog).
 */
type Guard = 'signedOut' | 'signedIn';

interface AppRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
  guard: Guard;
}

/** The product's routes: each path once, from src/paths.ts. */
export const ROUTES: readonly AppRoute[] = [
  { path: PATHS.login, page: LoginPage, guard: 'signedOut' },
  { path: PATHS.signup, page: SignupPage, guard: 'signedOut' },
  { path: PATHS.home, page: HomePage, guard: 'signedIn' },
  { path: PATHS.explore, page: ExplorePage, guard: 'signedIn' },
  { path: PATHS.bookmarks, page: BookmarksPage, guard: 'signedIn' },
  { path: PATHS.profile, page: ProfilePage, guard: 'signedIn' },
  { path: `${PATHS.profile}/:username`, page: PersonPage, guard: 'signedIn' },
];

function routesOf(guard: Guard) {
  return ROUTES.filter((route) => route.guard === guard).map(({ path, page: Page }) => (
    <Route key={path} path={path} element={<Page />} />
  ));
}

/** The router's routes, read from `ROUTES`; any other address is the not-found page. */
export function AppRoutes() {
  const location = useLocation();
  return (
    <ErrorBoundary FallbackComponent={RouteError} resetKeys={[location.pathname]}>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route element={<RedirectIfSignedIn />}>{routesOf('signedOut')}</Route>
          <Route element={<RequireAuth />}>
            <Route element={<AppShell />}>{routesOf('signedIn')}</Route>
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
