import { PlaceholderPage } from '../../../components/ui/PlaceholderPage.tsx';

/** /p2p, create an order — placeholder until its issue builds the screen. */
export default function PlaceOrderPage() {
  return <PlaceholderPage title="Create order" />;
}
