import { createContext, useContext, type ReactNode } from 'react';
import type { AppActors } from '../machines';

/** What page containers reach for: the running machines and the app-level services. */
export interface AppServices {
  actors: AppActors;
  /** 'Reset demo data' (A1): restore the mock database to the seed. */
  resetDemoData: () => Promise<void>;
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
