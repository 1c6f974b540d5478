import { PlaceholderPage } from '../../../components/ui/PlaceholderPage.tsx';

/** /notifications, the notifications page — placeholder until its issue builds the screen. */
export default function NotificationsPage() {
  return <PlaceholderPage title="Notifications" />;
}
