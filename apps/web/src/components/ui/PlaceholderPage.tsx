import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import styles from './PlaceholderPage.module.css';

/** A screen whose real content arrives in a later release: its title and an honest note. */
export function PlaceholderPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.note}>This screen arrives in a later release.</p>
    </section>
  );
}
