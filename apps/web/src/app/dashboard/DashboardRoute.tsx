import { UserJellyOrders } from '../../features/coin-jelly/components/UserJellyOrders.tsx';
import DashboardPage from '../../features/dashboard/pages/DashboardPage.tsx';
import { useConnectWallet } from '../../features/wallet/hooks/useConnectWallet.ts';

const coinJellyOrders = (wallet: string, phone: boolean) => <UserJellyOrders wallet={wallet} phone={phone} />;

/** /my-account: the dashboard with the header's Connect Wallet action for a signed-out visitor, and the Coin Jelly orders. */
export default function DashboardRoute() {
  const connectWallet = useConnectWallet();
  return <DashboardPage onConnectWallet={connectWallet} moreHistory={coinJellyOrders} />;
}
