import type { SwapRecord } from '@jelly/contracts';
import { adminSwapTargets, SWAP_REASON_LENGTH, SWAP_REASON_MAX, SWAP_REASON_MIN, swapStatusLabel, type SwapStatus } from '@jelly/domain';
import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/ui/Modal.tsx';
import { FormModalFooter } from '../../../components/ui/FormModalFooter.tsx';
import { apiErrorFromQuery } from '../../../lib/api/apiError.ts';
import { useUpdateAdminSwapMutation } from '../api/swapApi.ts';
import styles from './Swap.module.css';

/**
 * Edit record (admin): txID, the status to move the swap to (only the admin moves the swap state table allows from
 * its status) and the reason for the audit log. The server checks a txID against the chain before it lets a swap be
 * Completed, and says why when it does not.
 */
export function EditSwapModal({ swap, onClose }: { swap: SwapRecord; onClose: () => void }) {
  const id = useId();
  const targets = adminSwapTargets(swap.status);
  const [txID, setTxID] = useState(swap.txID ?? '');
  const [status, setStatus] = useState<SwapStatus | undefined>(targets[0]);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdateAdminSwapMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (status === undefined) return;
    if (trimmed.length < SWAP_REASON_MIN || trimmed.length > SWAP_REASON_MAX) {
      setError(SWAP_REASON_LENGTH);
      return;
    }
    setError(null);
    try {
      await update({ id: swap.id, update: { txID: txID.trim() === '' ? null : txID.trim(), status, reason: trimmed } }).unwrap();
      onClose();
    } catch (failure) {
      const readable = apiErrorFromQuery(failure);
      setError(readable instanceof Error ? readable.message : 'The record could not be saved.');
    }
  };

  return (
    <Modal title={`Edit swap #${swap.id}`} onClose={onClose} dismissible={!isLoading}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} aria-describedby={error ? `${id}-error` : undefined}>
        <label className={styles.formField}>
          <span>txID</span>
          <input value={txID} onChange={(event) => setTxID(event.target.value)} autoComplete="off" spellCheck={false} />
        </label>
        <label className={styles.formField}>
          <span>Status</span>
          <select value={String(status)} onChange={(event) => setStatus(targets.find((target) => String(target) === event.target.value))}>
            {targets.map((value) => (
              <option key={value} value={String(value)}>
                {swapStatusLabel(value)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.formField}>
          <span>Reason</span>
          <textarea value={reason} onChange={(event) => setReason(event.target.value)} maxLength={SWAP_REASON_MAX} rows={3} required />
        </label>
        {error && (
          <p id={`${id}-error`} role="alert" className={styles.failed}>
            {error}
          </p>
        )}
        <FormModalFooter submitLabel="Save" onCancel={onClose} busy={isLoading} />
      </form>
    </Modal>
  );
}
