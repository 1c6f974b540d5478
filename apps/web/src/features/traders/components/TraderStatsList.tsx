import type { TradingStats } from '@jelly/contracts';
import { formatLocalDate } from '../../../lib/time/formatLocalDateTime.ts';
import { accountAge, minutesLabel, NOT_YET, percentLabel } from '../model/profileFigures.ts';
import styles from './Traders.module.css';

/** The trader's figures: trades, completion, release and payment times, feedback, account age, first trade. */
export function TraderStatsList({ stats, now }: { stats: TradingStats; now: Date }) {
  const facts: [string, string, string][] = [
    ['Completed trades', `${stats.completedDeals}`, 'stat-completed'],
    ['Trades in 30 days', `${stats.completedDeals30d}`, 'stat-completed-30d'],
    ['Completion rate (30 d)', percentLabel(stats.completionRate30d), 'stat-completion-rate'],
    ['Avg. release time', minutesLabel(stats.avgReleaseSeconds), 'stat-release'],
    ['Avg. payment time', minutesLabel(stats.avgPaymentSeconds), 'stat-payment'],
    ['Positive feedback', percentLabel(stats.positiveFeedbackPercent), 'stat-positive'],
    ['Account age', accountAge(stats.accountCreatedAt, now), 'stat-account-age'],
    ['First trade', formatLocalDate(stats.firstTradeAt) ?? NOT_YET, 'stat-first-trade'],
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
