/**
 * The browser tab's title, in one place: the page's name (the routes table's, refined by a page
 * that knows more, useDocumentTitle.ts) with the unread notifications before it while someone is
 * signed in: `(3) Home · Murmur`.
 */
import { titleWithUnread } from '../paths';

let pageTitle = typeof document === 'undefined' ? '' : document.title;
let unread = 0;

function show(): void {
  if (typeof document !== 'undefined') document.title = titleWithUnread(pageTitle, unread);
}

/** The page's own title (`Home · Murmur`). */
export function setPageTitle(title: string): void {
  pageTitle = title;
  show();
}

/** How many notifications are unread (0 when signed out). */
export function setUnreadInTitle(count: number): void {
  if (count === unread) return;
  unread = count;
  show();
}
