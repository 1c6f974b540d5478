import { shortenWallet, type SwapStatus } from '@jelly/domain';
import { useDispatch } from 'react-redux';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { modalPushed } from '../../../lib/modals/modalsSlice.ts';
import { formatTimeLeft } from '../../../lib/time/countdown.ts';
import { formatLocalDateTime } from '../../../lib/time/formatLocalDateTime.ts';
import { useNow } from '../../../lib/time/useNow.ts';
import { useCoinJellyAdminQueueQuery } from '../api/coinJellyApi.ts';
import type { JellyListItem, UnattributedJellyDeposit } from '../api/contract.ts';
import { AWAITING_USER_CHOICE, CHOICE_REASONS, STAGE_LABELS } from '../model/stages.ts';
import styles from './CoinJelly.module.css';
import { pagePaths } from '@jelly/contracts';

/** The queue is re-read this often; its clocks tick in between. */
export const ADMIN_QUEUE_POLL_MS = 15_000;

type QueuedOrder = JellyListItem & { waitingMinutes: number };

/**
 * Orders waiting for an admin (oldest first, with how long they have waited), then deposits no order could take; below
 * them, the orders waiting for the user's choice after a wrong payment, named as such, with how long they have waited.
 */
export function AdminQueue() {
  const { data, isError, fulfilledTimeStamp } = useCoinJellyAdminQueueQuery(undefined, { pollingInterval: ADMIN_QUEUE_POLL_MS });
  const now = useNow();
  const orders = data?.orders ?? [];
  const deposits = (data?.deposits ?? []).filter((deposit) => !deposit.resolved);
  const choosing = data?.awaitingUser ?? [];
  const sinceFetch = fulfilledTimeStamp ? Math.max(0, now.getTime() - fulfilledTimeStamp) : 0;
  return (
    <>
      <section className={styles.list} aria-label="Needs an admin">
        <h2 className={styles.subtitle}>Needs an admin ({orders.length + deposits.length})</h2>
        {isError && <p className={styles.error}>The queue could not be loaded.</p>}
        {orders.length + deposits.length === 0 ? (
          <p className={styles.small}>Nothing waits for an admin.</p>
        ) : (
          <ul className={styles.rows}>
            {orders.map((order) => (
              <QueueRow key={order.id} order={order} waitedMs={order.waitingMinutes * 60_000 + sinceFetch} />
            ))}
            {deposits.map((deposit) => (
              <DepositRow key={deposit.signature} deposit={deposit} />
            ))}
          </ul>
        )}
      </section>
      {choosing.length > 0 && (
        <section className={styles.list} aria-label={AWAITING_USER_CHOICE}>
          <h2 className={styles.subtitle}>
            {AWAITING_USER_CHOICE} ({choosing.length})
          </h2>
          <ul className={styles.rows}>
            {choosing.map((order) => (
              <ChoiceRow key={order.id} order={order} waitedMs={order.waitingMinutes * 60_000 + sinceFetch} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** A deposit that differs from the quote: the user has been asked to exchange at the current rate or take a refund. */
function ChoiceRow({ order, waitedMs }: { order: QueuedOrder; waitedMs: number }) {
  return (
    <li className={styles.rowItem} data-testid="choice-row">
      <Link to={pagePaths.coinJellyOrder(order.id)} className={styles.rowLink}>
        #{order.id}
      </Link>
      <span>{AWAITING_USER_CHOICE}</span>
      <span>
        {order.received} of {order.amountUserSend} {order.cryptoCurrencyFromUser} in
      </span>
      {order.pendingChoice && <span className={styles.small}>{CHOICE_REASONS[order.pendingChoice.kind]}</span>}
      <span className={styles.small}>{shortenWallet(order.userWallet)}</span>
      <span className={styles.badge} data-testid="waited">
        Waiting {formatTimeLeft(waitedMs)}
      </span>
    </li>
  );
}

function QueueRow({ order, waitedMs }: { order: QueuedOrder; waitedMs: number }) {
  const dispatch = useDispatch();
  return (
    <li className={styles.rowItem} data-testid="queue-row">
      <Link to={pagePaths.coinJellyOrder(order.id)} className={styles.rowLink}>
        #{order.id}
      </Link>
      <span>{STAGE_LABELS[order.stage]}</span>
      {order.waitingForAccount && (
        <span data-testid="waits-for">
          The {order.waitingForAccount.payment} waits for <span className={styles.mono}>{order.waitingForAccount.address}</span> to open a{' '}
          {order.waitingForAccount.coin} account
        </span>
      )}
      <span>
        {order.received} {order.cryptoCurrencyFromUser} in → {order.amountUserWannaGet} {order.newUserCrypto} ({order.newUserCryptoChain}) to{' '}
        <span className={styles.mono}>{order.newUserWallets[0]}</span>
      </span>
      <span className={styles.small}>{shortenWallet(order.userWallet)}</span>
      <span className={styles.badgeLate} data-testid="sla">
        Waiting {formatTimeLeft(waitedMs)}
      </span>
      <Button
        size="small"
        onClick={() => dispatch(modalPushed('updateJelly', { id: order.id, txID: order.txID ?? '', status: order.status as SwapStatus }))}
      >
        Update
      </Button>
    </li>
  );
}

function DepositRow({ deposit }: { deposit: UnattributedJellyDeposit }) {
  return (
    <li className={styles.rowItem} data-testid="unattributed-deposit">
      <span>Unexpected deposit to order</span>
      <Link to={pagePaths.coinJellyOrder(deposit.orderId)} className={styles.rowLink}>
        #{deposit.orderId}
      </Link>
      <span>
        {deposit.amount} {deposit.coin}
      </span>
      <span className={`${styles.small} ${styles.mono}`}>{deposit.signature}</span>
      <span className={styles.small}>{formatLocalDateTime(deposit.at)}</span>
    </li>
  );
}
