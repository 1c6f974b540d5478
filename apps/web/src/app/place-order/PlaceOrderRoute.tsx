import PlaceOrderPage from '../../features/place-order/pages/PlaceOrderPage.tsx';
import { useConnectWallet } from '../../features/wallet/hooks/useConnectWallet.ts';

/** /p2p: the create-order page with the wallet's Connect Wallet for a signed-out visitor. */
export default function PlaceOrderRoute() {
  const connectWallet = useConnectWallet();
  return <PlaceOrderPage onConnectWallet={connectWallet} />;
}
