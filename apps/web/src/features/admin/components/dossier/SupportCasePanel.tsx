import { ADMIN_REASON_MAX, ADMIN_REASON_MIN, type SupportCase } from '@jelly/contracts';
import { PROCESSING, shortenWallet } from '@jelly/domain';
import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/Button.tsx';
import { apiErrorMessage } from '../../../../lib/api/apiError.ts';
import { formatLocalDateTime } from '../../../../lib/time/formatLocalDateTime.ts';
import { useCloseSupportCaseMutation } from '../../api/adminDisputesApi.ts';
import page from '../Admin.module.css';
import styles from './Dossier.module.css';

export const CLOSE_CASE_FAILED = 'The case could not be closed. Try again in a moment.';

/**
 * A support case on the ended deal: the requester's words, and while it is open, closing it with a reason both
 * parties read on the deal page (the server audits the act and notifies them).
 */
export function SupportCasePanel({ orderId, supportCase }: { orderId: number; supportCase: SupportCase }) {
  const [close, { isLoading }] = useCloseSupportCaseMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const written = reason.trim();
  const tooShort = written.length < ADMIN_REASON_MIN;

  const submit = async () => {
    setError(null);
    try {
      await close({ orderId, reason: written }).unwrap();
      setReason('');
    } catch (failure) {
      setError(apiErrorMessage(failure, CLOSE_CASE_FAILED));
    }
  };

  return (
    <section className={styles.section} aria-label="Support case" data-testid="admin-support-case" data-state={supportCase.state}>
      <h2>Support case · {supportCase.state}</h2>
      <p>
        Opened by <span title={supportCase.openedBy}>{shortenWallet(supportCase.openedBy)}</span> on {formatLocalDateTime(supportCase.openedAt)}
      </p>
      <p className={styles.banner}>“{supportCase.message ?? 'No words given.'}”</p>
      {supportCase.state === 'closed' ? (
        <p className={styles.muted}>
          Closed {formatLocalDateTime(supportCase.closedAt ?? undefined)}: “{supportCase.closeReason}”
        </p>
      ) : (
        <div className={page.resolve}>
          <label className={page.resolveNote} htmlFor={reasonId}>
            <span>Reason for closing (both parties read it on the deal page)</span>
            <textarea id={reasonId} rows={3} minLength={ADMIN_REASON_MIN} maxLength={ADMIN_REASON_MAX} value={reason} onChange={(event) => setReason(event.target.value)} />
            <small>{tooShort ? `Write a reason of at least ${ADMIN_REASON_MIN} characters.` : `${written.length}/${ADMIN_REASON_MAX}`}</small>
          </label>
          <Button variant="primary" disabled={tooShort || isLoading} onClick={() => void submit()}>
            {isLoading ? PROCESSING : 'Close case'}
          </Button>
          {error && (
            <p className={page.reason} role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
