import { PlaceholderPage } from '../../../components/ui/PlaceholderPage.tsx';

/** /buy-crypto, the market of offers — placeholder until its issue builds the screen. */
export default function MarketPage() {
  return <PlaceholderPage title="Buy Crypto" />;
}
