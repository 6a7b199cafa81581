import type { ApiClient } from '../api/client';
import { createAppActors, type AppActors, type StorageLike } from '../machines';
import type { AppServices } from './AppContext';
import { showNotification } from './notify';

export interface MurmurOptions {
  api: ApiClient;
  /** Where auth keeps the session: localStorage in the app, memory in stories. */
  storage?: StorageLike | null;
}

export type Navigate = (to: string) => void;

export interface Murmur {
  services: AppServices;
  /** The router's navigate, registered by <NavigationBridge> once the router is mounted. */
  setNavigate: (navigate: Navigate | null) => void;
  stop: () => void;
}

/**
 * Everything the app runs on, wired once: the machines, connected to each other, to the toasts
 * and to the router. The app and the app stories each make one.
 */
export function createMurmur({ api, storage }: MurmurOptions): Murmur {
  let navigate: Navigate | null = null;
  const actors: AppActors & { stop: () => void } = createAppActors(api, {
    ...(storage === undefined ? {} : { storage }),
    onNotify: showNotification,
    onNavigate: (to) => navigate?.(to),
  });

  const services: AppServices = { actors };

  return {
    services,
    setNavigate: (next) => {
      navigate = next;
    },
    stop: () => actors.stop(),
  };
}
