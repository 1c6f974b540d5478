import { useId, useState, type ReactNode } from 'react';
import styles from './ConfirmOperationModal.module.css';

/** A titled section that opens and closes; `summary` is what shows while it is closed. */
export function Collapsible({ title, summary, children }: { title: string; summary?: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section className={styles.section}>
      <button type="button" className={styles.sectionToggle} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <span>{title}</span>
        <span className={styles.chevron} aria-hidden="true">
          {open ? '▴' : '▾'}
        </span>
      </button>
      <div id={panelId} className={styles.sectionBody}>
        {open ? children : summary}
      </div>
    </section>
  );
}
