import { differenceInCalendarDays, format } from 'date-fns';
import { failureMessage, useTradingStatsQuery } from '../api/dashboardApi.ts';
import { minutesText, percentText, tokenAmount } from '../model/format.ts';
import styles from './Dashboard.module.css';
import { ListError, ListSkeleton } from './ListStates.tsx';

const day = (iso: string | null) => (iso ? format(new Date(iso), 'yyyy-MM-dd') : '—');

function accountAge(createdAt: string | null, now: Date): string {
  if (!createdAt) return '—';
  const days = Math.max(0, differenceInCalendarDays(now, new Date(createdAt)));
  return days === 1 ? '1 day' : `${days} days`;
}

/** The wallet's own trading figures. */
export function TraderStatsCard({ wallet }: { wallet: string }) {
  const { data: stats, isLoading, isError, error, refetch } = useTradingStatsQuery(wallet);
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
          <Stat label="Completed trades" value={String(stats.completedDeals)} />
          <Stat label="Completed trades (30 days)" value={String(stats.completedDeals30d)} />
          <Stat label="Completion rate (30 days)" value={percentText(stats.completionRate30d)} />
          <Stat label="Average release time" value={minutesText(stats.avgReleaseSeconds)} />
          <Stat label="Average payment time" value={minutesText(stats.avgPaymentSeconds)} />
          <Stat label="Buys / Sells" value={`${stats.buyDeals} / ${stats.sellDeals}`} />
          <Stat label="Positive feedback" value={percentText(stats.positiveFeedbackPercent)} />
          <Stat label="Reviews" value={String(stats.reviewsCount)} />
          <Stat label="Account age" value={accountAge(stats.accountCreatedAt, new Date())} />
          <Stat label="First trade" value={day(stats.firstTradeAt)} />
          <Stat
            label="Volume"
            value={stats.volume.length === 0 ? '—' : stats.volume.map((v) => `${tokenAmount(v.amount, v.tokenDecimal)} ${v.tokenName}`).join(', ')}
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
