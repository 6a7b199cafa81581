/**
 * The other tabs of this browser, followed here: one home for everything that crosses tabs.
 *
 * - Data: a tab whose call changed data on the server says so on a BroadcastChannel
 *   (`announceChange`, called by the API client); every other tab hears it (`onChangedElsewhere`)
 *   and its machines read their lists again quietly.
 * - Session: auth keeps the session in localStorage, and the browser tells the other tabs of
 *   every change to it with a `storage` event (`onStoredSessionChanged`).
 * - Drafts: the post dialog keeps its drafts in localStorage too; another tab's change reaches
 *   the dialog the same way (`onStoredDraftChanged`), so an open dialog shows the newest draft.
 * - Appearance: Light / Dark / System is kept in localStorage as well; another tab's choice reaches
 *   the appearance machine (`onStoredAppearanceChanged`), so every tab shows the same theme.
 * These are absent where the browser has neither (Node, old browsers): each tab then stands alone.
 */
import {
  APPEARANCE_STORAGE_KEY,
  AUTH_STORAGE_KEYS,
  draftKeyOf,
  parseAppearance,
  type Appearance,
} from '../machines';

export interface TabChannel {
  /** Tell the other tabs that data changed on the server. */
  announceChange: () => void;
  /** `listener` runs when another tab announced a change. Returns an unsubscribe. */
  onChangedElsewhere: (listener: () => void) => () => void;
  close: () => void;
}

const TAB_CHANNEL_NAME = 'murmur:changes';

export function createTabChannel(name: string = TAB_CHANNEL_NAME): TabChannel {
  if (typeof BroadcastChannel === 'undefined') {
    return {
      announceChange: () => undefined,
      onChangedElsewhere: () => () => undefined,
      close() {},
    };
  }
  // A channel object never hears its own messages: this tab is not told of its own changes.
  const channel = new BroadcastChannel(name);
  return {
    announceChange: () => channel.postMessage({ type: 'changed' }),
    onChangedElsewhere: (listener) => {
      const onMessage = () => listener();
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    close: () => channel.close(),
  };
}

const SESSION_KEYS: readonly (string | null)[] = [...Object.values(AUTH_STORAGE_KEYS), null];

/**
 * `listener` runs when another tab logs in, out or in as someone else, or changes the session's
 * user: the browser reports the change of the session's keys (null: storage was cleared).
 */
export function onStoredSessionChanged(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const onStorage = (event: StorageEvent) => {
    if (SESSION_KEYS.includes(event.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/**
 * `listener` runs with the storage key when another tab changes a draft of the post dialog (null:
 * storage was cleared).
 */
export function onStoredDraftChanged(listener: (key: string | null) => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || draftKeyOf(event.key) !== null) listener(event.key);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/**
 * `listener` runs with the new choice when another tab picks Light, Dark or System (storage
 * cleared: System, the default).
 */
export function onStoredAppearanceChanged(listener: (choice: Appearance) => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const onStorage = (event: StorageEvent) => {
    if (event.key === APPEARANCE_STORAGE_KEY || event.key === null) {
      listener(parseAppearance(event.newValue));
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
