import { createContext, useContext, type ReactNode } from 'react';
import type { AppActors } from '../machines';

/** The running machines, by `systemId`. */
export type PageActors = AppActors;

/** What page containers reach for: the running machines. */
export interface AppServices {
  actors: PageActors;
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
