import type { TradingStats } from '@jelly/contracts';
import { accountAgeText, minutesText, NO_FIGURE, percentText, TRADING_STAT_LABELS as L } from '@jelly/domain';
import { formatLocalDate } from '../../../lib/time/formatLocalDateTime.ts';
import styles from './Traders.module.css';

/** The trader's figures: trades, completion, release and payment times, feedback, account age, first trade. */
export function TraderStatsList({ stats, now }: { stats: TradingStats; now: Date }) {
  const facts: [string, string, string][] = [
    [L.completed, `${stats.completedDeals}`, 'stat-completed'],
    [L.completed30d, `${stats.completedDeals30d}`, 'stat-completed-30d'],
    [L.completionRate30d, percentText(stats.completionRate30d), 'stat-completion-rate'],
    [L.avgRelease, minutesText(stats.avgReleaseSeconds), 'stat-release'],
    [L.avgPayment, minutesText(stats.avgPaymentSeconds), 'stat-payment'],
    [L.positiveFeedback, percentText(stats.positiveFeedbackPercent), 'stat-positive'],
    [L.accountAge, accountAgeText(stats.accountCreatedAt, now), 'stat-account-age'],
    [L.firstTrade, formatLocalDate(stats.firstTradeAt) ?? NO_FIGURE, 'stat-first-trade'],
  ];
  return (
    <dl className={styles.stats} aria-label="Trading stats">
      {facts.map(([label, value, testId]) => (
        <div key={label} className={styles.stat}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
