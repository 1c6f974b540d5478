import OnlineAdPage from '../../features/market/pages/OnlineAdPage.tsx';
import { useConnectWallet } from '../../features/wallet/hooks/useConnectWallet.ts';

/** /online-ads/{id}: an offer's page, with the wallet's Connect Wallet for a visitor who opened a shared link. */
export default function OnlineAdRoute() {
  const connectWallet = useConnectWallet();
  return <OnlineAdPage onConnectWallet={connectWallet} />;
}
