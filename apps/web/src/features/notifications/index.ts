// The notifications feature's public parts, composed by the app (header bell, account menu item, root listener).
export { NotificationBell } from './components/NotificationBell.tsx';
export { NotificationsListener } from './components/NotificationsListener.tsx';
export { ConnectTelegramItem } from './components/ConnectTelegramItem.tsx';
export { notificationsSlice } from './state/notificationsSlice.ts';
