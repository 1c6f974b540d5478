import { SWAP_ASSETS, SWAP_STATUS_LABELS, SwapStatus } from '@jelly/contracts';
import { useDispatch, useSelector } from 'react-redux';
import { Button } from '../../../components/ui/Button.tsx';
import { selectSwapFilters, swapFiltersChanged, type AssetChoice, type StatusChoice } from '../state/swapSlice.ts';
import styles from './Swap.module.css';

const STATUSES: { value: StatusChoice; label: string }[] = [
  { value: 'All', label: 'All' },
  ...Object.values(SwapStatus).map((status) => ({ value: status, label: SWAP_STATUS_LABELS[status] })),
];

/** Asset Type, Status, Date range and Search wallet of the swap history; every change applies at once, from page 1. */
export function SwapFilters({ stacked = false }: { stacked?: boolean }) {
  const dispatch = useDispatch();
  const filters = useSelector(selectSwapFilters);
  const change = (patch: Parameters<typeof swapFiltersChanged>[0]) => dispatch(swapFiltersChanged(patch));

  return (
    <div className={stacked ? styles.filtersStacked : styles.filters} role="group" aria-label="Swap filters">
      <label className={styles.filterField}>
        <span>Asset Type</span>
        <select value={filters.currentCoin} onChange={(event) => change({ currentCoin: event.target.value as AssetChoice })}>
          {['All', ...SWAP_ASSETS].map((asset) => (
            <option key={asset} value={asset}>
              {asset}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.filterField}>
        <span>Status</span>
        <select
          value={String(filters.status)}
          onChange={(event) => change({ status: event.target.value === 'All' ? 'All' : (Number(event.target.value) as StatusChoice) })}
        >
          {STATUSES.map(({ value, label }) => (
            <option key={label} value={String(value)}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.filterField}>
        <span>From</span>
        {/* The start can never be after the end: moving one past the other moves both. */}
        <input
          type="date"
          value={filters.from ?? ''}
          max={filters.to ?? undefined}
          onChange={(event) => {
            const from = event.target.value || null;
            change({ from, ...(from && filters.to && from > filters.to ? { to: from } : {}) });
          }}
        />
      </label>
      <label className={styles.filterField}>
        <span>To</span>
        <input
          type="date"
          value={filters.to ?? ''}
          min={filters.from ?? undefined}
          onChange={(event) => {
            const to = event.target.value || null;
            change({ to, ...(to && filters.from && to < filters.from ? { from: to } : {}) });
          }}
        />
      </label>
      <label className={styles.filterField}>
        <span>Search wallet</span>
        <input type="search" value={filters.searchWallet} placeholder="Wallet or txID" onChange={(event) => change({ searchWallet: event.target.value })} />
      </label>
      {(filters.from || filters.to) && (
        <Button variant="ghost" size="small" onClick={() => change({ from: null, to: null })}>
          Clear dates
        </Button>
      )}
    </div>
  );
}
