import { lazy, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Route, Routes, useLocation } from 'react-router-dom';
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

/** The routes of the product (paths in ./paths.ts). */
export function AppRoutes() {
  const location = useLocation();
  return (
    <ErrorBoundary FallbackComponent={RouteError} resetKeys={[location.pathname]}>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route element={<RedirectIfSignedIn />}>
            <Route index element={<LoginPage />} />
            <Route path="signup-page" element={<SignupPage />} />
          </Route>
          <Route element={<RequireAuth />}>
            <Route element={<AppShell />}>
              <Route path="home-page" element={<HomePage />} />
              <Route path="explore-page" element={<ExplorePage />} />
              <Route path="bookmark-page" element={<BookmarksPage />} />
              <Route path="profile-page" element={<ProfilePage />} />
              <Route path="profile-page/:username" element={<PersonPage />} />
            </Route>
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
