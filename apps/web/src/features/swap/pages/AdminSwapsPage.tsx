import type { DeskInventory, SwapRecord } from '@jelly/contracts';
import { adminSwapTargets } from '@jelly/domain';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { Button } from '../../../components/ui/Button.tsx';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { useAdminDeskQuery, useAdminSwapsQuery } from '../api/swapApi.ts';
import { EditSwapModal } from '../components/EditSwapModal.tsx';
import styles from '../components/Swap.module.css';
import { SwapFilters } from '../components/SwapFilters.tsx';
import { SwapPager, SwapRows } from '../components/SwapRows.tsx';
import { noSwapsText, swapHistoryQuery } from '../model/historyQuery.ts';
import { exactAmount, shownAmount } from '../model/quoteFigures.ts';
import { selectSwap } from '../state/swapSlice.ts';

/** /admin/swaps (admins): the desk's inventory and P&L, every swap with the history's filters, and Edit record. */
export default function AdminSwapsPage() {
  useDocumentTitle('Admin — Swaps');
  const { filters, page } = useSelector(selectSwap);
  const desk = useAdminDeskQuery();
  const list = useAdminSwapsQuery(swapHistoryQuery(filters, page));
  const [editing, setEditing] = useState<SwapRecord | null>(null);
  const rows = list.isError ? [] : (list.data?.data ?? []);
  const total = list.isError ? 0 : (list.data?.total ?? 0);

  return (
    <section className={styles.page}>
      <h1 className={styles.title}>Swaps</h1>
      {desk.data ? <DeskPanel desk={desk.data} /> : <p className={styles.muted}>{desk.isError ? 'The desk could not be read.' : 'Reading the desk…'}</p>}
      <SwapFilters />
      {list.isError ? (
        <p role="alert">Swaps could not be loaded.</p>
      ) : rows.length === 0 ? (
        <p className={styles.muted}>{list.isLoading ? 'Loading swaps…' : noSwapsText(filters)}</p>
      ) : (
        <SwapRows
          swaps={rows}
          label="All swaps"
          showWallet
          // a swap no admin move leaves (Completed) has nothing to edit
          actions={(swap) =>
            adminSwapTargets(swap.status).length > 0 && (
              <Button size="small" variant="secondary" onClick={() => setEditing(swap)} aria-label={`Edit swap #${swap.id}`}>
                Edit
              </Button>
            )
          }
        />
      )}
      <SwapPager page={page} total={total} />
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
