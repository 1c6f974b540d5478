import { useNow } from '../../../lib/time/useNow.ts';
import { formatTimeLeft } from '../../../lib/time/countdown.ts';
import styles from './DealHeader.module.css';

/** The payment window's time left, ticking every second; the server expires the deal when it runs out. */
export function PaymentCountdown({ deadline }: { deadline: string }) {
  const now = useNow();
  const left = new Date(deadline).getTime() - now.getTime();
  if (Number.isNaN(left)) return null;
  const over = left <= 0;
  return (
    <span className={over ? styles.countdownOver : styles.countdown} data-testid="deal-countdown" role="timer" aria-live="off">
      {over ? 'Payment time is up' : formatTimeLeft(left)}
    </span>
  );
}
