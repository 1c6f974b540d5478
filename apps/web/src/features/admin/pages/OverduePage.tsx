import { WAIT_OWNER_LABELS } from '@jelly/domain';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { PageSpinner } from '../../../components/ui/Spinner.tsx';
import { formatLocalDateTime } from '../../../lib/time/formatLocalDateTime.ts';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { useOverdueQuery } from '../api/adminOverdueApi.ts';
import { AdminError } from '../components/AdminError.tsx';
import styles from '../components/Admin.module.css';
import table from '../components/AdminTable.module.css';

/** How often the view reads again while open: a new late record shows within a minute, like the watchdog's run. */
const REFRESH_MS = 60_000;

/**
 * Overdue: every record in which money or a decision waits past its deadline (the wait table, docs/watchdog.md),
 * the longest overdue first: what it waits for, who must act, since when, and where to act.
 */
export function OverduePage() {
  useDocumentTitle('Admin · Overdue');
  const overdue = useOverdueQuery(undefined, { pollingInterval: REFRESH_MS });
  if (!overdue.data) return overdue.isError ? <AdminError error={overdue.error} onRetry={() => void overdue.refetch()} /> : <PageSpinner />;
  const { data, at } = overdue.data;
  return (
    <section className={styles.page}>
      <div className={styles.row}>
        <h1 className={styles.title}>Overdue ({data.length})</h1>
        <Button variant="secondary" size="small" onClick={() => void overdue.refetch()}>
          Refresh
        </Button>
      </div>
      {data.length === 0 ? (
        <p className={table.empty}>Nothing waits past its deadline.</p>
      ) : (
        <div className={table.scroll}>
          <table className={table.table} aria-label="Overdue">
            <thead>
              <tr>
                <th>Record</th>
                <th>Waits for</th>
                <th>Who must act</th>
                <th>Waiting since</th>
                <th>Late since</th>
              </tr>
            </thead>
            <tbody>
              {data.map((item) => (
                <tr key={`${item.kind}:${item.ref}`}>
                  <td>
                    <Link to={item.link}>{item.label}</Link>
                  </td>
                  <td className={table.wrap} title={item.wayOut}>
                    {item.waitsFor}
                  </td>
                  <td>{WAIT_OWNER_LABELS[item.owner]}</td>
                  <td className={table.mono}>{formatLocalDateTime(item.since)}</td>
                  <td className={`${table.mono} ${table.overdue}`}>{formatLocalDateTime(item.deadline)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className={styles.hint}>As of {formatLocalDateTime(at)}. Hover a row's text for its way out.</p>
    </section>
  );
}
