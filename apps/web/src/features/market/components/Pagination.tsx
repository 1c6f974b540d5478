import { totalPages } from '@jelly/domain';
import styles from './MarketPage.module.css';

export interface PaginationProps {
  page: number;
  size: number;
  total: number;
  /** The server counted up to its cap: there may be more pages than `total` says. */
  totalIsCapped: boolean;
  /** Rows on this page (to know whether a capped list goes on). */
  rowsOnPage: number;
  onPage: (page: number) => void;
}

/** Previous / Next with 'Page X of Y'. */
export function Pagination({ page, size, total, totalIsCapped, rowsOnPage, onPage }: PaginationProps) {
  const pages = totalPages(total, size);
  const hasNext = page < pages || (totalIsCapped && rowsOnPage === size);
  return (
    <nav className={styles.pagination} aria-label="Pages">
      <button type="button" className={styles.pageButton} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-live="polite">
        Page {page} of {totalIsCapped ? `${pages}+` : pages}
      </span>
      <button type="button" className={styles.pageButton} disabled={!hasNext} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
