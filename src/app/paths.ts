/** The routes of product-spec §2, in one place. */
export const PATHS = {
  login: '/',
  signup: '/signup-page',
  home: '/home-page',
  explore: '/explore-page',
  bookmarks: '/bookmark-page',
  profile: '/profile-page',
} as const;

/** Where a visitor was going when they were sent to log in (router location state). */
export interface FromState {
  from?: string;
}

export function fromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { from } = state as FromState;
  return typeof from === 'string' && from !== PATHS.login ? from : undefined;
}
