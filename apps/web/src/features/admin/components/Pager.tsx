import { totalPages } from '@jelly/domain';
import { Button } from '../../../components/ui/Button.tsx';
import styles from './AdminTable.module.css';

/** Previous / next over a paged admin list. */
export function Pager({ page, size, total, onPage }: { page: number; size: number; total: number; onPage: (page: number) => void }) {
  const pages = totalPages(total, size);
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label="Pages">
      <Button variant="secondary" size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button variant="secondary" size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
