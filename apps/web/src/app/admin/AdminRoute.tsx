import { useCallback, useMemo } from 'react';
import { selectIsSignedIn, selectUser } from '../../features/auth/state/userSlice.ts';
import { DealChat } from '../../features/deal-chat/index.ts';
import { AdminArea } from '../../features/admin/pages/AdminPage.tsx';
import type { AdminChatSlotProps } from '../../features/admin/pages/AdminOrderChatPage.tsx';
import AdminCoinJellyPage from '../../features/coin-jelly/pages/AdminCoinJellyPage.tsx';
import AdminSwapsPage from '../../features/swap/pages/AdminSwapsPage.tsx';
import { useConnectWallet } from '../../features/wallet/hooks/useConnectWallet.ts';
import { useAppSelector } from '../hooks.ts';
import { useLogoutConfirmation } from '../useLogoutConfirmation.ts';

/** /admin/*: composes the admin area with the session, the deal chat panel and the swap and Coin Jelly admin pages. */
export default function AdminRoute() {
  const user = useAppSelector(selectUser);
  const signedIn = useAppSelector(selectIsSignedIn);
  const connectWallet = useConnectWallet();
  const confirmLogout = useLogoutConfirmation();
  const viewer = useMemo(() => ({ wallet: user.wallet, signedIn, isAdmin: user.isAdmin }), [user.wallet, signedIn, user.isAdmin]);
  const chatSlot = useCallback((chat: AdminChatSlotProps) => <DealChat {...chat} signedIn={signedIn} />, [signedIn]);
  return (
    <AdminArea viewer={viewer} onConnectWallet={connectWallet} onDisconnect={confirmLogout} chatSlot={chatSlot}
      swapsPage={<AdminSwapsPage />}
      coinJellyPage={<AdminCoinJellyPage />}
    />
  );
}
