import type { WalletName, WalletReadyState } from '@solana/wallet-adapter-base';
import { useEffect } from 'react';
import type { Wallet } from '@solana/wallet-adapter-react';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useLoadWallet, useWallet, useWalletReady, WalletReady } from '../../../lib/wallet/walletBridge.ts';
import { useDispatch, useSelector } from 'react-redux';
import { Modal } from '../../../components/ui/Modal.tsx';
import { chooserClosed, selectChooserOpen, walletPicked, type WalletUiState } from '../state/walletUiSlice.ts';
import styles from './WalletChooser.module.css';

const RANK: Record<WalletReadyState, number> = {
  [WalletReady.Installed]: 0,
  [WalletReady.Loadable]: 1,
  [WalletReady.NotDetected]: 2,
  [WalletReady.Unsupported]: 3,
};

const detected = (wallet: Wallet) =>
  wallet.readyState === WalletReady.Installed || wallet.readyState === WalletReady.Loadable;

/** The wallet chooser: every discovered wallet (Wallet Standard) as a button named after the wallet. */
export function WalletChooser() {
  const open = useSelector((state: { walletUi: WalletUiState }) => selectChooserOpen(state));
  if (!open) return null;
  return <WalletChooserDialog />;
}

function WalletChooserDialog() {
  const dispatch = useDispatch();
  const { wallets, wallet: selected, connected, select, connect } = useWallet();
  const ready = useWalletReady();
  const loadWallet = useLoadWallet();
  useEffect(() => loadWallet(), [loadWallet]);
  const sorted = [...wallets].sort((a, b) => RANK[a.readyState] - RANK[b.readyState]);
  const close = () => dispatch(chooserClosed());

  const pick = (name: WalletName) => {
    dispatch(walletPicked());
    close();
    // Re-picking the selected wallet while disconnected has to connect explicitly: select() is a no-op then.
    if (selected?.adapter.name === name) {
      if (!connected) void connect().catch(() => undefined);
    } else {
      select(name);
    }
  };

  return (
    <Modal title="Connect a wallet" onClose={close}>
      {!ready ? (
        <p className={styles.empty}>
          <Spinner label="Looking for wallets" />
        </p>
      ) : sorted.length === 0 ? (
        <p className={styles.empty}>
          No Solana wallet was found in this browser. Install one such as{' '}
          <a href="https://phantom.com/" target="_blank" rel="noopener noreferrer">
            Phantom
          </a>{' '}
          or{' '}
          <a href="https://solflare.com/" target="_blank" rel="noopener noreferrer">
            Solflare
          </a>
          , then reload this page.
        </p>
      ) : (
        <>
          <p className={styles.intro}>Pick the wallet you want to sign in with. You will sign a message once; it costs nothing.</p>
          <ul className={styles.list}>
            {sorted.map((wallet) => (
              <li key={wallet.adapter.name} className={styles.item}>
                {detected(wallet) ? (
                  <button type="button" className={styles.wallet} onClick={() => pick(wallet.adapter.name)}>
                    <img src={wallet.adapter.icon} alt="" className={styles.icon} />
                    <span>{wallet.adapter.name}</span>
                  </button>
                ) : (
                  <a className={styles.wallet} href={wallet.adapter.url} target="_blank" rel="noopener noreferrer">
                    <img src={wallet.adapter.icon} alt="" className={styles.icon} />
                    <span>{wallet.adapter.name}</span>
                  </a>
                )}
                <span className={`${styles.status} ${detected(wallet) ? '' : styles.muted}`}>
                  {detected(wallet) ? 'Detected' : 'Install'}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}
