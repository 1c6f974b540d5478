import { totalPages } from '@jelly/domain';
import { Button } from '../../../components/ui/Button.tsx';
import styles from './Dashboard.module.css';

export function ListSkeleton({ rows, label }: { rows: number; label: string }) {
  return (
    <div className={styles.list} role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={styles.skeleton} />
      ))}
    </div>
  );
}

export function ListEmpty({ text }: { text: string }) {
  return <p className={styles.empty}>{text}</p>;
}

/** A failed load: what went wrong and a Retry button. */
export function ListError({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <div className={styles.error} role="alert">
      <strong>{title}</strong>
      <span>{message}</span>
      <Button variant="secondary" size="small" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

/** Previous / Next with 'Page X of Y' and the total. */
export function Pager({ page, size, total, label, onPage }: { page: number; size: number; total: number; label: string; onPage: (page: number) => void }) {
  const pages = totalPages(total, size);
  return (
    <nav className={styles.pagination} aria-label={label}>
      <Button variant="secondary" size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">
        Page {Math.min(page, pages)} of {pages} · {total} in total
      </span>
      <Button variant="secondary" size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
