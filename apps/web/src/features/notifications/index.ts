// The notifications feature's public parts, composed by the app (header bell, account menu item, root listener).
export { NotificationBell } from './components/NotificationBell.tsx';
export { NotificationsListener } from './components/NotificationsListener.tsx';
export { ConnectTelegramItem } from './components/ConnectTelegramItem.tsx';
export { ConnectTelegramButton } from './components/ConnectTelegramButton.tsx';
export { notificationsSlice } from './state/notificationsSlice.ts';

/** The unread notifications count (the tab bar's Settings tab and the Settings page show it). */
export const selectUnreadCount = (state: { notifications: { unreadCount: number } }): number => state.notifications.unreadCount;
