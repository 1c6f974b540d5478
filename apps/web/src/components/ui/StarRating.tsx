import { MAX_RATING } from '@jelly/domain';
import { useId } from 'react';
import styles from './StarRating.module.css';

export type StarFill = 'full' | 'half' | 'empty';

/** The five stars of a score rounded to the nearest half: 4.3 → 4½, 4.8 → 5, 0 → none. */
export function starFills(score: number): StarFill[] {
  const rounded = Math.round(Math.min(Math.max(score, 0), MAX_RATING) * 2) / 2;
  return Array.from({ length: MAX_RATING }, (_, i) => (rounded >= i + 1 ? 'full' : rounded >= i + 0.5 ? 'half' : 'empty'));
}

/** '4.5 out of 5 stars' (one decimal, dropped when whole). */
export function starsLabel(score: number): string {
  const shown = Math.round(score * 10) / 10;
  return `${Number.isInteger(shown) ? shown.toFixed(0) : shown.toFixed(1)} out of ${MAX_RATING} stars`;
}

export interface StarRatingProps {
  /** The score: 0 = nothing chosen yet (input), or a shown score with halves (display). */
  value: number;
  label: string;
  /** With it the stars are an input (1–5, whole stars); without it they only show `value`, halves included. */
  onChange?: (score: number) => void;
  size?: 'small' | 'large';
}

/**
 * Stars, one component for both uses. As an input: a radio group (arrow keys move between stars, each named
 * '{n} star(s)'). As a display: an image named '{score} out of 5 stars' whose stars fill by halves.
 */
export function StarRating({ value, label, onChange, size = 'large' }: StarRatingProps) {
  const name = useId();
  const sizeClass = size === 'small' ? styles.small : styles.large;
  if (!onChange) {
    return (
      <span role="img" aria-label={`${label}: ${starsLabel(value)}`} className={`${styles.display} ${sizeClass}`}>
        {starFills(value).map((fill, i) => (
          <span key={i} className={styles[fill]} data-fill={fill} aria-hidden="true">
            ★
          </span>
        ))}
      </span>
    );
  }
  const stars = Array.from({ length: MAX_RATING }, (_, i) => i + 1);
  return (
    <fieldset className={`${styles.stars} ${sizeClass}`}>
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
