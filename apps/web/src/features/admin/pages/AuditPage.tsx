import { ADMIN_ACTIONS, ADMIN_PAGE_SIZE, type AuditEntry } from '@jelly/contracts';
import { withFilterChange } from '@jelly/domain';
import { useState } from 'react';
import { DateRangeField } from '../../../components/dates/DateRangeField.tsx';
import { PageSpinner } from '../../../components/ui/Spinner.tsx';
import { usePlatformConfigQuery } from '../../../lib/reference/platformApi.ts';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { useAuditQuery, type AuditFilters } from '../api/adminAuditApi.ts';
import { AdminError } from '../components/AdminError.tsx';
import { Pager } from '../components/Pager.tsx';
import { explorerTxUrl } from '../lib/explorer.ts';
import styles from '../components/Admin.module.css';
import table from '../components/AdminTable.module.css';
import { formatLocalDateTime } from '../../../lib/time/formatLocalDateTime.ts';

/** A picked day (yyyy-MM-dd) as the ISO instant of its local midnight, `days` later ('' when none is picked). */
function dayStartIso(day: string | null, days = 0): string {
  if (!day) return '';
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d! + days).toISOString();
}
const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** The audit log: every admin act, newest first — who, when, what, before / after, transaction, reason. Read only. */
export function AuditPage() {
  useDocumentTitle('Admin · Audit log');
  const [filters, setFilters] = useState<AuditFilters>({ page: 1, size: ADMIN_PAGE_SIZE });
  const [draft, setDraft] = useState({ actor: '', subject: '' });
  const [days, setDays] = useState<{ from: string | null; to: string | null }>({ from: null, to: null });
  const audit = useAuditQuery(filters);
  const { data: config } = usePlatformConfigQuery();

  return (
    <section className={styles.page}>
      <h1 className={styles.title}>Audit log</h1>
      <form
        className={table.filters}
        aria-label="Filter the audit log"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters((state) => withFilterChange(state, { actor: draft.actor, subject: draft.subject }));
        }}
      >
        <label>
          Action
          <select value={filters.action ?? ''} onChange={(event) => setFilters((state) => withFilterChange(state, { action: event.target.value }))}>
            <option value="">All actions</option>
            {ADMIN_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </label>
        <label>
          Admin
          <input value={draft.actor} onChange={(event) => setDraft({ ...draft, actor: event.target.value })} />
        </label>
        <label className={table.search}>
          Subject (wallet, mint, deal id)
          <input value={draft.subject} onChange={(event) => setDraft({ ...draft, subject: event.target.value })} />
        </label>
        {/* The app's range picker: whole local days, the end day included (sent as the next day's midnight). */}
        <DateRangeField
          from={days.from}
          to={days.to}
          onChange={(range) => {
            setDays(range);
            setFilters((state) => withFilterChange(state, { from: dayStartIso(range.from), to: dayStartIso(range.to, 1) }));
          }}
        />
        <button type="submit">Apply</button>
      </form>
      {!audit.data ? (
        audit.isError ? <AdminError error={audit.error} onRetry={() => void audit.refetch()} /> : <PageSpinner />
      ) : audit.data.data.length === 0 ? (
        <p className={table.empty}>No admin acts match.</p>
      ) : (
        <div className={table.scroll}>
          <table className={table.table} aria-label="Audit log">
            <thead>
              <tr>
                <th>When</th>
                <th>Admin</th>
                <th>Action</th>
                <th>Subject</th>
                <th>Before</th>
                <th>After</th>
                <th>Transaction</th>
                <th>Reason</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.data.map((entry: AuditEntry) => (
                <tr key={entry.id}>
                  <td>{formatLocalDateTime(entry.at)}</td>
                  <td className={table.mono}>{entry.actor}</td>
                  <td>{entry.action}</td>
                  <td className={table.mono}>{entry.subject ?? (entry.orderId !== null ? `#${entry.orderId}` : '—')}</td>
                  <td className={`${table.mono} ${table.wrap}`}>{shown(entry.before)}</td>
                  <td className={`${table.mono} ${table.wrap}`}>{shown(entry.after)}</td>
                  <td className={table.mono}>
                    {entry.txSignature ? (
                      <a href={explorerTxUrl(entry.txSignature, config?.solanaRpcUrl)} target="_blank" rel="noreferrer">
                        {entry.txSignature.slice(0, 12)}…
                      </a>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className={table.wrap}>{entry.reason ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {audit.data && <Pager page={filters.page} size={filters.size} total={audit.data.total} onPage={(page) => setFilters((state) => ({ ...state, page }))} />}
    </section>
  );
}
