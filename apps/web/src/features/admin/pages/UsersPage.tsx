import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { UserDetails } from '../components/users/UserDetails.tsx';
import styles from '../components/Admin.module.css';
import { adminPagePaths } from '@jelly/contracts';

const WALLET = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** Users: look a wallet up (/admin/users/{wallet}) to see its record, ban or unban it. */
export function UsersPage() {
  const { wallet } = useParams();
  useDocumentTitle(wallet ? `Admin · User ${wallet.slice(0, 8)}…` : 'Admin · Users');
  const navigate = useNavigate();
  const inputId = useId();
  const [value, setValue] = useState(wallet ?? '');
  const valid = WALLET.test(value.trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) void navigate(adminPagePaths.user(value.trim()));
  };

  return (
    <section className={styles.page}>
      <h1 className={styles.title}>Users</h1>
      <form className={styles.card} onSubmit={submit} role="search" aria-label="Find a user">
        <label htmlFor={inputId} className={styles.label}>
          Wallet
        </label>
        <div className={styles.row}>
          <input id={inputId} className={styles.input} autoComplete="off" spellCheck={false} value={value} onChange={(event) => setValue(event.target.value)} />
          <Button type="submit" disabled={!valid}>
            Look up
          </Button>
        </div>
      </form>
      {wallet && <UserDetails key={wallet} wallet={wallet} />}
    </section>
  );
}
