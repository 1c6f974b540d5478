import { Button } from '../../../components/ui/Button.tsx';
import { Forbidden } from './AdminGate.tsx';
import styles from './Admin.module.css';

/** A failed admin read: 403 (this wallet is no longer an admin) or a retry. */
export function AdminError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if ((error as { status?: unknown } | undefined)?.status === 403) return <Forbidden />;
  return (
    <div className={styles.notice} role="alert">
      <p>This could not be loaded. Check your connection and try again.</p>
      <Button onClick={onRetry}>Retry</Button>
    </div>
  );
}
