import { createContext, useContext, type ReactNode } from 'react';
import type { AppActors } from '../machines';

/** What page containers reach for: the running machines. */
export interface AppServices {
  actors: AppActors;
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

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices must be used inside <AppServicesProvider>');
  return services;
}

export function useActors(): AppActors {
  return useAppServices().actors;
}
