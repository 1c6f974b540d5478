import { SWAP_HISTORY_DEFAULT_SIZE, SWAP_STATUS_LABELS, type DeskInventory, type SwapRecord } from '@jelly/contracts';
import { totalPages } from '@jelly/domain';
import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button } from '../../../components/ui/Button.tsx';
import { formatLocalDateTime } from '../../../lib/time/formatLocalDateTime.ts';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { useAdminDeskQuery, useAdminSwapsQuery } from '../api/swapApi.ts';
import { EditSwapModal } from '../components/EditSwapModal.tsx';
import styles from '../components/Swap.module.css';
import { SwapFilters } from '../components/SwapFilters.tsx';
import { useExplorerTxUrl } from '../hooks/useExplorerTxUrl.ts';
import { swapHistoryQuery } from '../model/historyQuery.ts';
import { exactAmount, shownAmount } from '../model/quoteFigures.ts';
import { selectSwap, swapPageChanged } from '../state/swapSlice.ts';

/** /admin/swaps (admins): the desk's inventory and P&L, every swap with the history's filters, and Edit record. */
export default function AdminSwapsPage() {
  useDocumentTitle('Admin — Swaps');
  const dispatch = useDispatch();
  const explorerUrl = useExplorerTxUrl();
  const { filters, page } = useSelector(selectSwap);
  const desk = useAdminDeskQuery();
  const list = useAdminSwapsQuery(swapHistoryQuery(filters, page));
  const [editing, setEditing] = useState<SwapRecord | null>(null);
  const rows = list.isError ? [] : (list.data?.data ?? []);
  const total = list.isError ? 0 : (list.data?.total ?? 0);
  const pages = totalPages(total, SWAP_HISTORY_DEFAULT_SIZE);

  return (
    <section className={styles.page}>
      <h1 className={styles.title}>Swaps</h1>
      {desk.data ? <DeskPanel desk={desk.data} /> : <p className={styles.muted}>{desk.isError ? 'The desk could not be read.' : 'Reading the desk…'}</p>}
      <SwapFilters />
      {list.isError ? (
        <p role="alert">Swaps could not be loaded.</p>
      ) : rows.length === 0 ? (
        <p className={styles.muted}>{list.isLoading ? 'Loading swaps…' : 'No swaps match these filters.'}</p>
      ) : (
        <ul className={styles.rows} aria-label="All swaps">
          {rows.map((swap) => (
            <li key={swap.id} className={styles.row} aria-label={`Swap #${swap.id}`}>
              <span className={styles.rowMain}>
                <strong>#{swap.id}</strong> {shownAmount(swap.inAmount, { decimals: swap.inDecimals, symbol: swap.inSymbol })} →{' '}
                {shownAmount(swap.outAmount, { decimals: swap.outDecimals, symbol: swap.outSymbol })}
                <br />
                <span className={styles.muted}>{swap.wallet}</span>
              </span>
              <span className={styles.status}>{SWAP_STATUS_LABELS[swap.status]}</span>
              <span className={styles.muted}>{formatLocalDateTime(swap.createdAt)}</span>
              <span className={styles.rowLinks}>
                {swap.txID && (
                  <a href={explorerUrl(swap.txID)} target="_blank" rel="noreferrer">
                    {swap.txID.slice(0, 8)}…
                  </a>
                )}
                <Button size="small" variant="secondary" onClick={() => setEditing(swap)} aria-label={`Edit swap #${swap.id}`}>
                  Edit
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <nav className={styles.pager} aria-label="Swap pages">
        <Button variant="secondary" size="small" disabled={page <= 1} onClick={() => dispatch(swapPageChanged(page - 1))}>
          Previous
        </Button>
        <span aria-live="polite">
          Page {Math.min(page, pages)} of {pages} · {total} in total
        </span>
        <Button variant="secondary" size="small" disabled={page >= pages} onClick={() => dispatch(swapPageChanged(page + 1))}>
          Next
        </Button>
      </nav>
      {editing && <EditSwapModal swap={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

function DeskPanel({ desk }: { desk: DeskInventory }) {
  const fees = exactAmount(desk.pnl.adminFeesLamports, 9);
  return (
    <section className={styles.panel} aria-label="Desk inventory">
      <h2 className={styles.subtitle}>Desk {desk.wallet}</h2>
      <dl className={styles.panel}>
        {desk.balances.map((balance) => (
          <div key={balance.mint} className={styles.quoteRow}>
            <dt>{balance.symbol}</dt>
            <dd>
              {shownAmount(balance.amount, balance)}
              {balance.usdValue !== null && ` ≈ $${balance.usdValue}`}
            </dd>
          </div>
        ))}
      </dl>
      <dl className={styles.panel} aria-label="Profit and loss">
        <div className={styles.quoteRow}>
          <dt>Completed swaps</dt>
          <dd>{desk.pnl.completedSwaps}</dd>
        </div>
        {desk.pnl.perToken.map((token) => (
          <div key={token.mint} className={styles.quoteRow}>
            <dt>Net {token.symbol}</dt>
            <dd>{signedAmount(token.net, token.decimals, token.symbol)}</dd>
          </div>
        ))}
        <div className={styles.quoteRow}>
          <dt>P&amp;L (USD)</dt>
          <dd>{desk.pnl.usdValue ?? '—'}</dd>
        </div>
        <div className={styles.quoteRow}>
          <dt>Network fees paid by the admin</dt>
          <dd>{fees} SOL</dd>
        </div>
      </dl>
      <p className={styles.muted}>
        Spread {desk.settings.spreadBps} bps · quotes firm for {desk.settings.quoteTtlSeconds} s · ${desk.settings.minUsd}–${desk.settings.maxUsd} a swap · at most{' '}
        {desk.settings.maxInventoryShareBps / 100}% of the desk's balance in one quote
      </p>
    </section>
  );
}

function signedAmount(net: string, decimals: number, symbol: string): string {
  const negative = net.startsWith('-');
  return `${negative ? '−' : '+'}${exactAmount(negative ? net.slice(1) : net, decimals)} ${symbol}`;
}
