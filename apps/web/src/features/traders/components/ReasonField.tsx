import { PROVIDE_A_REASON } from '@jelly/domain';
import { useId } from 'react';
import styles from './Traders.module.css';

export interface ReasonFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Show 'Please provide a reason' (the value is blank and the user has tried or touched it). */
  showError: boolean;
  onBlur?: () => void;
  placeholder?: string;
}

/** A multi-line reason with its 'Please provide a reason' message, tied to the field for screen readers. */
export function ReasonField({ label, value, onChange, showError, onBlur, placeholder }: ReasonFieldProps) {
  const id = useId();
  const errorId = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        rows={4}
        maxLength={500}
        value={value}
        placeholder={placeholder}
        aria-invalid={showError}
        aria-describedby={showError ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {showError && (
        <p id={errorId} role="alert" className={styles.error}>
          {PROVIDE_A_REASON}
        </p>
      )}
    </div>
  );
}
