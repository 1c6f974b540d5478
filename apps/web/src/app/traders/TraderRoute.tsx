import { TraderProfilePage } from '../../features/traders/pages/TraderProfilePage.tsx';
import { useConnectWallet } from '../../features/wallet/hooks/useConnectWallet.ts';

/** /trader/{wallet}: the trader profile, with the wallet chooser for signed-out visitors. */
export default function TraderRoute() {
  const connectWallet = useConnectWallet();
  return <TraderProfilePage onConnectWallet={connectWallet} />;
}
