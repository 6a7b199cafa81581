import { useSelector } from '@xstate/react';
import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { matchPath, Route, Routes, useLocation } from 'react-router-dom';
import {
  exploreFeed,
  exploreQueryOf,
  HOME_FEED,
  selectIsSignedIn,
  type FeedKey,
} from '../machines';
import { documentTitle, PAGE_TITLES, PATHS, POST_PATH_PATTERN } from '../paths';
import { useActors } from './AppContext';
import { RedirectIfSignedIn, RequireAuth } from './guards';
import { endPressedBeforeApp } from './hydration';
import { PageLoading } from './pages/PageLoading';
import { setPageTitle } from './tabTitle';
import { RouteError } from './pages/RouteError';

/** Each screen's loader, once: `preloadScreens` runs them all. */
const screenLoaders: (() => Promise<unknown>)[] = [];

/** The page, which ends the list of presses made before the app ran as it is first drawn. */
function endingEarlyPresses(Page: ComponentType): ComponentType {
  function Screen() {
    useLayoutEffect(endPressedBeforeApp, []);
    return <Page />;
  }
  Screen.displayName = Page.displayName ?? Page.name;
  return Screen;
}

/**
 * A screen whose code loads when it is first drawn (React's `lazy`), from a loader that runs once,
 * so `preloadScreens` and the first drawing share the one download.
 */
function screen(load: () => Promise<ComponentType>): LazyExoticComponent<ComponentType> {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const once = () => (loading ??= load().then((page) => ({ default: endingEarlyPresses(page) })));
  screenLoaders.push(once);
  return lazy(once);
}

/**
 * Loads every screen's code now. The app never calls it (each screen loads as it is opened); the
 * app's stories do, before they render, so that a journey's first step waits for the app and
 * never for a download on a busy machine.
 */
export async function preloadScreens(): Promise<void> {
  await Promise.all(screenLoaders.map((load) => load()));
}

// Every screen loads lazily, so the login page's first paint carries only what it needs
// (`npm run size`). Declarative routes rather than a data router: the data router's code
// alone would take 17 KB gzipped of that budget, and the app uses none of its loaders.
const LoginPage = screen(() => import('./pages/LoginPage').then((m) => m.LoginPage));
const SignupPage = screen(() => import('./pages/SignupPage').then((m) => m.SignupPage));
const AppShell = screen(() => import('./pages/AppShell').then((m) => m.AppShell));
const HomePage = screen(() => import('./pages/HomePage').then((m) => m.HomePage));
const ExplorePage = screen(() => import('./pages/ExplorePage').then((m) => m.ExplorePage));
const BookmarksPage = screen(() => import('./pages/BookmarksPage').then((m) => m.BookmarksPage));
const ProfilePage = screen(() => import('./pages/ProfilePage').then((m) => m.ProfilePage));
const PersonPage = screen(() => import('./pages/PersonPage').then((m) => m.PersonPage));
const PostPage = screen(() => import('./pages/PostPage').then((m) => m.PostPage));
const NotificationsPage = screen(() =>
  import('./pages/NotificationsPage').then((m) => m.NotificationsPage),
);
const NotFoundPage = screen(() => import('./pages/NotFoundPage').then((m) => m.NotFoundPage));

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
  /**
   * The paged feed the page shows, from the address's query: opened as soon as the address is
   * known (`RouteFeed`), so its first page is asked for while the page's code is still loading.
   */
  feed?: (query: URLSearchParams) => FeedKey;
}

/** The product's routes: each path once, from src/paths.ts. */
export const ROUTES: readonly AppRoute[] = [
  { path: PATHS.login, page: LoginPage, guard: 'signedOut', title: () => PAGE_TITLES.login },
  { path: PATHS.signup, page: SignupPage, guard: 'signedOut', title: () => PAGE_TITLES.signup },
  {
    path: PATHS.home,
    page: HomePage,
    guard: 'signedIn',
    title: () => PAGE_TITLES.home,
    feed: () => HOME_FEED,
  },
  {
    path: PATHS.explore,
    page: ExplorePage,
    guard: 'signedIn',
    title: () => PAGE_TITLES.explore,
    feed: (query) => {
      const { tag, sort } = exploreQueryOf(query);
      return exploreFeed(tag, sort);
    },
  },
  {
    path: PATHS.bookmarks,
    page: BookmarksPage,
    guard: 'signedIn',
    title: () => PAGE_TITLES.bookmarks,
    feed: () => ({ kind: 'bookmarks' }),
  },
  {
    path: PATHS.notifications,
    page: NotificationsPage,
    guard: 'signedIn',
    title: () => PAGE_TITLES.notifications,
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
    setPageTitle(routeTitle(pathname));
  }, [pathname]);
  return null;
}

/** The feed the page at this address shows (its route's `feed`), if it shows one. */
export function feedAt(pathname: string, search: string): FeedKey | undefined {
  const route = ROUTES.find((each) => each.feed && matchPath(each.path, pathname) !== null);
  return route?.feed?.(new URLSearchParams(search));
}

/**
 * Opens the feed of the page at the address (`feedAt`), and Home's, when someone is signed in,
 * as the address changes. The page opens its feed too when it mounts (opening an open feed does
 * nothing), but only once its lazily loaded code has arrived: on a cold load, that is a few
 * hundred milliseconds in which the first page's request could already be on its way. Home's is
 * asked for on every page: most sessions go there, and on the mock its call shares the delay
 * with the page's own.
 */
function RouteFeed() {
  const { pathname, search } = useLocation();
  const { posts, session } = useActors();
  const signedIn = useSelector(session, selectIsSignedIn);
  useEffect(() => {
    if (!signedIn) return;
    const feed = feedAt(pathname, search);
    if (feed !== undefined) posts.send({ type: 'FEED.OPEN', feed });
    posts.send({ type: 'FEED.OPEN', feed: HOME_FEED });
  }, [pathname, search, signedIn, posts]);
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
      <RouteFeed />
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
