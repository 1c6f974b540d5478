import { useId, type ReactNode } from 'react';
import styles from './PlaceOrderForm.module.css';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  placeholder?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
  multiline?: boolean;
  maxLength?: number;
  /** Shown after the input, e.g. the unit. */
  suffix?: ReactNode;
}

/** A labelled text input (or textarea) with its hint and error wired for assistive technology. */
export function TextField({ label, value, onChange, error, hint, placeholder, inputMode, multiline, maxLength, suffix }: TextFieldProps) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    placeholder,
    maxLength,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    className: `${styles.input} ${error ? styles.invalid : ''}`,
  } as const;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.inputRow}>
        {multiline ? (
          <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
        ) : (
          <input {...common} inputMode={inputMode} autoComplete="off" onChange={(event) => onChange(event.target.value)} />
        )}
        {suffix && <span className={styles.suffix}>{suffix}</span>}
      </div>
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  );
}
