import { useLayoutEffect } from 'react';
import { documentTitle } from '../paths';
import { setPageTitle } from './tabTitle';

/**
 * Names the page in the browser's tab and history while it is shown, when its title needs its
 * data (a person's name, a hashtag); set before paint, after the routes table's title
 * (routes.tsx), which it refines.
 */
export function useDocumentTitle(page: Parameters<typeof documentTitle>[0] | null): void {
  const title = page === null ? null : documentTitle(page);
  useLayoutEffect(() => {
    if (title !== null) setPageTitle(title);
  }, [title]);
}
