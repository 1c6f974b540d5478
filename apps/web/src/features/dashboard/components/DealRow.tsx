import type { UserOrderRow } from '@jelly/contracts';
import { countdownRuns, orderStatusLabel, shortenWallet } from '@jelly/domain';
import { Link } from 'react-router';
import { formatTimeLeft } from '../../../lib/time/countdown.ts';
import { useNow } from '../../../lib/time/useNow.ts';
import { dealFiatAmount, roleLabel, tokenAmount } from '../model/format.ts';
import styles from './Dashboard.module.css';
import { pagePaths } from '@jelly/contracts';

/** One deal seen from the wallet's side: role, amounts, counterparty, status (and the payment time left while it runs). */
export function DealRow({ deal }: { deal: UserOrderRow }) {
  const counterparty = deal.counterpartyWallet;
  return (
    <li className={styles.row} data-testid={`deal-${deal.orderId}`}>
      <div className={styles.cell}>
        <Link to={pagePaths.deal(deal.orderId)} className={styles.rowLink}>
          Deal #{deal.orderId}
        </Link>
        <span className={styles.label}>{roleLabel(deal.role)}</span>
      </div>
      <div className={styles.cell}>
        <span className={styles.strong}>
          {tokenAmount(deal.amount, deal.tokenDecimal)} {deal.tokenName}
        </span>
        <span className={styles.label}>
          {dealFiatAmount(deal)} {deal.fiatCode}
        </span>
      </div>
      <div className={styles.cell}>
        <span className={styles.label}>Counterparty</span>
        {counterparty ? (
          <Link to={pagePaths.trader(counterparty)} className={`${styles.rowLink} ${styles.wallet}`} title={counterparty}>
            {shortenWallet(counterparty)}
          </Link>
        ) : (
          <span>—</span>
        )}
      </div>
      <div className={styles.cell}>
        <span className={styles.badge} data-testid="deal-status">
          {orderStatusLabel(deal.status)}
        </span>
        {deal.paymentDeadline && countdownRuns(deal.status) && <Countdown deadline={deal.paymentDeadline} />}
      </div>
    </li>
  );
}

/** The payment window's time left, ticking every second. */
function Countdown({ deadline }: { deadline: string }) {
  const now = useNow();
  const left = new Date(deadline).getTime() - now.getTime();
  if (Number.isNaN(left)) return null;
  return left > 0 ? (
    <span className={styles.countdown} role="timer" aria-label="Time left to pay">
      {formatTimeLeft(left)}
    </span>
  ) : (
    <span className={styles.countdownOver}>Payment time is up</span>
  );
}
