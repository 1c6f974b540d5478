import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { selectIsSignedIn, selectUser } from '../../features/auth/state/userSlice.ts';
import { DealChat } from '../../features/deal-chat/index.ts';
import type { SwapChatSlotProps } from '../../features/swap/pages/SwapChatPage.tsx';
import { useConnectWallet } from '../../features/wallet/hooks/useConnectWallet.ts';
import { importWithRetry } from '../../lib/lazy/importWithRetry.ts';
import { useAppSelector } from '../hooks.ts';
import DealChatRoute from '../deal/DealChatRoute.tsx';

const SwapChatPage = lazy(() => importWithRetry(() => import('../../features/swap/pages/SwapChatPage.tsx')));

/**
 * /swap-chat/{id}: a deal's page and chat, or with ?kind=swap the chat of swap #{id} (deal and swap ids are separate
 * sequences, so the address says which room it is).
 */
export default function ChatRoute() {
  const [search] = useSearchParams();
  return search.get('kind') === 'swap' ? <SwapChatRoute /> : <DealChatRoute />;
}

function SwapChatRoute() {
  const user = useAppSelector(selectUser);
  const signedIn = useAppSelector(selectIsSignedIn);
  const connectWallet = useConnectWallet();
  const viewer = useMemo(() => ({ wallet: user.wallet, signedIn }), [user.wallet, signedIn]);
  const chatSlot = useCallback(
    ({ swapId }: SwapChatSlotProps) => <DealChat orderId={swapId} room="swap" status={null} myWallet={user.wallet} isAdmin={user.isAdmin} signedIn={signedIn} />,
    [user.wallet, user.isAdmin, signedIn],
  );
  return (
    <Suspense fallback={<PageSpinner />}>
      <SwapChatPage viewer={viewer} onConnectWallet={connectWallet} chatSlot={chatSlot} />
    </Suspense>
  );
}
