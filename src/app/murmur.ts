import type { ApiClient } from '../api/client';
import {
  appActorsOf,
  createAppSystem,
  FULL_DEMO,
  NO_DEMO,
  type AppActors,
  type AppSystem,
  type DemoOffer,
  type StorageLike,
} from '../machines';
import type { AppServices } from './AppContext';
import { closeResolved, showNotification } from './notify';
import {
  onStoredAppearanceChanged,
  onStoredDraftChanged,
  onStoredSessionChanged,
  type TabChannel,
} from './tabs';

export interface MurmurOptions {
  api: ApiClient;
  /** Where the session, the drafts and the appearance are kept: localStorage in the app, memory in stories. */
  storage?: StorageLike | null;
  /** The app's other tabs (tabs.ts); stories have none. */
  tabs?: TabChannel;
  /**
   * What the demo offers until the server says: by default the build's assumption (DEMO_ASSUMED);
   * a prerendered page's own when it is hydrated (main.tsx), as the prerender drew it.
   */
  demoAssumed?: DemoOffer;
}

/**
 * What the login page and the profile offer of the demo before the server has said (demo.ts). The
 * mock always has the guest and the reset, so the app on it shows them from the first paint (and
 * its prerendered page) and nothing moves when the answer agrees. The app built for the Node
 * server shows neither until its server says so: a server people share starts without a guest,
 * and a button that showed and then went away would be worse than one that comes late.
 */
export const DEMO_ASSUMED: DemoOffer = import.meta.env.MURMUR_SERVER_BUILD ? NO_DEMO : FULL_DEMO;

/** Changes announced within this many ms are read once: a burst of likes is one refresh. */
const CHANGE_COALESCE_MS = 30;

export type Navigate = (to: string) => void;

export interface Murmur {
  /** The root actor of the machines (machines/system.ts). */
  system: AppSystem;
  services: AppServices;
  /** The router's navigate, registered by <NavigationBridge> once the router is mounted. */
  setNavigate: (navigate: Navigate | null) => void;
  stop: () => void;
}

/**
 * Everything the app runs on: the machines as one system (machines/system.ts), whose notifications
 * become toasts and whose `navigate` moves the router, and the other tabs' changes. The app and
 * the app stories each make one.
 */
export function createMurmur({
  api,
  storage,
  tabs,
  demoAssumed = DEMO_ASSUMED,
}: MurmurOptions): Murmur {
  let navigate: Navigate | null = null;
  const system = createAppSystem(api, {
    ...(storage === undefined ? {} : { storage }),
    demoAssumed,
    onNotify: showNotification,
    onResolved: closeResolved,
    onNavigate: (to) => navigate?.(to),
  });
  const actors = appActorsOf(system);

  const services: AppServices = { actors, feedReturns: new Map() };
  const stopFollowingOtherTabs = followOtherTabs(actors, {
    // Only the app's own localStorage is shared with other tabs; stories keep theirs in memory.
    storage: storage === undefined,
    tabs,
  });

  return {
    system,
    services,
    setNavigate: (next) => {
      navigate = next;
    },
    stop: () => {
      stopFollowingOtherTabs();
      system.stop();
    },
  };
}

/**
 * Every tab, one truth: another tab's session change reaches the session (`STORED_SESSION_CHANGED`), its
 * draft changes the post dialog (`STORED_DRAFT_CHANGED`), its Light / Dark / System choice the
 * appearance (`STORED_CHOICE_CHANGED`), and its data changes reach the lists
 * (`CHANGED_ELSEWHERE`), which read the server again quietly. What people change on other
 * devices arrives on the live stream (the live machine), on the server and the mock alike.
 */
function followOtherTabs(
  actors: AppActors,
  { storage, tabs }: { storage: boolean; tabs: TabChannel | undefined },
): () => void {
  const stopSession = storage
    ? onStoredSessionChanged(() => actors.session.send({ type: 'STORED_SESSION_CHANGED' }))
    : () => undefined;
  const stopDrafts = storage
    ? onStoredDraftChanged((key) => actors.postDialog.send({ type: 'STORED_DRAFT_CHANGED', key }))
    : () => undefined;
  const stopAppearance = storage
    ? onStoredAppearanceChanged((choice) =>
        actors.appearance.send({ type: 'STORED_CHOICE_CHANGED', choice }),
      )
    : () => undefined;
  let pending: ReturnType<typeof setTimeout> | undefined;
  const readAgain = () => {
    clearTimeout(pending);
    pending = setTimeout(() => {
      actors.posts.send({ type: 'CHANGED_ELSEWHERE' });
      actors.people.send({ type: 'CHANGED_ELSEWHERE' });
    }, CHANGE_COALESCE_MS);
  };
  const stopChanges = tabs?.onChangedElsewhere(readAgain) ?? (() => undefined);
  return () => {
    clearTimeout(pending);
    stopSession();
    stopDrafts();
    stopAppearance();
    stopChanges();
  };
}
