import type { Notification } from '@jelly/contracts';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { NotificationList } from '../components/NotificationList.tsx';
import styles from '../components/Notifications.module.css';
import { useNotificationsDispatch, useSignedInWallet } from '../hooks/useNotificationsStore.ts';
import { notificationsReset, refreshUnreadCount } from '../state/notificationsSlice.ts';
import { notificationLink } from '../../../lib/notifications/notificationLink.ts';

/** /notifications: the full list with the panel's behaviour (infinite scroll, read at 60% visible). */
export default function NotificationsPage() {
  useDocumentTitle('Notifications');
  const dispatch = useNotificationsDispatch();
  const navigate = useNavigate();
  const wallet = useSignedInWallet();

  // The panel resets the list when it closes; leaving the page does the same.
  useEffect(() => {
    return () => {
      dispatch(notificationsReset());
      void dispatch(refreshUnreadCount());
    };
  }, [dispatch, wallet]);

  const openDeal = (notification: Notification) => {
    const to = notificationLink(notification);
    if (to !== null) void navigate(to);
  };

  return (
    <section className={styles.page} aria-labelledby="notifications-heading">
      <h1 id="notifications-heading">Notifications</h1>
      {wallet ? <NotificationList variant="page" onSelect={openDeal} /> : <p className={styles.empty}>Connect your wallet to see your notifications.</p>}
    </section>
  );
}
