import type { ApiClient } from '../api/client';
import { AUTH_STORAGE_KEYS, createAppActors, type AppActors, type StorageLike } from '../machines';
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
  const stopFollowingOtherTabs = storage === undefined ? followOtherTabs(actors) : () => undefined;

  return {
    services,
    setNavigate: (next) => {
      navigate = next;
    },
    stop: () => {
      stopFollowingOtherTabs();
      actors.stop();
    },
  };
}

const SESSION_KEYS: readonly (string | null)[] = [...Object.values(AUTH_STORAGE_KEYS), null];

/**
 * One session for every tab: when another tab logs in, out or in as someone else, the browser
 * tells this one with a `storage` event on the session's keys (null: storage was cleared), and
 * auth follows. Only for the app's own localStorage; stories keep their session in memory.
 */
function followOtherTabs(actors: AppActors): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const onStorage = (event: StorageEvent) => {
    if (SESSION_KEYS.includes(event.key)) actors.auth.send({ type: 'STORED_SESSION_CHANGED' });
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
