import { format, isValid, parse } from 'date-fns';
import { useState } from 'react';
import { DayPicker, type DateRange } from 'react-day-picker';
import 'react-day-picker/style.css';
import { Button } from '../ui/Button.tsx';
import { Modal } from '../ui/Modal.tsx';
import styles from './DateRange.module.css';

/** Every date a picker shows or sends is yyyy-MM-dd. */
export const ISO_DAY = 'yyyy-MM-dd';

function readDay(text: string | null): Date | undefined {
  if (!text) return undefined;
  const day = parse(text, ISO_DAY, new Date());
  return isValid(day) ? day : undefined;
}

export interface DateRangeDialogProps {
  /** The applied range, yyyy-MM-dd or null for an open end. */
  from: string | null;
  to: string | null;
  onApply: (range: { from: string | null; to: string | null }) => void;
  onClose: () => void;
}

/**
 * The app's one date-range picker (dashboard, swap and Coin Jelly histories): a range calendar whose weeks start on
 * Monday. A range picker always orders its two days, so the start can never be after the end; Apply sends them as
 * yyyy-MM-dd (a single picked day is a one-day range), Clear removes both.
 */
export function DateRangeDialog({ from, to, onApply, onClose }: DateRangeDialogProps) {
  const [range, setRange] = useState<DateRange | undefined>(() => {
    const start = readDay(from);
    return start || to ? { from: start, to: readDay(to) } : undefined;
  });
  const [month, setMonth] = useState(() => range?.from ?? range?.to ?? new Date());

  const apply = () => {
    const start = range?.from ? format(range.from, ISO_DAY) : null;
    onApply({ from: start, to: range?.to ? format(range.to, ISO_DAY) : start });
    onClose();
  };
  const clear = () => {
    onApply({ from: null, to: null });
    onClose();
  };

  return (
    <Modal title="Date range" onClose={onClose}>
      <div className={styles.calendar}>
        <DayPicker mode="range" weekStartsOn={1} selected={range} onSelect={setRange} month={month} onMonthChange={setMonth} />
      </div>
      <p className={styles.picked} aria-live="polite">
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
