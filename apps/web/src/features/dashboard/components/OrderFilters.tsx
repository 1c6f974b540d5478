import { useId } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { dateRangeText } from '../../../components/dates/DateRangeField.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { modalPushed } from '../../../lib/modals/modalsSlice.ts';
import { orderFiltersChanged, selectDashboard, type SideChoice } from '../state/dashboardSlice.ts';
import styles from './Dashboard.module.css';

const SIDES: { value: SideChoice; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'buy', label: 'Buy' },
  { value: 'sell', label: 'Sell' },
];

/** Coins, Currency, Order Types and the date range of the order history; every change applies at once. */
export function OrderFilters({ stacked = false }: { stacked?: boolean }) {
  const dispatch = useDispatch();
  const id = useId();
  const { orderFilters: filters, userCrypto, userFiats } = useSelector(selectDashboard);
  const change = (patch: Parameters<typeof orderFiltersChanged>[0]) => dispatch(orderFiltersChanged(patch));
  const dates = dateRangeText(filters.from, filters.to);

  return (
    <div className={stacked ? styles.filtersStacked : styles.filters} role="group" aria-label="Order filters">
      <label className={styles.field}>
        <span>Coins</span>
        <select className={styles.control} value={filters.token} onChange={(event) => change({ token: event.target.value })}>
          <option value="">All</option>
          {withSelected(userCrypto, filters.token).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span>Currency</span>
        <select className={styles.control} value={filters.fiat} onChange={(event) => change({ fiat: event.target.value })}>
          <option value="">All</option>
          {withSelected(userFiats, filters.fiat).map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span>Order Types</span>
        <select className={styles.control} value={filters.side} onChange={(event) => change({ side: event.target.value as SideChoice })}>
          {SIDES.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.field}>
        <span id={`${id}-label`}>Date range</span>
        <button
          type="button"
          className={styles.control}
          aria-labelledby={`${id}-label ${id}-value`}
          onClick={() => dispatch(modalPushed('myAccountFilter', {}))}
        >
          <span id={`${id}-value`}>{dates}</span>
        </button>
      </div>
      {(filters.from || filters.to) && (
        <Button variant="ghost" size="small" onClick={() => change({ from: null, to: null })}>
          Clear dates
        </Button>
      )}
    </div>
  );
}

/** The options stay selectable even when the chosen one is not (yet) in the answered list. */
function withSelected(options: readonly string[], selected: string): readonly string[] {
  return selected && !options.includes(selected) ? [...options, selected] : options;
}
