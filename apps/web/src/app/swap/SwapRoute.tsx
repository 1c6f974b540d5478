import SwapPage from '../../features/swap/pages/SwapPage.tsx';
import { useConnectWallet } from '../../features/wallet/hooks/useConnectWallet.ts';

/** /swap: the swap page with the header's Connect Wallet action for a signed-out visitor. */
export default function SwapRoute() {
  const connectWallet = useConnectWallet();
  return <SwapPage onConnectWallet={connectWallet} />;
}
