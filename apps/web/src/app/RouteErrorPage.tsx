import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../components/ui/Button.tsx';
import styles from './pages.module.css';

/** Shown when a screen fails to load (after the retries) or throws while rendering. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : null;
  return (
    <section className={styles.page} role="alert">
      <h1 className={styles.title}>This screen could not be loaded</h1>
      <p className={styles.note}>Check your connection and reload the page.</p>
      {detail && <p className={styles.detail}>{detail}</p>}
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </section>
  );
}
