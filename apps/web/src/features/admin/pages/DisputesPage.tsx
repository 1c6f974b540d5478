import { formatDisplayAmount, fromBaseUnits, shortenWallet, withFilterChange } from '@jelly/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageSpinner } from '../../../components/ui/Spinner.tsx';
import { useCoinsQuery, useCurrenciesQuery } from '../../../lib/reference/catalogueApi.ts';
import { useNow } from '../../../lib/time/useNow.ts';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { useDisputesQuery } from '../api/adminDisputesApi.ts';
import { ADMIN_PAGE_SIZE, type DisputeQueueRow as DisputeRow, adminPagePaths } from '@jelly/contracts';
import type { DisputeQueueStatus, DisputesQuery } from '../api/adminDisputesApi.ts';
import { AdminError } from '../components/AdminError.tsx';
import { Pager } from '../components/Pager.tsx';
import { slaClock } from '../lib/explorer.ts';
import styles from '../components/Admin.module.css';
import table from '../components/AdminTable.module.css';
import { formatLocalDateTime } from '../../../lib/time/formatLocalDateTime.ts';

/** The dispute queue: open disputes oldest first, with the time each has waited; filters and a search. */
export function DisputesPage() {
  useDocumentTitle('Admin · Disputes');
  const [query, setQuery] = useState<DisputesQuery>({ status: 'open', page: 1, size: ADMIN_PAGE_SIZE });
  const [search, setSearch] = useState('');
  const result = useDisputesQuery(query);
  const { data: coins = [] } = useCoinsQuery();
  const { data: currencies = [] } = useCurrenciesQuery();
  const change = (patch: Partial<Omit<DisputesQuery, 'page'>>) => setQuery((state) => withFilterChange(state, patch));

  return (
    <section className={styles.page}>
      <h1 className={styles.title}>Disputes</h1>
      <form
        className={table.filters}
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          change({ q: search.trim() });
        }}
      >
        <label>
          Status
          <select value={query.status} onChange={(event) => change({ status: event.target.value as DisputeQueueStatus })}>
            <option value="open">Open</option>
            <option value="flagged">Flagged for review</option>
            <option value="resolved">Resolved</option>
            <option value="support">Support cases</option>
            <option value="all">All</option>
          </select>
        </label>
        <label>
          Token
          <select value={query.token ?? ''} onChange={(event) => change({ token: event.target.value })}>
            <option value="">All tokens</option>
            {coins.map((coin) => (
              <option key={coin.mint} value={coin.symbol}>
                {coin.symbol}
              </option>
            ))}
          </select>
        </label>
        <label>
          Fiat
          <select value={query.fiat ?? ''} onChange={(event) => change({ fiat: event.target.value })}>
            <option value="">All currencies</option>
            {currencies.map((currency) => (
              <option key={currency.code} value={currency.code}>
                {currency.code}
              </option>
            ))}
          </select>
        </label>
        <label className={table.search}>
          Deal id, wallet or transaction signature
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
        <button type="submit" className={styles.srOnly}>
          Search
        </button>
      </form>
      {result.data ? (
        <DisputeTable rows={result.data.data} />
      ) : result.isError ? (
        <AdminError error={result.error} onRetry={() => void result.refetch()} />
      ) : (
        <PageSpinner />
      )}
      {result.data && <Pager page={query.page} size={query.size} total={result.data.total} onPage={(page) => setQuery((state) => ({ ...state, page }))} />}
    </section>
  );
}

function DisputeTable({ rows }: { rows: DisputeRow[] }) {
  const now = useNow();
  if (rows.length === 0) return <p className={table.empty}>No disputes match.</p>;
  return (
    <div className={table.scroll}>
      <table className={table.table} aria-label="Disputes">
        <thead>
          <tr>
            <th>Deal</th>
            <th>Waiting</th>
            <th>Amount</th>
            <th>Buyer</th>
            <th>Seller</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.orderId}>
              <td>
                <Link to={adminPagePaths.dispute(row.orderId)}>#{row.orderId}</Link>
              </td>
              <td
                className={now.getTime() > new Date(row.slaDueAt).getTime() ? `${table.mono} ${table.overdue}` : table.mono}
                data-testid="sla-clock"
                title={`Opened ${formatLocalDateTime(row.openedAt) ?? '—'} · due ${formatLocalDateTime(row.slaDueAt) ?? '—'}`}
              >
                {slaClock(row.openedAt, now)}
              </td>
              <td>
                {formatDisplayAmount(fromBaseUnits(BigInt(row.amount), row.tokenDecimal))} {row.tokenName} · {row.fiatCode}
              </td>
              <td className={table.mono} title={row.buyerWallet ?? undefined}>
                {row.buyerWallet ? shortenWallet(row.buyerWallet) : '—'}
              </td>
              <td className={table.mono} title={row.sellerWallet ?? undefined}>
                {row.sellerWallet ? shortenWallet(row.sellerWallet) : '—'}
              </td>
              <td>
                {row.statusLabel}
                {row.pendingApproval && <span className={table.badge}>awaiting a second admin</span>}
                {row.reviewFlag && (
                  <span className={table.badge} title={row.reviewFlag.reason}>
                    flagged for review
                  </span>
                )}
                {row.supportCase && (
                  <>
                    <span className={table.badge}>support case {row.supportCase.state}</span>
                    <span className={table.caseWords} data-testid="support-case-words" title={`Opened by ${row.supportCase.openedBy}`}>
                      {shortenWallet(row.supportCase.openedBy)}: “{row.supportCase.message ?? '—'}”
                    </span>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
