import { LOADING, NO_RESULTS_FOUND } from '@jelly/domain';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Modal } from '../ui/Modal.tsx';
import { PickerIcon } from './PickerIcon.tsx';
import styles from './pickers.module.css';
import { useIncrementalCount } from './useIncrementalCount.ts';

export interface PickerEntry {
  key: string;
  /** The main text (and the option's accessible name). */
  label: string;
  /** Secondary text, e.g. the full name beside a symbol. */
  detail?: string;
  /** Icon URL; undefined or a broken image shows the default icon. */
  icon?: string | null;
}

export interface ListPickerModalProps<T> {
  title: string;
  items: readonly T[];
  toEntry: (item: T) => PickerEntry;
  matches: (item: T, query: string) => boolean;
  selectedKeys: readonly string[];
  onPick: (item: T) => void;
  onClose: () => void;
  loading?: boolean;
  /** The catalogue could not be loaded. */
  error?: string | null;
  searchLabel: string;
  multiselect?: boolean;
  /** Shown under the title, e.g. '(up to 5 payment methods)'. */
  note?: ReactNode;
  footer?: ReactNode;
  /** Shown instead of 'No results found' when there is nothing to pick at all (before any search). */
  emptyText?: string;
}

/**
 * The picker every catalogue uses: a search box, 10 entries first and 10 more when
 * scrolled within 100px of the end (after 300 ms), 'No results found', and a default icon fallback.
 */
export function ListPickerModal<T>({
  title,
  items,
  toEntry,
  matches,
  selectedKeys,
  onPick,
  onClose,
  loading = false,
  error = null,
  searchLabel,
  multiselect = false,
  note,
  footer,
  emptyText,
}: ListPickerModalProps<T>) {
  const [query, setQuery] = useState('');
  const listId = useId();
  const filtered = useMemo(() => items.filter((item) => matches(item, query)), [items, matches, query]);
  const { visible, loadingMore, onScroll } = useIncrementalCount(filtered.length, { resetKey: query });

  return (
    <Modal title={title} onClose={onClose}>
      {note && <p className={styles.note}>{note}</p>}
      <input
        type="search"
        className={styles.search}
        placeholder="Search"
        aria-label={searchLabel}
        aria-controls={listId}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        autoComplete="off"
      />
      <div
        id={listId}
        role="listbox"
        aria-label={title}
        aria-multiselectable={multiselect || undefined}
        aria-busy={loading || loadingMore}
        className={styles.list}
        onScroll={onScroll}
        data-testid="picker-list"
      >
        {loading ? (
          <p className={styles.status}>{LOADING}</p>
        ) : error ? (
          <p className={styles.status} role="alert">
            {error}
          </p>
        ) : filtered.length === 0 ? (
          <p className={styles.status}>{items.length === 0 && emptyText ? emptyText : NO_RESULTS_FOUND}</p>
        ) : (
          filtered.slice(0, visible).map((item) => {
            const entry = toEntry(item);
            const selected = selectedKeys.includes(entry.key);
            return (
              <button
                key={entry.key}
                type="button"
                role="option"
                aria-selected={selected}
                // one name in every browser: 'USDC USD Coin' (label, space, detail)
                aria-label={entry.detail ? `${entry.label} ${entry.detail}` : undefined}
                className={`${styles.option} ${selected ? styles.optionSelected : ''}`}
                onClick={() => onPick(item)}
              >
                <PickerIcon src={entry.icon} label={entry.label} />
                <span className={styles.optionText}>
                  <span className={styles.optionLabel}>{entry.label}</span>
                  {entry.detail && <span className={styles.optionDetail}>{entry.detail}</span>}
                </span>
                {selected && (
                  <span className={styles.check} aria-hidden="true">
                    ✓
                  </span>
                )}
              </button>
            );
          })
        )}
        {loadingMore && <p className={styles.status}>{LOADING}</p>}
      </div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </Modal>
  );
}
