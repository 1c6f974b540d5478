import { useMemo } from 'react';
import { selectIsSignedIn, selectUser } from '../../features/auth/state/userSlice.ts';
import { AdminGate } from '../../features/admin/components/AdminGate.tsx';
import AdminCoinJellyPage from '../../features/coin-jelly/pages/AdminCoinJellyPage.tsx';
import { useConnectWallet } from '../../features/wallet/hooks/useConnectWallet.ts';
import { useAppSelector } from '../hooks.ts';

/** /admin/coin-jelly: the Coin Jelly queue and history behind the admin gate. */
export default function AdminCoinJellyRoute() {
  const user = useAppSelector(selectUser);
  const signedIn = useAppSelector(selectIsSignedIn);
  const connectWallet = useConnectWallet();
  const viewer = useMemo(() => ({ wallet: user.wallet, signedIn, isAdmin: user.isAdmin }), [user.wallet, signedIn, user.isAdmin]);
  return (
    <AdminGate viewer={viewer} onConnectWallet={connectWallet}>
      <AdminCoinJellyPage />
    </AdminGate>
  );
}
