import { useId } from 'react';
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
  /** With a legend the two dates sit under it, named From and To; without one each date has its own visible label. */
  dateLegend?: string;
  /** A message about the date range (for example an end before the start), shown under the dates. */
  dateError?: string | null;
  /** When given, a Clear dates button shows while a date is set. */
  onClearDates?: () => void;
}

/** The Asset Type, Status, Date range and Search wallet bar shared by the histories (swaps, Coin Jelly). */
export function HistoryFilters(props: HistoryFiltersProps) {
  const { values, onChange, dateLegend, dateError, onClearDates } = props;
  const id = useId();
  const fromInput = (
    <input
      type="date"
      className={styles.control}
      aria-label={dateLegend ? 'From' : undefined}
      value={values.from}
      max={values.to || undefined}
      onChange={(event) => onChange({ from: event.target.value })}
    />
  );
  const toInput = (
    <input
      type="date"
      className={styles.control}
      aria-label={dateLegend ? 'To' : undefined}
      value={values.to}
      min={values.from || undefined}
      onChange={(event) => onChange({ to: event.target.value })}
    />
  );
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
      {dateLegend ? (
        <fieldset className={styles.field}>
          <legend>{dateLegend}</legend>
          <span className={styles.dates}>
            {fromInput}
            {toInput}
          </span>
          {error}
        </fieldset>
      ) : (
        <>
          <label className={styles.field}>
            <span>From</span>
            {fromInput}
          </label>
          <label className={styles.field}>
            <span>To</span>
            {toInput}
          </label>
          {error}
        </>
      )}
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
