import { useId } from 'react';
import { DateRangeField } from '../dates/DateRangeField.tsx';
import { Button } from '../ui/Button.tsx';
import styles from './HistoryFilters.module.css';

/** The values of a history filter bar as the controls hold them: '' = a date or search not set. */
export interface HistoryFilterValues {
  asset: string;
  status: string;
  from: string;
  to: string;
  search: string;
}

export interface HistoryFilterOption {
  value: string;
  label: string;
}

export interface HistoryFiltersProps {
  /** The group's accessible name. */
  label: string;
  assets: readonly string[];
  statuses: readonly HistoryFilterOption[];
  values: HistoryFilterValues;
  /** Called with the one control that changed; the owner applies it (and goes back to page 1). */
  onChange: (patch: Partial<HistoryFilterValues>) => void;
  searchPlaceholder: string;
  /** Phones: one column, as in a filter modal. */
  stacked?: boolean;
  /** A message about the date range (for example one the server refused), shown under it. */
  dateError?: string | null;
  /** When given, a Clear dates button shows while a date is set. */
  onClearDates?: () => void;
}

/** The Asset Type, Status, Date range and Search wallet bar shared by the histories (swaps, Coin Jelly). */
export function HistoryFilters(props: HistoryFiltersProps) {
  const { values, onChange, dateError, onClearDates } = props;
  const id = useId();
  const error = dateError ? (
    <span className={styles.error} role="alert" id={`${id}-range`}>
      {dateError}
    </span>
  ) : null;

  return (
    <div className={props.stacked ? styles.stacked : styles.bar} role="group" aria-label={props.label}>
      <label className={styles.field}>
        <span>Asset Type</span>
        <select className={styles.control} value={values.asset} onChange={(event) => onChange({ asset: event.target.value })}>
          {props.assets.map((asset) => (
            <option key={asset} value={asset}>
              {asset}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span>Status</span>
        <select className={styles.control} value={values.status} onChange={(event) => onChange({ status: event.target.value })}>
          {props.statuses.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {/* The app's one range picker (yyyy-MM-dd, weeks from Monday), not the browser's locale date inputs. */}
      <DateRangeField
        className={styles.field}
        from={values.from || null}
        to={values.to || null}
        onChange={(range) => onChange({ from: range.from ?? '', to: range.to ?? '' })}
      />
      {error}
      <label className={styles.field}>
        <span>Search wallet</span>
        <input
          type="search"
          className={styles.control}
          value={values.search}
          placeholder={props.searchPlaceholder}
          onChange={(event) => onChange({ search: event.target.value })}
        />
      </label>
      {onClearDates && (values.from || values.to) && (
        <Button variant="ghost" size="small" onClick={onClearDates}>
          Clear dates
        </Button>
      )}
    </div>
  );
}
