import type { ReactNode } from 'react';
import { Button } from '../ui/Button.tsx';
import { Modal } from '../ui/Modal.tsx';
import styles from './HistoryFilters.module.css';

/** Phones: a list's filters in a modal, so the list stays above the fold; Reset clears them, Show results closes. */
export function FilterModal({ title, onReset, onClose, children }: { title: string; onReset: () => void; onClose: () => void; children: ReactNode }) {
  return (
    <Modal title={title} onClose={onClose}>
      {children}
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={onReset}>
          Reset
        </Button>
        <Button onClick={onClose}>Show results</Button>
      </div>
    </Modal>
  );
}
