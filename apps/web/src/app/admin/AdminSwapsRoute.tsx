import { useMemo } from 'react';
import { AdminGate } from '../../features/admin/components/AdminGate.tsx';
import { selectIsSignedIn, selectUser } from '../../features/auth/state/userSlice.ts';
import AdminSwapsPage from '../../features/swap/pages/AdminSwapsPage.tsx';
import { useConnectWallet } from '../../features/wallet/hooks/useConnectWallet.ts';
import { useAppSelector } from '../hooks.ts';

/** /admin/swaps: the swap feature's admin page behind the admin gate (until the admin shell hosts it). */
export default function AdminSwapsRoute() {
  const user = useAppSelector(selectUser);
  const signedIn = useAppSelector(selectIsSignedIn);
  const connectWallet = useConnectWallet();
  const viewer = useMemo(() => ({ wallet: user.wallet, signedIn, isAdmin: user.isAdmin }), [user.wallet, signedIn, user.isAdmin]);
  return (
    <AdminGate viewer={viewer} onConnectWallet={connectWallet}>
      <AdminSwapsPage />
    </AdminGate>
  );
}
