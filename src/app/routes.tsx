import {
  lazy,
  Suspense,
  useLayoutEffect,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { matchPath, Route, Routes, useLocation } from 'react-router-dom';
import { documentTitle, PAGE_TITLES, PATHS, POST_PATH_PATTERN } from '../paths';
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
const PostPage = lazy(() => import('./pages/PostPage').then((m) => ({ default: m.PostPage })));
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
  /**
   * The tab's title from the address alone, set as the address changes (a page whose title
   * depends on its data, a person's name, names itself more precisely once it has it).
   */
  title: (params: Readonly<Record<string, string | undefined>>) => string;
}

/** The product's routes: each path once, from src/paths.ts. */
export const ROUTES: readonly AppRoute[] = [
  { path: PATHS.login, page: LoginPage, guard: 'signedOut', title: () => PAGE_TITLES.login },
  { path: PATHS.signup, page: SignupPage, guard: 'signedOut', title: () => PAGE_TITLES.signup },
  { path: PATHS.home, page: HomePage, guard: 'signedIn', title: () => PAGE_TITLES.home },
  { path: PATHS.explore, page: ExplorePage, guard: 'signedIn', title: () => PAGE_TITLES.explore },
  {
    path: PATHS.bookmarks,
    page: BookmarksPage,
    guard: 'signedIn',
    title: () => PAGE_TITLES.bookmarks,
  },
  { path: PATHS.profile, page: ProfilePage, guard: 'signedIn', title: () => PAGE_TITLES.profile },
  {
    path: `${PATHS.profile}/:username`,
    page: PersonPage,
    guard: 'signedIn',
    title: ({ username }) => `@${username ?? ''}`,
  },
  // Named after its author and text once the post is in (PostPage).
  { path: POST_PATH_PATTERN, page: PostPage, guard: 'signedIn', title: () => PAGE_TITLES.post },
];

/** The title of the page at `pathname`, from the routes table alone. */
export function routeTitle(pathname: string): string {
  for (const route of ROUTES) {
    const match = matchPath(route.path, pathname);
    if (match !== null) return documentTitle(route.title(match.params));
  }
  return documentTitle(PAGE_TITLES.notFound);
}

/**
 * Names the tab as the address changes, in the same commit (the router commits navigations at
 * once, App.tsx), before the page's code has loaded. Rendered before the pages, so its effect
 * runs first and a page that names itself more precisely has the last word.
 */
function RouteTitle() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    document.title = routeTitle(pathname);
  }, [pathname]);
  return null;
}

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
      <RouteTitle />
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
