import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import styles from './Admin.module.css';

export interface AdminViewer {
  wallet: string | null;
  signedIn: boolean;
  isAdmin: boolean;
}

/** The admin area is for admin wallets only (the API checks it again on every call). */
export function AdminGate({ viewer, onConnectWallet, children }: { viewer: AdminViewer; onConnectWallet?: () => void; children: ReactNode }) {
  if (!viewer.signedIn) {
    return (
      <section className={styles.notice}>
        <h1>Admin</h1>
        <p>Connect an admin wallet and sign in to continue.</p>
        {onConnectWallet && <Button onClick={onConnectWallet}>Connect Admin Wallet</Button>}
      </section>
    );
  }
  if (!viewer.isAdmin) return <Forbidden />;
  return <>{children}</>;
}

export function Forbidden() {
  return (
    <section className={styles.notice} role="alert">
      <h1>403 — Admins only</h1>
      <p>This wallet is not an admin. The admin area is open to admin wallets only.</p>
    </section>
  );
}
