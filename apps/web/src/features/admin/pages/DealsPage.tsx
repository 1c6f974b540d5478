import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import styles from '../components/Admin.module.css';
import { adminPagePaths } from '@jelly/contracts';

/**
 * /admin/deals: opens any deal's admin view by its number (the Telegram notification of a support request links
 * /admin/orders/{id} directly).
 */
export function DealsPage() {
  useDocumentTitle('Admin · Deals');
  const navigate = useNavigate();
  const inputId = useId();
  const [value, setValue] = useState('');
  const orderId = /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (orderId !== null) void navigate(adminPagePaths.order(orderId));
  };

  return (
    <section className={styles.page}>
      <h1 className={styles.title}>Deals</h1>
      <form className={styles.card} onSubmit={submit} aria-label="Open an order">
        <label htmlFor={inputId} className={styles.label}>
          Order ID
        </label>
        <div className={styles.row}>
          <input
            id={inputId}
            className={styles.input}
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 42"
            value={value}
            onChange={(event) => setValue(event.target.value.trim())}
          />
          <Button type="submit" disabled={orderId === null}>
            Open
          </Button>
        </div>
        <p className={styles.hint}>Open a deal to see its parties, its escrow and its chat, and to resolve a dispute.</p>
      </form>
    </section>
  );
}
