import DashboardPage from '../../features/dashboard/pages/DashboardPage.tsx';
import { SwapHistory } from '../../features/swap/components/SwapHistory.tsx';
import { useConnectWallet } from '../../features/wallet/hooks/useConnectWallet.ts';

/** /my-account: the dashboard with the header's Connect Wallet action for a signed-out visitor and the swap history. */
export default function DashboardRoute() {
  const connectWallet = useConnectWallet();
  return <DashboardPage onConnectWallet={connectWallet} swaps={<SwapHistory />} />;
}
