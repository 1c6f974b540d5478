import { PlaceholderPage } from '../../../components/ui/PlaceholderPage.tsx';

/** /settings — placeholder until its issue builds the screen. */
export default function SettingsPage() {
  return <PlaceholderPage title="Settings" />;
}
