import type { Notification } from '@jelly/contracts';
import { isVisibleEnoughToRead, NOTIFICATION_READ_VISIBILITY, NOTIFICATIONS_FIRST_PAGE } from '@jelly/domain';
import { NOTIFICATION_SEEN_MS, NOTIFICATIONS_SCROLL_THRESHOLD_PX } from '../../../lib/ui/constants.ts';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { formatLocalDateTime } from '../../../lib/time/formatLocalDateTime.ts';
import { useNotificationsDispatch, useNotificationsSelector } from '../hooks/useNotificationsStore.ts';
import { loadNextNotificationsPage, markRead } from '../state/notificationsSlice.ts';
import styles from './Notifications.module.css';
import { notificationLink } from '../../../lib/notifications/notificationLink.ts';

export const NO_NOTIFICATIONS = 'No notifications';
const SKELETON_ROWS = 3;

export interface NotificationListProps {
  /** 'panel' (350 × max 450 px under the bell) or 'page' (/notifications). */
  variant: 'panel' | 'page';
  /** An item was chosen (the deal it is about opens). */
  onSelect?: (notification: Notification) => void;
}

/**
 * The notifications, newest first, with infinite scroll (the next page loads while the list is scrolled within
 * 10px of its end and more exist), skeletons while loading, 'No notifications' when empty, unread items
 * highlighted and marked read once at least 60% of them stayed visible inside the list for 2 seconds (a glance
 * while scrolling past does not count, and the highlight stays until then).
 */
export function NotificationList({ variant, onSelect }: NotificationListProps) {
  const dispatch = useNotificationsDispatch();
  const { list, loading, hasMore, page } = useNotificationsSelector((state) => state.notifications);
  const scrollRef = useRef<HTMLDivElement>(null);
  const observerRef = useRef<IntersectionObserver | null>(null);

  const loadIfNearEnd = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const remaining = element.scrollHeight - element.scrollTop - element.clientHeight;
    if (remaining <= NOTIFICATIONS_SCROLL_THRESHOLD_PX) void dispatch(loadNextNotificationsPage());
  }, [dispatch]);

  // The first page on open; then, while the loaded items do not fill the list, the next ones.
  useEffect(() => {
    if (page === NOTIFICATIONS_FIRST_PAGE && hasMore) void dispatch(loadNextNotificationsPage());
  }, [dispatch, page, hasMore]);
  useLayoutEffect(() => {
    if (!loading && hasMore && list.length > 0) loadIfNearEnd();
  }, [list.length, loading, hasMore, loadIfNearEnd]);

  // One observer per list, rooted in the scrolling element: an unread item that stays ≥ 60% visible for
  // NOTIFICATION_SEEN_MS is marked read; leaving the view before that starts the wait over.
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const seen = new Map<Element, ReturnType<typeof setTimeout>>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const { target } = entry;
          if (!entry.isIntersecting || !isVisibleEnoughToRead(entry.intersectionRatio)) {
            clearTimeout(seen.get(target));
            seen.delete(target);
            continue;
          }
          if (seen.has(target)) continue;
          const id = Number((target as HTMLElement).dataset.notificationId);
          seen.set(
            target,
            setTimeout(() => {
              seen.delete(target);
              observer.unobserve(target);
              void dispatch(markRead(id));
            }, NOTIFICATION_SEEN_MS),
          );
        }
      },
      { root: scrollRef.current, threshold: NOTIFICATION_READ_VISIBILITY },
    );
    observerRef.current = observer;
    // Items rendered before the observer existed.
    scrollRef.current?.querySelectorAll<HTMLElement>('[data-unread="true"]').forEach((element) => observer.observe(element));
    return () => {
      for (const timer of seen.values()) clearTimeout(timer);
      observer.disconnect();
      observerRef.current = null;
    };
  }, [dispatch]);

  const observeUnread = useCallback((element: HTMLLIElement | null) => {
    if (element && element.dataset.unread === 'true') observerRef.current?.observe(element);
  }, []);

  const empty = !loading && list.length === 0 && !hasMore;
  return (
    <div
      ref={scrollRef}
      className={variant === 'panel' ? styles.panelScroll : styles.pageScroll}
      onScroll={() => {
        if (hasMore && !loading) loadIfNearEnd();
      }}
      aria-busy={loading}
      data-testid="notifications-scroll"
    >
      {list.length > 0 && (
        <ul className={styles.list} aria-label="Notifications list">
          {list.map((notification) => (
            <li
              key={notification.id}
              ref={observeUnread}
              className={`${styles.item} ${notification.isRead ? '' : styles.unread}`}
              data-notification-id={notification.id}
              data-unread={notification.isRead ? 'false' : 'true'}
              data-testid="notification-item"
            >
              <button
                type="button"
                className={styles.itemButton}
                onClick={() => onSelect?.(notification)}
                disabled={!onSelect || notificationLink(notification) === null}
              >
                <span className={styles.itemTitle}>{notification.title}</span>
                <span className={styles.itemMessage}>{notification.message}</span>
                <time className={styles.itemTime} dateTime={notification.createdAt}>
                  {formatLocalDateTime(notification.createdAt)}
                </time>
              </button>
            </li>
          ))}
        </ul>
      )}
      {loading && (
        <ul className={styles.list} aria-label="Loading notifications">
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <li key={index} className={styles.skeleton} data-testid="notification-skeleton">
              <span className={styles.skeletonLine} />
              <span className={`${styles.skeletonLine} ${styles.skeletonShort}`} />
            </li>
          ))}
        </ul>
      )}
      {empty && <p className={styles.empty}>{NO_NOTIFICATIONS}</p>}
    </div>
  );
}
