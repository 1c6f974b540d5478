import { useId } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { modalPushed } from '../../../lib/modals/modalsSlice.ts';
import { useIsMobile } from '../../../lib/ui/useMediaQuery.ts';
import { useSwapHistoryQuery } from '../api/swapApi.ts';
import { noSwapsText, swapHistoryQuery } from '../model/historyQuery.ts';
import { selectSwap } from '../state/swapSlice.ts';
import styles from './Swap.module.css';
import { SwapFilters } from './SwapFilters.tsx';
import { SwapPager, SwapRows } from './SwapRows.tsx';
import { pagePaths } from '@jelly/contracts';

/** The signed-in wallet's swaps (render it only for a signed-in user), newest first, with the filters (in the filterSwap modal on phones) and pages. */
export function SwapHistory() {
  const dispatch = useDispatch();
  const titleId = useId();
  const phone = useIsMobile();
  const { filters, page } = useSelector(selectSwap);
  const { data, isLoading, isFetching, isError, refetch } = useSwapHistoryQuery(swapHistoryQuery(filters, page), { refetchOnMountOrArgChange: true });
  // A failed load reads as an empty list (with a retry).
  const rows = isError ? [] : (data?.data ?? []);
  const total = isError ? 0 : (data?.total ?? 0);

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
          <p className={styles.muted}>{noSwapsText(filters)}</p>
        ) : (
          <SwapRows swaps={rows} label="Swaps" actions={(swap) => <Link to={pagePaths.swapChat(swap.id)}>Chat</Link>} />
        )}
      </div>
      <SwapPager page={page} total={total} />
    </section>
  );
}

