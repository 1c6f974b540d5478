import { MAX_RATING } from '@jelly/domain';
import { useId } from 'react';
import styles from './SuccessModal.module.css';

export interface StarRatingProps {
  /** 0 = nothing chosen yet. */
  value: number;
  onChange: (score: number) => void;
  label: string;
}

/** 1–5 stars as a radio group: arrow keys move between stars, each star is named '{n} star(s)'. */
export function StarRating({ value, onChange, label }: StarRatingProps) {
  const name = useId();
  const stars = Array.from({ length: MAX_RATING }, (_, i) => i + 1);
  return (
    <fieldset className={styles.stars}>
      <legend className={styles.legend}>{label}</legend>
      {stars.map((score) => (
        <label key={score} className={score <= value ? styles.starOn : styles.star}>
          <input
            type="radio"
            className="visually-hidden"
            name={name}
            value={score}
            checked={value === score}
            onChange={() => onChange(score)}
            aria-label={score === 1 ? '1 star' : `${score} stars`}
          />
          <span aria-hidden="true">★</span>
        </label>
      ))}
    </fieldset>
  );
}
