import type { RouteObject } from 'react-router-dom';
import { RedirectIfSignedIn, RequireAuth } from './guards';
import { PageLoading } from './pages/PageLoading';
import { RouteError } from './pages/RouteError';

/**
 * The routes of product-spec §2. Every screen loads lazily, so the login page's first paint
 * carries only what it needs (see `npm run size`).
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [
          {
            index: true,
            lazy: () => import('./pages/LoginPage').then((m) => ({ Component: m.LoginPage })),
          },
          {
            path: 'signup-page',
            lazy: () => import('./pages/SignupPage').then((m) => ({ Component: m.SignupPage })),
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: () => import('./pages/AppShell').then((m) => ({ Component: m.AppShell })),
            children: [
              {
                path: 'home-page',
                lazy: () => import('./pages/HomePage').then((m) => ({ Component: m.HomePage })),
              },
              {
                path: 'explore-page',
                lazy: () =>
                  import('./pages/ExplorePage').then((m) => ({ Component: m.ExplorePage })),
              },
              {
                path: 'bookmark-page',
                lazy: () =>
                  import('./pages/BookmarksPage').then((m) => ({ Component: m.BookmarksPage })),
              },
              {
                path: 'profile-page',
                lazy: () =>
                  import('./pages/ProfilePage').then((m) => ({ Component: m.ProfilePage })),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: () => import('./pages/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
];
