import { ADMIN_REASON_MAX, ADMIN_REASON_MIN, type ResolveApproval } from '@jelly/contracts';
import { PROCESSING, RESOLVE_FAILED, RESOLVE_SUBMITTED, shortenWallet } from '@jelly/domain';
import { useId, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Button } from '../../../../components/ui/Button.tsx';
import { showToast } from '../../../../lib/toasts/toastsSlice.ts';
import { refusalText } from '../../actions/refusalText.ts';
import { useDecideResolutionMutation } from '../../api/adminDisputesApi.ts';
import styles from './Dossier.module.css';
import { formatLocalDateTime } from '../../../../lib/time/formatLocalDateTime.ts';

export const RESOLUTION_REJECTED = 'Resolution request rejected';

/**
 * A resolution above the four-eyes amount: the requesting admin sees it waiting; any other admin approves it (the
 * server then executes it) or rejects it with a reason.
 */
export function FourEyesPanel({ approval, myWallet }: { approval: ResolveApproval; myWallet: string | null }) {
  const dispatch = useDispatch();
  const [decide, { isLoading }] = useDecideResolutionMutation();
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const mine = approval.requestedBy === myWallet;
  const target = approval.releaseTo === 'buyer' ? 'the buyer' : 'the seller';

  const run = async (decision: 'approve' | 'reject') => {
    try {
      await decide({ orderId: approval.orderId, approvalId: approval.id, decision, ...(decision === 'reject' ? { reason: reason.trim() } : {}) }).unwrap();
      dispatch(decision === 'approve' ? showToast.success(RESOLVE_SUBMITTED) : showToast.info(RESOLUTION_REJECTED));
    } catch (error) {
      dispatch(showToast.error(refusalText(error, RESOLVE_FAILED)));
    }
  };

  return (
    <section className={`${styles.section} ${styles.fourEyes}`} aria-label="Four-eyes approval">
      <h2>Awaiting a second admin</h2>
      <p>
        <span className={styles.mono} title={approval.requestedBy}>
          {mine ? 'You' : shortenWallet(approval.requestedBy)}
        </span>{' '}
        asked to send the tokens to {target} on {formatLocalDateTime(approval.requestedAt)}: “{approval.reason}”
      </p>
      {mine ? (
        <p className={styles.muted}>Another admin must approve it before it runs.</p>
      ) : (
        <>
          <label htmlFor={reasonId}>Note (required to reject)</label>
          <textarea id={reasonId} rows={2} maxLength={ADMIN_REASON_MAX} value={reason} onChange={(event) => setReason(event.target.value)} />
          <div className={styles.parties}>
            <Button disabled={isLoading} onClick={() => void run('approve')}>
              {isLoading ? PROCESSING : `Approve: send to ${target}`}
            </Button>
            <Button variant="secondary" disabled={isLoading || reason.trim().length < ADMIN_REASON_MIN} onClick={() => void run('reject')}>
              Reject
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
