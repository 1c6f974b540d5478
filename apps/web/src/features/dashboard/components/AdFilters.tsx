import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { AD_ASSETS, AD_STATUSES, initialAdFilters, type AdAsset, type AdFilters, type AdStatusChoice, type SideChoice } from '../state/dashboardSlice.ts';
import styles from './Dashboard.module.css';

const TYPES: { value: SideChoice; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'buy', label: 'Buy' },
  { value: 'sell', label: 'Sell' },
];
const STATUS_LABELS: Readonly<Record<AdStatusChoice, string>> = { all: 'All', active: 'Active', filled: 'Filled', cancelled: 'Cancelled' };

/** Asset Type, Type and Status of the ad history: edited here, applied by Filter; Reset applies the defaults. */
export function AdFilterForm({ applied, onApply, stacked = false }: { applied: AdFilters; onApply: (filters: AdFilters) => void; stacked?: boolean }) {
  const [draft, setDraft] = useState(applied);
  return (
    <form
      className={stacked ? styles.filtersStacked : styles.filters}
      aria-label="Ad filters"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(draft);
      }}
    >
      <label className={styles.field}>
        <span>Asset Type</span>
        <select className={styles.control} value={draft.asset} onChange={(event) => setDraft({ ...draft, asset: event.target.value as AdAsset })}>
          {AD_ASSETS.map((asset) => (
            <option key={asset} value={asset}>
              {asset}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span>Type</span>
        <select className={styles.control} value={draft.side} onChange={(event) => setDraft({ ...draft, side: event.target.value as SideChoice })}>
          {TYPES.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span>Status</span>
        <select className={styles.control} value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value as AdStatusChoice })}>
          {AD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.buttons}>
        <Button type="submit">Filter</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setDraft(initialAdFilters);
            onApply(initialAdFilters);
          }}
        >
          Reset
        </Button>
      </div>
    </form>
  );
}
