import { createContext, useContext, type ReactNode } from 'react';
import type { AppActors } from '../machines';

/**
 * The running machines, by `systemId`, and the session also as `auth`: the name the pages knew it
 * by before it was split from the login and sign-up forms (one rename, page by page, removes it).
 */
export type PageActors = AppActors & { auth: AppActors['session'] };

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
