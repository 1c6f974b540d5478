import { swapStatusLabel } from '@jelly/domain';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PageSpinner } from '../../../components/ui/Spinner.tsx';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { useCoinJellyOrderQuery } from '../api/coinJellyApi.ts';
import { AccountWait } from '../components/AccountWait.tsx';
import styles from '../components/CoinJelly.module.css';
import { DepositAddress } from '../components/DepositAddress.tsx';
import { DepositStatus } from '../components/DepositStatus.tsx';
import { OrderTimeline } from '../components/OrderTimeline.tsx';
import { isSettledStage } from '../model/stages.ts';

/** How often an open order page re-reads the order while it can still move (pushed events refresh it sooner). */
export const ORDER_PAGE_POLL_MS = 5000;

/** /coin-jelly/:id: one order's status and its timeline. */
export default function CoinJellyOrderPage() {
  const id = Number(useParams().id);
  useDocumentTitle(`Coin Jelly #${id}`);
  const valid = Number.isInteger(id) && id > 0;
  const [settled, setSettled] = useState(false);
  const { data: order, isError, isLoading } = useCoinJellyOrderQuery(id, { skip: !valid, pollingInterval: settled ? 0 : ORDER_PAGE_POLL_MS });
  if (order && isSettledStage(order.stage) !== settled) setSettled(isSettledStage(order.stage));

  if (!valid || isError) return <p className={styles.page}>This order does not exist or is not yours.</p>;
  if (isLoading || !order) return <PageSpinner />;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>
        Coin Jelly #{order.id} · <span data-testid="order-status">{swapStatusLabel(order.status)}</span>
      </h1>
      <AccountWait order={order} />
      <dl className={styles.facts}>
        <dt>You send</dt>
        <dd>
          {order.amountUserSend} {order.cryptoCurrencyFromUser} ({order.sendChain})
        </dd>
        <dt>You receive</dt>
        <dd>
          {order.amountUserWannaGet} {order.newUserCrypto} ({order.newUserCryptoChain})
        </dd>
        <dt>Recipient</dt>
        <dd className={styles.mono}>{order.newUserWallets[0]}</dd>
        <dt>Refund to</dt>
        <dd className={styles.mono}>{order.refundAddress}</dd>
      </dl>
      {!isSettledStage(order.stage) && <DepositAddress address={order.companyWallet} />}
      <DepositStatus order={order} />
      <h2 className={styles.subtitle}>Timeline</h2>
      <OrderTimeline order={order} />
    </div>
  );
}
