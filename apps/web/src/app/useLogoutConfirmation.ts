import { LOG_OUT_DESCRIPTION, LOG_OUT_TITLE } from '@jelly/domain';
import { useWallet } from '../lib/wallet/walletBridge.ts';
import { useCallback } from 'react';
import { logout } from '../features/auth/state/logout.ts';
import { openConfirmAction } from '../lib/modals/modalsSlice.ts';
import { useAppDispatch } from './hooks.ts';

/** Disconnect asks 'Log Out?'; confirming logs out on the server, clears the tokens and disconnects the wallet. */
export function useLogoutConfirmation(): () => void {
  const dispatch = useAppDispatch();
  const { disconnect } = useWallet();
  return useCallback(() => {
    dispatch(
      openConfirmAction(
        { title: LOG_OUT_TITLE, description: LOG_OUT_DESCRIPTION, confirmText: 'Log Out', cancelText: 'Cancel', variant: 'warning' },
        { onConfirm: () => dispatch(logout({ disconnectWallet: disconnect })).unwrap() },
      ),
    );
  }, [dispatch, disconnect]);
}
