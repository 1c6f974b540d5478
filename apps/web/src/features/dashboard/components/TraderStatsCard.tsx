import { accountAgeText, minutesText, NO_FIGURE, percentText, TRADING_STAT_LABELS as L } from '@jelly/domain';
import { formatLocalDate } from '../../../lib/time/formatLocalDateTime.ts';
import { failureMessage, useTradingStats } from '../api/dashboardApi.ts';
import { tokenAmount } from '../model/format.ts';
import styles from './Dashboard.module.css';
import { ListError, ListSkeleton } from './ListStates.tsx';

/** The wallet's own trading figures, worded as the public profile words them (@jelly/domain's trading-stats-text). */
export function TraderStatsCard({ wallet }: { wallet: string }) {
  const { data: stats, isLoading, isError, error, refetch } = useTradingStats(wallet);
  return (
    <section className={styles.section} aria-labelledby="trader-stats-title">
      <h2 id="trader-stats-title" className={styles.sectionTitle}>
        My stats
      </h2>
      {isLoading ? (
        <ListSkeleton rows={1} label="Loading stats" />
      ) : isError || !stats ? (
        <ListError title="Stats could not be loaded." message={failureMessage(error)} onRetry={() => void refetch()} />
      ) : (
        <dl className={styles.stats} data-testid="trader-stats">
          <Stat label={L.completed} value={String(stats.completedDeals)} />
          <Stat label={L.completed30d} value={String(stats.completedDeals30d)} />
          <Stat label={L.completionRate30d} value={percentText(stats.completionRate30d)} />
          <Stat label={L.avgRelease} value={minutesText(stats.avgReleaseSeconds)} />
          <Stat label={L.avgPayment} value={minutesText(stats.avgPaymentSeconds)} />
          <Stat label="Buys / Sells" value={`${stats.buyDeals} / ${stats.sellDeals}`} />
          <Stat label={L.positiveFeedback} value={percentText(stats.positiveFeedbackPercent)} />
          <Stat label="Reviews" value={String(stats.reviewsCount)} />
          <Stat label={L.accountAge} value={accountAgeText(stats.accountCreatedAt, new Date())} />
          <Stat label={L.firstTrade} value={formatLocalDate(stats.firstTradeAt) ?? NO_FIGURE} />
          <Stat
            label="Volume"
            value={stats.volume.length === 0 ? NO_FIGURE : stats.volume.map((v) => `${tokenAmount(v.amount, v.tokenDecimal)} ${v.tokenName}`).join(', ')}
          />
        </dl>
      )}
    </section>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
