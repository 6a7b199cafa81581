import type { createBrowserRouter, RouteObject } from 'react-router-dom';
import { toast } from 'react-toastify';
import type { ApiClient } from '../api/client';
import { createAppActors, type AppActors, type StorageLike } from '../machines';
import type { AppServices } from './AppContext';
import { showNotification } from './notify';
import { routes } from './routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export interface MurmurOptions {
  api: ApiClient;
  /** Where auth keeps the session: localStorage in the app, memory in stories. */
  storage?: StorageLike | null;
  /** createBrowserRouter in the app, createMemoryRouter in stories. */
  createRouter: (routes: RouteObject[]) => AppRouter;
  /** Restores the mock database to the seed. */
  resetDatabase: () => Promise<void>;
}

export interface Murmur {
  actors: AppActors;
  router: AppRouter;
  services: AppServices;
  stop: () => void;
}

export const DEMO_DATA_RESTORED = 'Demo data restored. Log in again to continue.';

/**
 * Everything the app runs on, wired once: the machines (connected to each other, to the toasts
 * and to the router) and the router. The app and the app stories each make one.
 */
export function createMurmur({ api, storage, createRouter, resetDatabase }: MurmurOptions): Murmur {
  // The machines exist before the router (its routes read them), so navigation finds it later.
  const navigation: { router?: AppRouter } = {};
  const actors = createAppActors(api, {
    ...(storage === undefined ? {} : { storage }),
    onNotify: showNotification,
    onNavigate: (to) => void navigation.router?.navigate(to, { replace: true }),
  });
  const router = createRouter(routes);
  navigation.router = router;

  const services: AppServices = {
    actors,
    // A1 'Reset demo data': the seed comes back, so any session may point at a user who is
    // gone; signing out is the one state that is right for everyone.
    resetDemoData: async () => {
      await resetDatabase();
      actors.auth.send({ type: 'LOGOUT' });
      toast.info(DEMO_DATA_RESTORED);
    },
  };

  return {
    actors,
    router,
    services,
    stop: () => {
      actors.stop();
      router.dispose();
    },
  };
}
