import { useEffect, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button } from '../../../components/ui/Button.tsx';
import { PageIntro } from '../../../components/ui/PageIntro.tsx';
import { useSignedInWallet } from '../../../lib/session/session.ts';
import { useIsMobile } from '../../../lib/ui/useMediaQuery.ts';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { ActiveDeals } from '../components/ActiveDeals.tsx';
import { AdHistory } from '../components/AdHistory.tsx';
import styles from '../components/Dashboard.module.css';
import { OrderHistory } from '../components/OrderHistory.tsx';
import { TraderStatsCard } from '../components/TraderStatsCard.tsx';
import { dashboardOwnerChanged, selectDashboard } from '../state/dashboardSlice.ts';

export const SIGNED_OUT_TEXT = 'Connect your wallet and sign in to see your deals, orders and ads.';

export interface DashboardPageProps {
  /** Opens the wallet chooser (the app passes what the header's Connect Wallet does). */
  onConnectWallet?: () => void;
  /** More of the wallet's history that other features list (the app composes it in, e.g. Coin Jelly orders). */
  moreHistory?: (wallet: string, phone: boolean) => ReactNode;
}

/** /my-account: the signed-in wallet's running deals, order history, ad history, swaps, Coin Jelly orders and its own stats. */
export default function DashboardPage({ onConnectWallet, moreHistory }: DashboardPageProps) {
  useDocumentTitle('Dashboard');
  const dispatch = useDispatch();
  const wallet = useSignedInWallet();
  const owner = useSelector(selectDashboard).owner;
  const phone = useIsMobile();

  useEffect(() => {
    if (wallet && wallet !== owner) dispatch(dashboardOwnerChanged(wallet));
  }, [wallet, owner, dispatch]);

  if (!wallet) {
    return (
      <section className={styles.page}>
        <div className={styles.notice}>
          <h1 className={styles.title}>Dashboard</h1>
          <p>{SIGNED_OUT_TEXT}</p>
          {onConnectWallet && <Button onClick={onConnectWallet}>Connect Wallet</Button>}
        </div>
      </section>
    );
  }

  // Lists wait for the filters to belong to this wallet (a switch of wallets starts from the defaults).
  if (owner !== wallet) return null;

  return (
    <div className={styles.page}>
      <PageIntro page="dashboard" />
      <ActiveDeals wallet={wallet} />
      <OrderHistory wallet={wallet} phone={phone} />
      <AdHistory wallet={wallet} phone={phone} />
      {moreHistory?.(wallet, phone)}
      <TraderStatsCard wallet={wallet} />
    </div>
  );
}
