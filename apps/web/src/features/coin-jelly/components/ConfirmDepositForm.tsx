import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { useConfirmJellyDepositMutation } from '../api/coinJellyApi.ts';
import type { JellyListItem } from '../api/contract.ts';
import { failureMessage } from '../model/errors.ts';
import styles from './CoinJelly.module.css';

/** Off Solana the server does not watch the chain: an admin records the deposit's txID and the amount that arrived. */
export function ConfirmDepositForm({ order }: { order: JellyListItem }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ txID: '', amount: order.amountUserSend });
  const [confirm, confirming] = useConfirmJellyDepositMutation();

  if (!open) {
    return (
      <Button size="small" variant="secondary" onClick={() => setOpen(true)}>
        Confirm deposit
      </Button>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await confirm({ id: order.id, txID: form.txID.trim(), amount: form.amount.trim() });
    if (!('error' in result)) setOpen(false);
  };
  return (
    <form className={styles.inlineForm} onSubmit={(event) => void submit(event)} aria-label={`Confirm deposit of order ${order.id}`}>
      <label htmlFor={`${id}-tx`}>Deposit txID ({order.sendChain})</label>
      <input id={`${id}-tx`} className={styles.input} value={form.txID} required onChange={(e) => setForm({ ...form, txID: e.target.value })} />
      <label htmlFor={`${id}-amount`}>Amount received ({order.cryptoCurrencyFromUser})</label>
      <input
        id={`${id}-amount`}
        className={styles.input}
        inputMode="decimal"
        value={form.amount}
        required
        onChange={(e) => setForm({ ...form, amount: e.target.value })}
      />
      {confirming.isError && <p className={styles.error} role="alert">{failureMessage(confirming.error)}</p>}
      <div className={styles.buttons}>
        <Button size="small" variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
        <Button size="small" type="submit" disabled={confirming.isLoading || !form.txID.trim()}>
          Confirm
        </Button>
      </div>
    </form>
  );
}
