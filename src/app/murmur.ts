import type { ApiClient } from '../api/client';
import { createAppActors, type AppActors, type StorageLike } from '../machines';
import type { AppServices } from './AppContext';
import { showNotification } from './notify';

export interface MurmurOptions {
  api: ApiClient;
  /** Where auth keeps the session: localStorage in the app, memory in stories. */
  storage?: StorageLike | null;
  /** Restores the mock database to the seed. */
  resetDatabase: () => Promise<void>;
}

export type Navigate = (to: string) => void;

export interface Murmur {
  services: AppServices;
  /** The router's navigate, registered by <NavigationBridge> once the router is mounted. */
  setNavigate: (navigate: Navigate | null) => void;
  stop: () => void;
}

export const DEMO_DATA_RESTORED = 'Demo data restored. Log in again to continue.';

/**
 * Everything the app runs on, wired once: the machines, connected to each other, to the toasts
 * and to the router. The app and the app stories each make one.
 */
export function createMurmur({ api, storage, resetDatabase }: MurmurOptions): Murmur {
  let navigate: Navigate | null = null;
  const actors: AppActors & { stop: () => void } = createAppActors(api, {
    ...(storage === undefined ? {} : { storage }),
    onNotify: showNotification,
    onNavigate: (to) => navigate?.(to),
  });

  const services: AppServices = {
    actors,
    // A1 'Reset demo data': the seed comes back, so any session may point at a user who is
    // gone; signing out is the one state that is right for everyone.
    resetDemoData: async () => {
      await resetDatabase();
      actors.auth.send({ type: 'LOGOUT' });
      const { toast } = await import('react-toastify');
      toast.info(DEMO_DATA_RESTORED);
    },
  };

  return {
    services,
    setNavigate: (next) => {
      navigate = next;
    },
    stop: () => actors.stop(),
  };
}
