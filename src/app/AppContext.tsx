import { createContext, useContext, type ReactNode } from 'react';
import type { AppActors } from '../machines';

/** The running machines, by `systemId`. */
export type PageActors = AppActors;

/** What page containers reach for: the running machines, and where the reader left each feed. */
export interface AppServices {
  actors: PageActors;
  /**
   * The post whose card the reader was on when they left a feed, by the history entry they left
   * (the router's location key): Back to that entry gives the card focus again. One per app, as
   * its history is: kept for the document's life, as the browser keeps the entry's scroll.
   */
  feedReturns: Map<string, string>;
}

const AppServicesContext = createContext<AppServices | null>(null);

export function AppServicesProvider({
  services,
  children,
}: {
  services: AppServices;
  children: ReactNode;
}) {
  return <AppServicesContext.Provider value={services}>{children}</AppServicesContext.Provider>;
}

function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices must be used inside <AppServicesProvider>');
  return services;
}

export function useActors(): PageActors {
  return useAppServices().actors;
}

export function useFeedReturns(): Map<string, string> {
  return useAppServices().feedReturns;
}
