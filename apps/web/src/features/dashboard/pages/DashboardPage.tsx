import { PlaceholderPage } from '../../../components/ui/PlaceholderPage.tsx';

/** /my-account, the personal dashboard — placeholder until its issue builds the screen. */
export default function DashboardPage() {
  return <PlaceholderPage title="Dashboard" />;
}
