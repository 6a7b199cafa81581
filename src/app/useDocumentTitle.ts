import { useEffect } from 'react';
import { documentTitle } from '../paths';

/** Names the page in the browser's tab and history while it is shown. */
export function useDocumentTitle(page: Parameters<typeof documentTitle>[0] | null): void {
  const title = page === null ? null : documentTitle(page);
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
}
