import { SWAP_HISTORY_DEFAULT_SIZE, type SwapRecord } from '@jelly/contracts';
import { SwapStatus, swapStatusLabel, totalPages } from '@jelly/domain';
import type { ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { Button } from '../../../components/ui/Button.tsx';
import { formatLocalDateTime } from '../../../lib/time/formatLocalDateTime.ts';
import { useExplorerTxUrl } from '../hooks/useExplorerTxUrl.ts';
import { shownAmount } from '../model/quoteFigures.ts';
import { swapPageChanged } from '../state/swapSlice.ts';
import styles from './Swap.module.css';

const STATUS_CLASS: Record<SwapStatus, string | undefined> = {
  [SwapStatus.Processing]: styles.processing,
  [SwapStatus.Completed]: styles.completed,
  [SwapStatus.Failed]: styles.failed,
};

/**
 * Swap records as rows: amounts, status, time, the transaction link and the row's own actions (Chat for the user,
 * Edit for admins). `showWallet`: the admin list names whose swap each row is.
 */
export function SwapRows({ swaps, label, showWallet = false, actions }: { swaps: SwapRecord[]; label: string; showWallet?: boolean; actions: (swap: SwapRecord) => ReactNode }) {
  const explorerUrl = useExplorerTxUrl();
  return (
    <ul className={styles.rows} aria-label={label}>
      {swaps.map((swap) => (
        <li key={swap.id} className={styles.row} aria-label={`Swap #${swap.id}`}>
          <span className={styles.rowMain}>
            <strong>#{swap.id}</strong> {shownAmount(swap.inAmount, { decimals: swap.inDecimals, symbol: swap.inSymbol })} →{' '}
            {shownAmount(swap.outAmount, { decimals: swap.outDecimals, symbol: swap.outSymbol })}
            {showWallet && (
              <>
                <br />
                <span className={styles.muted}>{swap.wallet}</span>
              </>
            )}
          </span>
          <span className={`${styles.status} ${STATUS_CLASS[swap.status] ?? ''}`}>{swapStatusLabel(swap.status)}</span>
          <span className={styles.muted}>{formatLocalDateTime(swap.createdAt)}</span>
          <span className={styles.rowLinks}>
            {swap.txID && (
              <a href={explorerUrl(swap.txID)} target="_blank" rel="noreferrer" aria-label={`Transaction ${swap.txID}`}>
                {swap.txID.slice(0, 8)}…
              </a>
            )}
            {actions(swap)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Previous / Next over the swap pages the filters leave, with where the list stands. */
export function SwapPager({ page, total }: { page: number; total: number }) {
  const dispatch = useDispatch();
  const pages = totalPages(total, SWAP_HISTORY_DEFAULT_SIZE);
  return (
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
  );
}
