import { SWAP_HISTORY_DEFAULT_SIZE, SWAP_STATUS_LABELS, SwapStatus, type SwapRecord } from '@jelly/contracts';
import { totalPages } from '@jelly/domain';
import { useId } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { modalPushed } from '../../../lib/modals/modalsSlice.ts';
import { formatLocalDateTime } from '../../../lib/time/formatLocalDateTime.ts';
import { useIsMobile } from '../../../lib/ui/useMediaQuery.ts';
import { useSwapHistoryQuery } from '../api/swapApi.ts';
import { useExplorerTxUrl } from '../hooks/useExplorerTxUrl.ts';
import { swapHistoryQuery } from '../model/historyQuery.ts';
import { shownAmount } from '../model/quoteFigures.ts';
import { selectSwap, swapPageChanged } from '../state/swapSlice.ts';
import styles from './Swap.module.css';
import { SwapFilters } from './SwapFilters.tsx';

const STATUS_CLASS: Record<SwapStatus, string | undefined> = {
  [SwapStatus.Processing]: styles.processing,
  [SwapStatus.Completed]: styles.completed,
  [SwapStatus.Failed]: styles.failed,
};

/** The signed-in wallet's swaps (render it only for a signed-in user), newest first, with the filters (in the filterSwap modal on phones) and pages. */
export function SwapHistory() {
  const explorerUrl = useExplorerTxUrl();
  const dispatch = useDispatch();
  const titleId = useId();
  const phone = useIsMobile();
  const { filters, page } = useSelector(selectSwap);
  const { data, isLoading, isFetching, isError, refetch } = useSwapHistoryQuery(swapHistoryQuery(filters, page), { refetchOnMountOrArgChange: true });
  // A failed load reads as an empty list (with a retry).
  const rows = isError ? [] : (data?.data ?? []);
  const total = isError ? 0 : (data?.total ?? 0);
  const pages = totalPages(total, SWAP_HISTORY_DEFAULT_SIZE);

  return (
    <section className={styles.history} aria-labelledby={titleId}>
      <div className={styles.historyHead}>
        <h2 id={titleId} className={styles.subtitle}>
          Swap history
        </h2>
        {phone && (
          <Button variant="secondary" size="small" onClick={() => dispatch(modalPushed('filterSwap', {}))}>
            Filters
          </Button>
        )}
      </div>
      {!phone && <SwapFilters />}
      <div aria-busy={isFetching}>
        {isLoading ? (
          <p className={styles.muted} role="status">
            Loading swaps…
          </p>
        ) : isError ? (
          <div className={styles.muted} role="alert">
            Swaps could not be loaded.{' '}
            <Button variant="ghost" size="small" onClick={() => void refetch()}>
              Retry
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <p className={styles.muted}>No swaps match these filters.</p>
        ) : (
          <ul className={styles.rows} aria-label="Swaps">
            {rows.map((swap) => (
              <SwapRow key={swap.id} swap={swap} explorerUrl={explorerUrl} />
            ))}
          </ul>
        )}
      </div>
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
    </section>
  );
}

function SwapRow({ swap, explorerUrl }: { swap: SwapRecord; explorerUrl: (txID: string) => string }) {
  return (
    <li className={styles.row} aria-label={`Swap #${swap.id}`}>
      <span className={styles.rowMain}>
        <strong>#{swap.id}</strong> {shownAmount(swap.inAmount, { decimals: swap.inDecimals, symbol: swap.inSymbol })} →{' '}
        {shownAmount(swap.outAmount, { decimals: swap.outDecimals, symbol: swap.outSymbol })}
      </span>
      <span className={`${styles.status} ${STATUS_CLASS[swap.status] ?? ''}`}>{SWAP_STATUS_LABELS[swap.status]}</span>
      <span className={styles.muted}>{formatLocalDateTime(swap.createdAt)}</span>
      <span className={styles.rowLinks}>
        {swap.txID && (
          <a href={explorerUrl(swap.txID)} target="_blank" rel="noreferrer" aria-label={`Transaction ${swap.txID}`}>
            {swap.txID.slice(0, 8)}…
          </a>
        )}
        <Link to={`/swap-chat/${swap.id}?kind=swap`}>Chat</Link>
      </span>
    </li>
  );
}
