import { useMemo } from 'react';
import { selectIsSignedIn, selectUser } from '../../features/auth/state/userSlice.ts';
import { AdminArea } from '../../features/admin/pages/AdminPage.tsx';
import { useConnectWallet } from '../../features/wallet/hooks/useConnectWallet.ts';
import { useAppSelector } from '../hooks.ts';

/** /admin/*: composes the admin area with the session and the deal chat panel. */
export default function AdminRoute() {
  const user = useAppSelector(selectUser);
  const signedIn = useAppSelector(selectIsSignedIn);
  const connectWallet = useConnectWallet();
  const viewer = useMemo(() => ({ wallet: user.wallet, signedIn, isAdmin: user.isAdmin }), [user.wallet, signedIn, user.isAdmin]);
  return <AdminArea viewer={viewer} onConnectWallet={connectWallet} />;
}
