import { shortenWallet } from '@jelly/domain';
import { useDispatch } from 'react-redux';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { modalPushed } from '../../../lib/modals/modalsSlice.ts';
import { formatTimeLeft } from '../../../lib/time/countdown.ts';
import { useNow } from '../../../lib/time/useNow.ts';
import { useCoinJellyAdminQueueQuery } from '../api/coinJellyApi.ts';
import type { AdminQueueEntry } from '../api/contract.ts';
import styles from './CoinJelly.module.css';

/** Orders that wait for an admin (payouts on other chains, unexpected deposits), the nearest deadline first. */
export function AdminQueue() {
  const { data, isError } = useCoinJellyAdminQueueQuery(undefined, { pollingInterval: 15_000 });
  const now = useNow();
  const entries = [...(data?.data ?? [])].sort((a, b) => Date.parse(a.slaDueAt) - Date.parse(b.slaDueAt));
  return (
    <section className={styles.list} aria-label="Needs an admin">
      <h2 className={styles.subtitle}>Needs an admin ({entries.length})</h2>
      {isError && <p className={styles.error}>The queue could not be loaded.</p>}
      {entries.length === 0 ? (
        <p className={styles.small}>Nothing waits for an admin.</p>
      ) : (
        <ul className={styles.rows}>
          {entries.map((entry) => (
            <QueueRow key={entry.order.id} entry={entry} now={now.getTime()} />
          ))}
        </ul>
      )}
    </section>
  );
}

function QueueRow({ entry, now }: { entry: AdminQueueEntry; now: number }) {
  const dispatch = useDispatch();
  const { order } = entry;
  const left = Date.parse(entry.slaDueAt) - now;
  return (
    <li className={styles.rowItem} data-testid="queue-row">
      <Link to={`/coin-jelly/${order.id}`} className={styles.rowLink}>
        #{order.id}
      </Link>
      <span>{entry.reason}</span>
      <span>
        {order.amountUserSend} {order.cryptoCurrencyFromUser} → {order.amountUserWannaGet} {order.newUserCrypto} ({order.newUserCryptoChain})
      </span>
      <span className={styles.small}>{shortenWallet(order.userWallet)}</span>
      <span className={left > 0 ? styles.badge : styles.badgeLate} data-testid="sla">
        {left > 0 ? `SLA ${formatTimeLeft(left)} left` : `SLA overdue by ${formatTimeLeft(-left)}`}
      </span>
      <Button size="small" onClick={() => dispatch(modalPushed('updateJelly', { id: order.id, txID: order.txID ?? '', status: order.status }))}>
        Update
      </Button>
    </li>
  );
}
