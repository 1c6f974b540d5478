import { UserJellyOrders } from '../../features/coin-jelly/components/UserJellyOrders.tsx';
import DashboardPage from '../../features/dashboard/pages/DashboardPage.tsx';
import { SwapHistory } from '../../features/swap/components/SwapHistory.tsx';
import { useConnectWallet } from '../../features/wallet/hooks/useConnectWallet.ts';

// The swap history and the Coin Jelly orders belong to their own features; the app composes them into the dashboard.
const moreHistory = (wallet: string, phone: boolean) => (
  <>
    <SwapHistory />
    <UserJellyOrders wallet={wallet} phone={phone} />
  </>
);

/** /my-account: the dashboard with the header's Connect Wallet action for a signed-out visitor, its swaps and Coin Jelly orders. */
export default function DashboardRoute() {
  const connectWallet = useConnectWallet();
  return <DashboardPage onConnectWallet={connectWallet} moreHistory={moreHistory} />;
}
