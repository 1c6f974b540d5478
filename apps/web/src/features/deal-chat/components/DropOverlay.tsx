import { DROP_FILES_HERE, DROP_LIMITS_HINT, RELEASE_TO_SEND } from '@jelly/domain';
import styles from './DealChat.module.css';

/** Shown while files are dragged over the chat panel. */
export function DropOverlay() {
  return (
    <div className={styles.dropOverlay} data-testid="chat-drop-overlay" aria-live="polite">
      <p className={styles.dropTitle}>{DROP_FILES_HERE}</p>
      <p className={styles.dropHint}>{DROP_LIMITS_HINT}</p>
      <p className={styles.dropRelease}>{RELEASE_TO_SEND}</p>
    </div>
  );
}
