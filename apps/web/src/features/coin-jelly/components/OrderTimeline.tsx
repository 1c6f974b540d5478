import { usePlatformConfigQuery } from '../../../lib/reference/platformApi.ts';
import { formatLocalDateTime } from '../../../lib/time/formatLocalDateTime.ts';
import type { JellyOrder } from '../api/contract.ts';
import { explorerTxUrl } from '../model/explorer.ts';
import { eventSummary } from '../model/stages.ts';
import styles from './CoinJelly.module.css';

/** Every step of the order, oldest first, with the transaction (and slot) that moved it. */
export function OrderTimeline({ order }: { order: JellyOrder }) {
  const { data: config } = usePlatformConfigQuery();
  if (order.events.length === 0) return <p className={styles.small}>No events yet</p>;
  return (
    <ol className={styles.timeline} aria-label="Timeline">
      {order.events.map((event) => {
        // A deposit's signature is on the send chain, a payout's or refund's on theirs.
        const chain = event.kind === 'payout' ? order.newUserCryptoChain : order.sendChain;
        return (
          <li key={event.id} className={styles.event}>
            <span className={styles.small}>{formatLocalDateTime(event.at)}</span>
            <span>{eventSummary(event)}</span>
            {event.signature && (
              <a href={explorerTxUrl(chain, event.signature, config)} target="_blank" rel="noreferrer" className={styles.txLink}>
                {event.signature}
                {event.slot !== null ? ` (slot ${event.slot})` : ''}
              </a>
            )}
            {event.note && <span className={styles.small}>{event.note}</span>}
          </li>
        );
      })}
    </ol>
  );
}
