import { PlaceholderPage } from '../../../components/ui/PlaceholderPage.tsx';

/** /coin-jelly, the Coin Jelly order flow — placeholder until its issue builds the screen. */
export default function CoinJellyPage() {
  return <PlaceholderPage title="Coin Jelly" />;
}
