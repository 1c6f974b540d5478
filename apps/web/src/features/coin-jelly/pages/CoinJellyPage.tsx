import { lazy, Suspense } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PageIntro } from '../../../components/ui/PageIntro.tsx';
import { useSignedInWallet } from '../../../lib/session/session.ts';
import { useIsMobile } from '../../../lib/ui/useMediaQuery.ts';
import { importWithRetry } from '../../../lib/lazy/importWithRetry.ts';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import styles from '../components/CoinJelly.module.css';
import { JellyOrdersList } from '../components/JellyOrdersList.tsx';
import { pagePaths } from '@jelly/contracts';

/** The form only a signed-in wallet sees, with the address checks (elliptic-curve code): a visitor never loads it. */
const ExchangeForm = lazy(() => importWithRetry(() => import('../components/ExchangeForm.tsx')).then((module) => ({ default: module.ExchangeForm })));

export const COIN_JELLY_SIGNED_OUT = 'Connect your wallet and sign in to exchange with Coin Jelly.';

/** /coin-jelly: send one coin to a personal deposit address and receive another at the address you choose. */
export default function CoinJellyPage() {
  useDocumentTitle('Coin Jelly');
  const wallet = useSignedInWallet();
  const phone = useIsMobile();
  // Notifications link to /coin-jelly?order={id}: that order's own page.
  const linked = Number(useSearchParams()[0].get('order'));
  if (Number.isInteger(linked) && linked > 0) return <Navigate to={pagePaths.coinJellyOrder(linked)} replace />;
  return (
    <div className={styles.page}>
      <PageIntro page="coinJelly" />
      {wallet ? (
        <>
          <Suspense fallback={<Spinner label="Loading the exchange form" />}>
            <ExchangeForm key={wallet} wallet={wallet} />
          </Suspense>
          <JellyOrdersList list="user" wallet={wallet} phone={phone} title="My Coin Jelly orders" />
        </>
      ) : (
        <p className={styles.notice}>{COIN_JELLY_SIGNED_OUT}</p>
      )}
    </div>
  );
}
