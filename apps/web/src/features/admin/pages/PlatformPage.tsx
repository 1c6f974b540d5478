import type { PlatformFigures } from '@jelly/contracts';
import { formatDisplayAmount, fromBaseUnits } from '@jelly/domain';
import { Button } from '../../../components/ui/Button.tsx';
import { PageSpinner } from '../../../components/ui/Spinner.tsx';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { usePlatformFiguresQuery } from '../api/adminAuditApi.ts';
import { AdminError } from '../components/AdminError.tsx';
import styles from '../components/Admin.module.css';
import table from '../components/AdminTable.module.css';
import { formatLocalDateTime } from '../../../lib/time/formatLocalDateTime.ts';

const SOL_DECIMALS = 9;
/** Lamports as SOL; net rent can be negative (closed accounts gave back more than new ones cost). */
const sol = (lamports: string) => {
  const value = BigInt(lamports);
  const sign = value < 0n ? '-' : '';
  return `${sign}${formatDisplayAmount(fromBaseUnits(value < 0n ? -value : value, SOL_DECIMALS))} SOL`;
};
const tokens = (balances: PlatformFigures['volumeToday']) =>
  balances.length === 0 ? '—' : balances.map((b) => `${formatDisplayAmount(fromBaseUnits(BigInt(b.amount), b.decimals))} ${b.symbol}`).join(' · ');

/** 'h:mm' or 'm min' for a median duration. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** Platform: the figures an operator checks every morning. */
export function PlatformPage() {
  useDocumentTitle('Admin · Platform');
  const figures = usePlatformFiguresQuery();
  if (!figures.data) return figures.isError ? <AdminError error={figures.error} onRetry={() => void figures.refetch()} /> : <PageSpinner />;
  const f = figures.data;
  const cells: [string, string][] = [
    ['Fee payer balance', f.feePayer ? `${sol(f.feePayer.lamports)}${f.feePayer.runwayDays !== null ? ` · ~${Math.floor(f.feePayer.runwayDays)} days` : ''}` : 'No chain'],
    ['Desk balance', f.desk ? `${sol(f.desk.lamports)}${f.desk.tokens.length ? ` · ${tokens(f.desk.tokens)}` : ''}` : 'No desk'],
    ['Admin spend, last 24 h', `${sol(f.adminSpend24h.totalLamports)} (fees ${sol(f.adminSpend24h.feeLamports)}, rent ${sol(f.adminSpend24h.rentLamports)})`],
    ['Open disputes', String(f.openDisputes)],
    ['Deals flagged for review', String(f.flaggedDeals)],
    ['Deals today', String(f.dealsToday)],
    ['Volume today', tokens(f.volumeToday)],
    ['Median release time (30 days)', formatDuration(f.medianReleaseSeconds)],
  ];
  return (
    <section className={styles.page}>
      <div className={styles.row}>
        <h1 className={styles.title}>Platform</h1>
        <Button variant="secondary" size="small" onClick={() => void figures.refetch()}>
          Refresh
        </Button>
      </div>
      <dl className={table.figures} aria-label="Platform figures">
        {cells.map(([label, value]) => (
          <div key={label} className={table.figure}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.hint}>As of {formatLocalDateTime(f.at)}.</p>
    </section>
  );
}
