import { isSwapStatus, SWAP_STATUSES, SwapStatus, swapStatusLabel } from '@jelly/domain';
import { useId, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Modal } from '../../../components/ui/Modal.tsx';
import { FormModalFooter } from '../../../components/ui/FormModalFooter.tsx';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { useUpdateJellyMutation } from '../api/coinJellyApi.ts';
import { failureMessage } from '../model/errors.ts';
import { updateJellyErrors } from '../model/updateJelly.ts';
import styles from './CoinJelly.module.css';

export const JELLY_UPDATED = 'Jelly updated';

export interface UpdateJellyModalProps {
  id: number;
  txID: string;
  status: SwapStatus;
  onClose: () => void;
}

/** Update Jelly (admin): read-only id, the payout txID, the status, and the reason a Failed order needs. */
export function UpdateJellyModal({ id, txID: initialTxID, status: initialStatus, onClose }: UpdateJellyModalProps) {
  const dispatch = useDispatch();
  const fieldId = useId();
  const [form, setForm] = useState({ status: initialStatus, txID: initialTxID, reason: '' });
  const [submitted, setSubmitted] = useState(false);
  const [update, updating] = useUpdateJellyMutation();
  const errors = submitted ? updateJellyErrors(form) : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(updateJellyErrors(form)).length > 0) return;
    // Only a Failed order carries a reason.
    const reason = form.status === SwapStatus.Failed ? form.reason.trim() : '';
    const result = await update({ id, txID: form.txID.trim(), status: form.status, ...(reason ? { reason } : {}) });
    if ('error' in result) return;
    dispatch(showToast.success(JELLY_UPDATED));
    onClose();
  };

  return (
    <Modal title="Update Jelly" onClose={onClose} dismissible={!updating.isLoading}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.row}>
          <label htmlFor={`${fieldId}-id`}>Id</label>
          <input id={`${fieldId}-id`} className={styles.input} value={String(id)} readOnly />
        </div>
        <div className={styles.row}>
          <label htmlFor={`${fieldId}-txid`}>txID</label>
          <input
            id={`${fieldId}-txid`}
            className={styles.input}
            value={form.txID}
            spellCheck={false}
            aria-invalid={!!errors.txID}
            aria-describedby={errors.txID ? `${fieldId}-tx` : undefined}
            onChange={(event) => setForm({ ...form, txID: event.target.value })}
          />
          {errors.txID && <span id={`${fieldId}-tx`} className={styles.error} role="alert">{errors.txID}</span>}
        </div>
        <div className={styles.row}>
          <label htmlFor={`${fieldId}-status`}>Status</label>
          <select
            id={`${fieldId}-status`}
            className={styles.input}
            value={form.status}
            onChange={(event) => {
              const value = Number(event.target.value);
              if (isSwapStatus(value)) setForm({ ...form, status: value });
            }}
          >
            {SWAP_STATUSES.map((status) => (
              <option key={status} value={status}>
                {swapStatusLabel(status)}
              </option>
            ))}
          </select>
        </div>
        {form.status === SwapStatus.Failed && (
          <div className={styles.row}>
            <label htmlFor={`${fieldId}-reason-field`}>Reason</label>
            <textarea
              id={`${fieldId}-reason-field`}
              className={styles.input}
              rows={3}
              value={form.reason}
              aria-invalid={!!errors.reason}
              aria-describedby={errors.reason ? `${fieldId}-reason` : undefined}
              onChange={(event) => setForm({ ...form, reason: event.target.value })}
            />
            {errors.reason && <span id={`${fieldId}-reason`} className={styles.error} role="alert">{errors.reason}</span>}
          </div>
        )}
        {updating.isError && <p className={styles.error} role="alert">{failureMessage(updating.error)}</p>}
        <FormModalFooter submitLabel="Update" onCancel={onClose} busy={updating.isLoading} />
      </form>
    </Modal>
  );
}
