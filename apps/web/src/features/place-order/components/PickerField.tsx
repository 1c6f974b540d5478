import { useId, type ReactNode } from 'react';
import styles from './PlaceOrderForm.module.css';

export interface PickerFieldProps {
  label: string;
  /** What is chosen, or a prompt. */
  value: ReactNode;
  onOpen: () => void;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A form field whose value is chosen in a picker modal: the button's name is the label and the current value. */
export function PickerField({ label, value, onOpen, error, hint }: PickerFieldProps) {
  const labelId = useId();
  const valueId = useId();
  const errorId = useId();
  return (
    <div className={styles.field}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <button
        type="button"
        className={`${styles.pickerButton} ${error ? styles.invalid : ''}`}
        aria-labelledby={`${labelId} ${valueId}`}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        onClick={onOpen}
      >
        <span id={valueId} className={styles.pickerValue}>
          {value}
        </span>
        <span aria-hidden="true">▾</span>
      </button>
      {hint && <span className={styles.hint}>{hint}</span>}
      {error && (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  );
}
