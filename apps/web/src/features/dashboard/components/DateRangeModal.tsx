import { format, isValid, parse } from 'date-fns';
import { useState } from 'react';
import { DayPicker, type DateRange } from 'react-day-picker';
import 'react-day-picker/style.css';
import { useDispatch, useSelector } from 'react-redux';
import { Button } from '../../../components/ui/Button.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { orderFiltersChanged, selectOrderFilters } from '../state/dashboardSlice.ts';
import styles from './Dashboard.module.css';

const ISO_DAY = 'yyyy-MM-dd';

function readDay(text: string | null): Date | undefined {
  if (!text) return undefined;
  const day = parse(text, ISO_DAY, new Date());
  return isValid(day) ? day : undefined;
}

/**
 * The order history's date range (modal kind myAccountFilter): a range calendar whose weeks start on Monday. A range
 * picker always orders its two days, so the start can never be after the end; Apply sends them as yyyy-MM-dd.
 */
export function DateRangeModal({ onClose }: { onClose: () => void }) {
  const dispatch = useDispatch();
  const filters = useSelector(selectOrderFilters);
  const [range, setRange] = useState<DateRange | undefined>(() => {
    const from = readDay(filters.from);
    return from || filters.to ? { from, to: readDay(filters.to) } : undefined;
  });
  const [month, setMonth] = useState(() => range?.from ?? range?.to ?? new Date());

  const apply = () => {
    const from = range?.from ? format(range.from, ISO_DAY) : null;
    // A single picked day is a one-day range.
    const to = range?.to ? format(range.to, ISO_DAY) : from;
    dispatch(orderFiltersChanged({ from, to }));
    onClose();
  };
  const clear = () => {
    dispatch(orderFiltersChanged({ from: null, to: null }));
    onClose();
  };

  return (
    <Modal title="Date range" onClose={onClose}>
      <div className={styles.calendar}>
        <DayPicker mode="range" weekStartsOn={1} selected={range} onSelect={setRange} month={month} onMonthChange={setMonth} />
      </div>
      <p className={styles.label} aria-live="polite">
        {range?.from ? format(range.from, ISO_DAY) : 'Start'} – {range?.to ? format(range.to, ISO_DAY) : 'End'}
      </p>
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={clear}>
          Clear
        </Button>
        <Button onClick={apply}>Apply</Button>
      </div>
    </Modal>
  );
}
