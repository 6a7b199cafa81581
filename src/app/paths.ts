import { PATHS } from '../paths';

export { PATHS };

/** Where a visitor was going when they were sent to log in (router location state). */
export interface FromState {
  from?: string;
}

export function fromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { from } = state as FromState;
  return typeof from === 'string' && from !== PATHS.login ? from : undefined;
}
