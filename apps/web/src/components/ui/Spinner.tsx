import styles from './Spinner.module.css';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span role="status" className={styles.spinner}>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A spinner centred in the page body (route loading). */
export function PageSpinner() {
  return (
    <div className={styles.centered}>
      <Spinner />
    </div>
  );
}
