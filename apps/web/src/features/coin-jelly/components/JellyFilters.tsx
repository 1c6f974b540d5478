import { isValidDateRange, START_DATE_AFTER_END, SWAP_STATUS_FILTERS, type SwapStatusFilter } from '@jelly/domain';
import { useId } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { jellyFiltersChanged, JELLY_ASSETS, selectJellyList, type JellyAsset, type JellyFilters as Filters, type JellyListKey } from '../state/coinJellySlice.ts';
import styles from './CoinJelly.module.css';

/** Asset Type, Status, Date range and Search wallet of a Coin Jelly list; each change applies at once from page 1. */
export function JellyFilters({ list, stacked = false }: { list: JellyListKey; stacked?: boolean }) {
  const dispatch = useDispatch();
  const id = useId();
  const filters = useSelector(selectJellyList(list));
  const change = (patch: Partial<Filters>) => dispatch(jellyFiltersChanged({ list, change: patch }));
  const rangeOk = isValidDateRange(filters.dateFrom || null, filters.dateTo || null);

  return (
    <div className={stacked ? styles.filtersStacked : styles.filters} role="group" aria-label="Coin Jelly filters">
      <label className={styles.field}>
        <span>Asset Type</span>
        <select className={styles.control} value={filters.asset} onChange={(event) => change({ asset: event.target.value as JellyAsset })}>
          {JELLY_ASSETS.map((asset) => (
            <option key={asset} value={asset}>
              {asset}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span>Status</span>
        <select className={styles.control} value={filters.status} onChange={(event) => change({ status: event.target.value as SwapStatusFilter })}>
          {SWAP_STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </label>
      <fieldset className={styles.field}>
        <legend>Date range</legend>
        <span className={styles.dates}>
          <input
            type="date"
            className={styles.control}
            aria-label="From"
            value={filters.dateFrom}
            max={filters.dateTo || undefined}
            onChange={(event) => change({ dateFrom: event.target.value })}
          />
          <input
            type="date"
            className={styles.control}
            aria-label="To"
            value={filters.dateTo}
            min={filters.dateFrom || undefined}
            onChange={(event) => change({ dateTo: event.target.value })}
          />
        </span>
        {!rangeOk && (
          <span className={styles.error} role="alert" id={`${id}-range`}>
            {START_DATE_AFTER_END}
          </span>
        )}
      </fieldset>
      <label className={styles.field}>
        <span>Search wallet</span>
        <input
          type="search"
          className={styles.control}
          value={filters.searchWallet}
          placeholder="Wallet address"
          onChange={(event) => change({ searchWallet: event.target.value })}
        />
      </label>
    </div>
  );
}
