import { ADMIN_REASON_MAX, ADMIN_REASON_MIN, type AdminOrderResponse } from '@jelly/contracts';
import { PROCESSING } from '@jelly/domain';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import styles from './Admin.module.css';

export type ReleaseTo = 'buyer' | 'seller';

export interface ResolveButtonsProps {
  resolve: AdminOrderResponse['resolve'];
  busy: ReleaseTo | null;
  /** `reason`: what both parties read on the deal page with the decision (trimmed, at least 3 characters). */
  onResolve: (releaseTo: ReleaseTo, reason: string) => void;
  /** Above the four-eyes amount: the resolution is a request that a second admin decides. */
  needsSecondAdmin?: boolean;
}

/**
 * The admin's reason for the parties (required), then 'Send to Buyer' / 'Send to Seller', enabled as the server
 * says and once a reason is written, with the server's reason when they are not.
 */
export function ResolveButtons({ resolve, busy, onResolve, needsSecondAdmin = false }: ResolveButtonsProps) {
  const reasons = [...new Set([resolve.toBuyer, resolve.toSeller].filter((r) => !r.enabled && r.reason).map((r) => r.reason))];
  const [note, setNote] = useState('');
  const noteId = useId();
  const hintId = useId();
  const open = resolve.toBuyer.enabled || resolve.toSeller.enabled;
  const reasonMissing = note.trim().length < ADMIN_REASON_MIN;
  return (
    <div className={styles.resolve}>
      {open && (
        <label className={styles.resolveNote} htmlFor={noteId}>
          <span>Reason (both parties read it on the deal page)</span>
          <textarea
            id={noteId}
            rows={3}
            required
            minLength={ADMIN_REASON_MIN}
            maxLength={ADMIN_REASON_MAX}
            aria-describedby={hintId}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <small id={hintId}>
            {reasonMissing ? `Write a reason of at least ${ADMIN_REASON_MIN} characters to resolve.` : `${note.trim().length}/${ADMIN_REASON_MAX}`}
            {needsSecondAdmin && ' Above the four-eyes amount: a second admin must approve.'}
          </small>
        </label>
      )}
      <div className={styles.resolveButtons} role="group" aria-label="Resolve">
        <Button variant="primary" disabled={!resolve.toBuyer.enabled || busy !== null || reasonMissing} onClick={() => onResolve('buyer', note.trim())}>
          {busy === 'buyer' ? PROCESSING : 'Send to Buyer'}
        </Button>
        <Button variant="warning" disabled={!resolve.toSeller.enabled || busy !== null || reasonMissing} onClick={() => onResolve('seller', note.trim())}>
          {busy === 'seller' ? PROCESSING : 'Send to Seller'}
        </Button>
      </div>
      {reasons.map((reason) => (
        <p key={reason} className={styles.reason} data-testid="resolve-disabled-reason">
          {reason}
        </p>
      ))}
    </div>
  );
}
