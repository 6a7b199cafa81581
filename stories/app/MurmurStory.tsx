import { useEffect, useState } from 'react';
import { createApiClient } from '../../src/api/client';
import { GUEST_CREDENTIALS } from '../../src/api/types';
import { App } from '../../src/app/App';
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

async function startMurmur({ signedIn = false }: MurmurStoryProps): Promise<Murmur> {
  const api = createApiClient();
  const storage = memoryStorage();
  if (signedIn) {
    const { foundUser, encodedToken } = await api.login(GUEST_CREDENTIALS);
    storage.setItem(AUTH_STORAGE_KEYS.token, encodedToken);
    storage.setItem(AUTH_STORAGE_KEYS.user, JSON.stringify(foundUser));
  }
  return createMurmur({ api, storage });
}

/**
 * The whole app inside a story: real routes, real machines, the full mock API on a fresh copy of
 * the seed (the preview resets it before every story) and a session kept in memory, so stories
 * never share state. Each story's play function is a user journey.
 */
export function MurmurStory(props: MurmurStoryProps) {
  const [murmur, setMurmur] = useState<Murmur | null>(null);
  const { path, signedIn } = props;

  useEffect(() => {
    let started: Murmur | null = null;
    let cancelled = false;
    void startMurmur({ path, signedIn }).then((created) => {
      if (cancelled) {
        created.stop();
        return;
      }
      started = created;
      setMurmur(created);
    });
    return () => {
      cancelled = true;
      started?.stop();
    };
  }, [path, signedIn]);

  return murmur ? <App murmur={murmur} initialEntries={[path]} /> : null;
}
