import type { WalletReadyState } from '@solana/wallet-adapter-base';
import { useLoadWallet, useWallet, WalletReady } from '../../../lib/wallet/walletBridge.ts';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { openConfirmAction } from '../../../lib/modals/modalsSlice.ts';
import { appStorage } from '../../../lib/storage.ts';
import { isMobileDevice } from '../isMobileDevice.ts';
import { lastUsedWallet } from '../lastWallet.ts';
import { chooserOpened, connectPressed, lastWalletConfirmed } from '../state/walletUiSlice.ts';

const usable = (state: WalletReadyState) => state === WalletReady.Installed || state === WalletReady.Loadable;

/**
 * What Connect Wallet does: on a phone, offer the last-used wallet with 'Open {wallet}?';
 * otherwise (or when declined) open the wallet chooser.
 */
export function useConnectWallet(): () => void {
  const dispatch = useDispatch<ThunkDispatch<never, unknown, UnknownAction>>();
  const { wallets, wallet, select, connect } = useWallet();
  const loadWallet = useLoadWallet();

  return useCallback(() => {
    // The wallet libraries load on this first press; the chooser shows 'Looking for wallets' meanwhile.
    loadWallet();
    dispatch(connectPressed());
    const name = isMobileDevice() ? lastUsedWallet(appStorage) : null;
    const last = name ? wallets.find((w) => w.adapter.name === name && usable(w.readyState)) : undefined;
    if (!last) {
      dispatch(chooserOpened());
      return;
    }
    const walletName = last.adapter.name;
    dispatch(
      openConfirmAction(
        {
          title: `Open ${walletName}?`,
          description: `Jelly will ask ${walletName} to connect. You can pick another wallet instead.`,
          confirmText: 'Open',
          cancelText: 'Other wallets',
          variant: 'primary',
        },
        {
          onConfirm: async () => {
            dispatch(lastWalletConfirmed());
            if (wallet?.adapter.name === walletName) await connect().catch(() => undefined);
            else select(walletName);
          },
          onCancel: () => dispatch(chooserOpened()),
        },
      ),
    );
  }, [dispatch, loadWallet, wallets, wallet, select, connect]);
}
