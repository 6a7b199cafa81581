import type { ServiceContext } from '../service/context';
import type { Routes } from './route';

/** What each resource's handler list is built from. */
export interface HandlerDeps {
  /** URL pattern prefix of the API, e.g. `*\/api` (matches in the browser and in Node). */
  base: string;
  ctx: ServiceContext;
  route: Routes;
}
