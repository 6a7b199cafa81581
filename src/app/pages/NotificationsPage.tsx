import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { NotificationsScreen } from '../../components/screens/NotificationsScreen';
import { notificationViewOf, selectInboxPage, selectUser } from '../../machines';
import { PAGE_TITLES } from '../../paths';
import { useActors } from '../AppContext';
import { useDocumentTitle } from '../useDocumentTitle';

/**
 * `/notifications`: what others did to the signed-in person or to what they wrote, grouped,
 * newest first. Opening it reads the first page and marks what it shows read (on every device);
 * leaving it lets the inbox machine stop reading.
 */
export function NotificationsPage() {
  useDocumentTitle(PAGE_TITLES.notifications);
  const { inbox, session } = useActors();
  const me = useSelector(session, selectUser);
  const { notifications, status, more } = useSelector(inbox, selectInboxPage);
  useEffect(() => {
    inbox.send({ type: 'OPEN' });
    return () => inbox.send({ type: 'CLOSE' });
  }, [inbox]);
  const self = me?.username ?? null;
  const views = useMemo(
    () => notifications.map((notification) => notificationViewOf(notification, self)),
    [notifications, self],
  );
  return (
    <NotificationsScreen
      notifications={views}
      status={status}
      more={more}
      onRetry={() => inbox.send({ type: 'RETRY' })}
      onLoadMore={() => inbox.send({ type: 'LOAD_MORE' })}
    />
  );
}
