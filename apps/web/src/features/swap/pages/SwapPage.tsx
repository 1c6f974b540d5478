import { PlaceholderPage } from '../../../components/ui/PlaceholderPage.tsx';

/** /swap, token swap — placeholder until its issue builds the screen. */
export default function SwapPage() {
  return <PlaceholderPage title="Swap" />;
}
