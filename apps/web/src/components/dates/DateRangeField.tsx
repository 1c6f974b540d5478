import { lazy, Suspense, useId, useState } from 'react';
import { importWithRetry } from '../../lib/lazy/importWithRetry.ts';
import styles from './DateRange.module.css';

// The calendar loads when first opened: a visitor who never filters by date downloads no calendar code.
const DateRangeDialog = lazy(() => importWithRetry(() => import('./DateRangeDialog.tsx')).then((m) => ({ default: m.DateRangeDialog })));

/** 'yyyy-MM-dd – yyyy-MM-dd', an open end as '…', or 'Any date'. */
export function dateRangeText(from: string | null, to: string | null): string {
  return from || to ? `${from ?? '…'} – ${to ?? '…'}` : 'Any date';
}

export interface DateRangeFieldProps {
  from: string | null;
  to: string | null;
  onChange: (range: { from: string | null; to: string | null }) => void;
  className?: string;
}

/** 'Date range' and a button showing the applied range; the button opens the app's range picker. */
export function DateRangeField({ from, to, onChange, className }: DateRangeFieldProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className={className ?? styles.field}>
      <span id={`${id}-label`}>Date range</span>
      <button type="button" className={styles.value} aria-labelledby={`${id}-label ${id}-value`} onClick={() => setOpen(true)}>
        <span id={`${id}-value`}>{dateRangeText(from, to)}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <DateRangeDialog from={from} to={to} onApply={onChange} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
