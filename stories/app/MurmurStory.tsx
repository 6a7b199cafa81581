import { useEffect, useState } from 'react';
import { createApiClient } from '../../src/api/client';
import { GUEST_CREDENTIALS } from '../../src/api/types';
import { App } from '../../src/app/App';
import { preloadScreens } from '../../src/app/routes';
import { createMurmur, type Murmur } from '../../src/app/murmur';
import { AUTH_STORAGE_KEYS, type StorageLike } from '../../src/machines';

export interface MurmurStoryProps {
  /** The address the app opens at. */
  path: string;
  /** Log in as the guest first (through the real API), as if returning with a saved session. */
  signedIn?: boolean;
}

function memoryStorage(): StorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

async function startMurmur(storage: StorageLike, signedIn: boolean): Promise<Murmur> {
  const api = createApiClient();
  // A reload finds the session it left in storage; only the first start logs in.
  if (signedIn && storage.getItem(AUTH_STORAGE_KEYS.token) === null) {
    const { foundUser, encodedToken } = await api.login(GUEST_CREDENTIALS);
    storage.setItem(AUTH_STORAGE_KEYS.token, encodedToken);
    storage.setItem(AUTH_STORAGE_KEYS.user, JSON.stringify(foundUser));
  }
  return createMurmur({ api, storage });
}

/**
 * The app stories' loader: every screen's code and the toasts' (which the app loads as they are
 * first needed) loaded before the story renders. A journey's steps wait about a second for what
 * they look for; on a busy machine the first download of a screen could take longer, and the
 * story would fail on 'Loading Murmur' for a reason that is not the app's.
 */
export const loadMurmurCode = async (): Promise<Record<string, never>> => {
  await Promise.all([preloadScreens(), import('../../src/components/ui/Toasts')]);
  return {};
};

/** Where the router of the app on screen is: path and query. */
let mountedLocation = '';
const reportLocation = (path: string) => {
  mountedLocation = path;
};

/**
 * The path and query the app on screen shows (what the address bar would say; the story's
 * router is a memory router), e.g. `/explore-page?post=post-noah-marathon`.
 */
export function appLocation(): string {
  return mountedLocation;
}

/** A reload of the app on screen (its path), or null while no MurmurStory is mounted. */
let reloadMounted: ((path: string) => void) | null = null;

/**
 * Reloads the app of the story on screen at `path`, as the browser's reload would: the running
 * app (its machines, their memory, the router) is stopped and a new one starts on the same
 * storage (the session, the drafts) and the same mock database. Journeys call it to show what
 * survives a reload.
 */
export function reloadApp(path: string): void {
  if (reloadMounted === null) throw new Error('No MurmurStory is mounted');
  reloadMounted(path);
}

/**
 * The whole app inside a story: real routes, real machines, the full mock API on a fresh copy of
 * the seed (the preview resets it before every story) and a session kept in memory, so stories
 * never share state. Each story's play function is a user journey.
 */
export function MurmurStory(props: MurmurStoryProps) {
  const { path, signedIn = false } = props;
  // The browser's storage for this story: it outlives a reload, not the story.
  const [storage] = useState(memoryStorage);
  const [load, setLoad] = useState({ path, count: 0 });
  const [running, setRunning] = useState<{ murmur: Murmur; load: typeof load } | null>(null);

  useEffect(() => {
    reloadMounted = (at) => setLoad(({ count }) => ({ path: at, count: count + 1 }));
    return () => {
      reloadMounted = null;
    };
  }, []);

  useEffect(() => {
    let started: Murmur | null = null;
    let cancelled = false;
    void startMurmur(storage, signedIn).then((created) => {
      if (cancelled) {
        created.stop();
        return;
      }
      started = created;
      setRunning({ murmur: created, load });
    });
    return () => {
      cancelled = true;
      started?.stop();
    };
  }, [storage, signedIn, load]);

  // Between a reload's stop and its start, nothing shows (as in the browser).
  if (running?.load !== load) return null;
  const at = load.count === 0 ? path : load.path;
  return (
    <App
      key={`${at}#${load.count}`}
      murmur={running.murmur}
      initialEntries={[at]}
      onLocationChange={reportLocation}
    />
  );
}
