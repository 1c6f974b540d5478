import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import styles from './Admin.module.css';

export interface AdminViewer {
  wallet: string | null;
  signedIn: boolean;
  isAdmin: boolean;
}

/** What a refused visitor can do from anywhere in the admin area: leave the wallet. */
const DisconnectContext = createContext<(() => void) | undefined>(undefined);

export interface AdminGateProps {
  viewer: AdminViewer;
  onConnectWallet?: () => void;
  onDisconnect?: () => void;
  children: ReactNode;
}

/** The admin area is for admin wallets only (the API checks it again on every call). */
export function AdminGate({ viewer, onConnectWallet, onDisconnect, children }: AdminGateProps) {
  let content: ReactNode = children;
  if (!viewer.signedIn) {
    content = (
      <section className={styles.notice}>
        <h1>Admin</h1>
        <p>Connect an admin wallet and sign in to continue.</p>
        {onConnectWallet && <Button onClick={onConnectWallet}>Connect Admin Wallet</Button>}
        <p>
          <Link to="/">Back to Jelly</Link>
        </p>
      </section>
    );
  } else if (!viewer.isAdmin) {
    content = <Forbidden />;
  }
  return <DisconnectContext.Provider value={onDisconnect}>{content}</DisconnectContext.Provider>;
}

/** 403: this wallet is not an admin (or the server says so); back home, or disconnect to switch wallets. */
export function Forbidden() {
  const disconnect = useContext(DisconnectContext);
  return (
    <section className={styles.notice} role="alert">
      <h1>403 — Admins only</h1>
      <p>This wallet is not an admin. The admin area is open to admin wallets only.</p>
      <div className={styles.noticeActions}>
        <Link to="/" className={styles.homeLink}>
          Back to Jelly
        </Link>
        {disconnect && (
          <Button variant="secondary" onClick={disconnect}>
            Disconnect
          </Button>
        )}
      </div>
    </section>
  );
}
