/**
 * Where the browser mock keeps uploaded images: beside the records, not among them. A media and
 * its files never change once stored (they are named by a hash of what was uploaded), so they need
 * no revision, no log and no catching up between tabs: every tab reads the same IndexedDB store,
 * and the records (a post's `imgMedia`, a person's `profileMedia`) say which are in use. Kept
 * apart, the images' bytes are not read into memory with the database at every start.
 */
import { clear, createStore, del, get, keys, setMany, type UseStore } from 'idb-keyval';
import type { MediaFile, MediaRow } from '../../service/store';

export interface MediaStorage {
  get(id: string): Promise<MediaRow | undefined>;
  file(name: string): Promise<MediaFile | undefined>;
  /** False, and nothing stored, when a media of that id is there. */
  put(row: MediaRow, files: readonly MediaFile[]): Promise<boolean>;
  /** The media and its files. */
  remove(id: string): Promise<void>;
  /** Every media (without its files). */
  rows(): Promise<MediaRow[]>;
  /** Everything: a demo reset. */
  clear(): Promise<void>;
}

/** Keys: `row:<id>` → MediaRow & { files: names }; `file:<name>` → MediaFile. */
type Stored = MediaRow & { files: string[] };

interface Keyed {
  get(key: string): Promise<unknown>;
  setMany(entries: [string, unknown][]): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<string[]>;
  clear(): Promise<void>;
}

function mediaStorage(store: Keyed): MediaStorage {
  const row = async (id: string) => (await store.get(`row:${id}`)) as Stored | undefined;
  return {
    async get(id) {
      const found = await row(id);
      if (found === undefined) return undefined;
      const { files: _files, ...media } = found;
      return media;
    },
    async file(name) {
      return (await store.get(`file:${name}`)) as MediaFile | undefined;
    },
    async put(media, files) {
      if ((await row(media._id)) !== undefined) return false;
      // The files first: a row is only ever there with all of its files.
      await store.setMany([
        ...files.map((file): [string, unknown] => [`file:${file.name}`, file]),
        [`row:${media._id}`, { ...media, files: files.map((file) => file.name) }],
      ]);
      return true;
    },
    async remove(id) {
      const found = await row(id);
      if (found === undefined) return;
      await store.del(`row:${id}`);
      for (const name of found.files) await store.del(`file:${name}`);
    },
    async rows() {
      const names = (await store.keys()).filter((key) => key.startsWith('row:'));
      const found = await Promise.all(names.map((key) => store.get(key) as Promise<Stored>));
      return found.map(({ files: _files, ...media }) => media);
    },
    clear: () => store.clear(),
  };
}

/** In memory: tests, Storybook, Node. */
export function createMemoryMediaStorage(): MediaStorage {
  const map = new Map<string, unknown>();
  return mediaStorage({
    get: (key) => Promise.resolve(map.get(key)),
    setMany(entries) {
      for (const [key, value] of entries) map.set(key, value);
      return Promise.resolve();
    },
    del(key) {
      map.delete(key);
      return Promise.resolve();
    },
    keys: () => Promise.resolve([...map.keys()]),
    clear() {
      map.clear();
      return Promise.resolve();
    },
  });
}

/** In IndexedDB, shared by every tab of the app. */
export function createIndexedDbMediaStorage(databaseName = 'murmur-mock-media'): MediaStorage {
  const store: UseStore = createStore(databaseName, 'media');
  return mediaStorage({
    get: (key) => get(key, store),
    setMany: (entries) => setMany(entries, store),
    del: (key) => del(key, store),
    keys: () => keys<string>(store),
    clear: () => clear(store),
  });
}
