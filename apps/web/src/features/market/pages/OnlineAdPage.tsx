import { PlaceholderPage } from '../../../components/ui/PlaceholderPage.tsx';

/** /online-ads/:id, an online ad — placeholder until its issue builds the screen. */
export default function OnlineAdPage() {
  return <PlaceholderPage title="Online ad" />;
}
