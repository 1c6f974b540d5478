import type { Notification } from '@jelly/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDismissable } from '../../../components/ui/useDismissable.ts';
import { useNotificationsDispatch, useNotificationsSelector } from '../hooks/useNotificationsStore.ts';
import { notificationsReset, refreshUnreadCount } from '../state/notificationsSlice.ts';
import { BellIcon, BellRingingIcon } from './BellIcons.tsx';
import { NotificationList } from './NotificationList.tsx';
import styles from './Notifications.module.css';
import { notificationLink } from '../../../lib/notifications/notificationLink.ts';
import { pagePaths } from '@jelly/contracts';

/**
 * The header bell: a different icon and a count badge while something is unread; it opens the notification panel
 * (350px wide, at most 450px high). Closing the panel resets its list (the count stays) and refetches the count.
 */
export function NotificationBell() {
  const dispatch = useNotificationsDispatch();
  const navigate = useNavigate();
  const unread = useNotificationsSelector((state) => state.notifications.unreadCount);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  useDismissable(open, rootRef, buttonRef, () => setOpen(false));
  useEffect(() => {
    if (!open) return;
    // Closing the panel resets the list (the unread count is kept) and refetches the count.
    return () => {
      dispatch(notificationsReset());
      void dispatch(refreshUnreadCount());
    };
  }, [open, dispatch]);

  const openDeal = (notification: Notification) => {
    const to = notificationLink(notification);
    if (to === null) return;
    close(false);
    void navigate(to);
  };

  // The name holds the badge's text as drawn ("99+" past 99), so what is seen is what is said (WCAG 2.5.3).
  const badge = unread > 99 ? '99+' : String(unread);
  const label = unread > 0 ? `Notifications (${badge} unread)` : 'Notifications';
  return (
    <div ref={rootRef} className={styles.bellWrap}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.bellButton}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-unread={unread > 0 ? 'true' : 'false'}
        onClick={() => setOpen((value) => !value)}
      >
        {unread > 0 ? <BellRingingIcon data-testid="bell-icon-unread" /> : <BellIcon data-testid="bell-icon" />}
        {unread > 0 && (
          <span className={styles.badge} data-testid="notification-count" aria-hidden="true">
            {badge}
          </span>
        )}
      </button>
      {open && (
        <div id={panelId} role="dialog" aria-label="Notifications" className={styles.panel}>
          <div className={styles.panelHeader}>
            <span>Notifications</span>
            <Link to={pagePaths.notifications} onClick={() => close(false)}>
              See all
            </Link>
          </div>
          <NotificationList variant="panel" onSelect={openDeal} />
        </div>
      )}
    </div>
  );
}
