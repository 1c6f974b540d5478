import { createSlice } from '@reduxjs/toolkit';

export interface WalletUiState {
  chooserOpen: boolean;
  /** Connect Wallet was pressed and the resulting chooser/confirm has not finished yet. */
  connectPressed: boolean;
  /** The user picked a wallet and its connection has not settled: errors are shown, not swallowed. */
  userConnecting: boolean;
}

const initialState: WalletUiState = { chooserOpen: false, connectPressed: false, userConnecting: false };

export const walletUiSlice = createSlice({
  name: 'walletUi',
  initialState,
  reducers: {
    connectPressed(state) {
      state.connectPressed = true;
    },
    chooserOpened(state) {
      state.chooserOpen = true;
    },
    /** The chooser closed (a wallet was picked or it was dismissed). */
    chooserClosed(state) {
      state.chooserOpen = false;
      state.connectPressed = false;
    },
    /** On mobile, the user confirmed 'Open {wallet}?'. */
    lastWalletConfirmed(state) {
      state.connectPressed = false;
      state.userConnecting = true;
    },
    walletPicked(state) {
      state.userConnecting = true;
    },
    walletConnectSettled(state) {
      state.userConnecting = false;
    },
  },
});

export const { connectPressed, chooserOpened, chooserClosed, lastWalletConfirmed, walletPicked, walletConnectSettled } =
  walletUiSlice.actions;

export const selectChooserOpen = (state: { walletUi: WalletUiState }) => state.walletUi.chooserOpen;
export const selectUserConnecting = (state: { walletUi: WalletUiState }) => state.walletUi.userConnecting;
