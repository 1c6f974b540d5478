import { useCallback, useMemo } from 'react';
import { selectIsSignedIn, selectUser } from '../../features/auth/state/userSlice.ts';
import { DealChat } from '../../features/deal-chat/index.ts';
import { DealChatPage, type DealChatSlotProps } from '../../features/deal/pages/DealChatPage.tsx';
import { usePlatformConfigQuery } from '../../lib/reference/platformApi.ts';
import { useConnectWallet } from '../../features/wallet/hooks/useConnectWallet.ts';
import { useAppSelector } from '../hooks.ts';

/** /swap-chat/{id}: composes the deal page with the session, the platform's escrow settings and the deal chat. */
export default function DealChatRoute() {
  const user = useAppSelector(selectUser);
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data: config } = usePlatformConfigQuery();
  const connectWallet = useConnectWallet();
  const viewer = useMemo(() => ({ wallet: user.wallet, signedIn, isAdmin: user.isAdmin }), [user.wallet, signedIn, user.isAdmin]);
  const escrow = useMemo(
    () => (config ? { programId: config.escrowProgramId, feePayer: config.feePayer } : null),
    [config],
  );
  const chatSlot = useCallback((chat: DealChatSlotProps) => <DealChat {...chat} signedIn={signedIn} />, [signedIn]);
  return <DealChatPage viewer={viewer} escrow={escrow} onConnectWallet={connectWallet} chatSlot={chatSlot} />;
}
